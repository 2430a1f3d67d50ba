/**
 * Network commands (login, send code, register, task detail load) raise 'It takes longer than
 * usual, please wait' when they are still running after 5 s (spec section 8). Usable from any
 * screen: `await trackSlow(getSyncApi().refreshTask(id))`.
 */
import { msg } from '@lingui/core/macro';
import { dismissToast, showToast } from '../ui/toastStore';

export const SLOW_COMMAND_MS = 5000;
const SLOW_TOAST_ID = 'slow-command';
let running = 0;

// Generic over the promise type: Comlink's Remote<> types a union result as a union of promises.
export async function trackSlow<P extends PromiseLike<unknown>>(command: P): Promise<Awaited<P>> {
  running += 1;
  const timer = setTimeout(() => {
    showToast({ id: SLOW_TOAST_ID, kind: 'info', message: msg`It takes longer than usual, please wait`, durationMs: null });
  }, SLOW_COMMAND_MS);
  try {
    return await command;
  } finally {
    clearTimeout(timer);
    running -= 1;
    // Several commands may overlap; the notice goes when the last one settles.
    if (running === 0) dismissToast(SLOW_TOAST_ID);
  }
}
