/**
 * When a task pack is pulled: at once on demand (one pull per task at a time), and when due for a
 * reserved or in-progress task (missing, incomplete or > 10 min old) — after a reserve or a start,
 * and after every sync's pulls.
 */
import type { CommandResult } from '#contracts/sync';
import type { TaskStatus } from '#domain/types';
import type { FeatureContext } from './feature';
import { packDue, pullTaskPack, type PackContext } from './pack';
import { FAILED_PULL_RETRY_MS } from './pulls/base';

/** Statuses whose task pack is kept on the device. */
export const PACK_STATUSES: readonly TaskStatus[] = ['reserved', 'in_progress'];

export function packContext(ctx: FeatureContext): PackContext {
  return { db: ctx.db, session: ctx.session, now: ctx.now, apiBase: ctx.apiBase, images: ctx.imageCache };
}

/** Downloads the task pack (checklist, products, defects, scans, photos, images) into the mirror. */
export async function pullTaskPackNow(ctx: FeatureContext, taskId: string): Promise<CommandResult> {
  await ctx.ready;
  return ctx.once(`pack:${taskId}`, () => pullTaskPack(packContext(ctx), taskId));
}

/** Pulls the pack of a reserved / in-progress task when it is missing, incomplete or > 10 min old. */
export async function pullPackIfDue(ctx: FeatureContext, taskId: string, eager = true, force = false): Promise<void> {
  const task = await ctx.db.tasks.get(taskId);
  if (!task || !PACK_STATUSES.includes(task.status)) return;
  if (!force && !(await packDue(ctx.db, taskId, ctx.now(), eager, FAILED_PULL_RETRY_MS))) return;
  const result = await pullTaskPackNow(ctx, taskId);
  if (!result.ok && result.error.code !== 'NETWORK') ctx.warn(`task pack ${taskId}: ${result.error.code}`);
}
