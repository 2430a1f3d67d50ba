/**
 * Work a route starts after its answer went out (e.g. mailing a stored support message: the
 * tasker's request must not wait for SMTP). Each piece is tracked per app context so that closing
 * the server waits for it (no mail cut off at shutdown) and tests can wait for it before looking
 * at what it changed. Failures are logged, never thrown: the work is a best effort that a later
 * sweep repeats.
 */
import type { AppContext } from '../context';

const pendingByContext = new WeakMap<AppContext, Set<Promise<void>>>();

export function runAfterResponse(ctx: AppContext, work: () => Promise<void>, log: (line: string, error?: unknown) => void): void {
  let pending = pendingByContext.get(ctx);
  if (!pending) pendingByContext.set(ctx, (pending = new Set()));
  const set = pending;
  const running: Promise<void> = work()
    .catch((error: unknown) => log('work after the response failed', error))
    .finally(() => set.delete(running));
  set.add(running);
}

/** Resolves when every piece started so far (and any it started meanwhile) has finished. */
export async function afterResponseIdle(ctx: AppContext): Promise<void> {
  const pending = pendingByContext.get(ctx);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}
