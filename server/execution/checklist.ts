/** The task's checklist: its items with their done flags, and the done list set whole (last state wins). */
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import type { ChecklistItem, PhotoTag } from '#domain/types';
import { deferredWrites } from '../db/segment';
import { lockWritable, memoOf, taskMemoKey, type OwnTask, type Writer } from './service';

const META_STRING_KEYS = ['buttonTitle', 'doneTitle', 'ctaTitle', 'titleOverride', 'target'] as const;

function toMetadata(raw: unknown): ChecklistItem['metadata'] {
  const m = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: ChecklistItem['metadata'] = {};
  if (Array.isArray(m.tags)) out.tags = m.tags.filter((t): t is PhotoTag => typeof t === 'string');
  for (const key of META_STRING_KEYS) if (typeof m[key] === 'string') out[key] = m[key];
  if (typeof m.isAutoToggle === 'boolean') out.isAutoToggle = m.isAutoToggle;
  return out;
}

export async function listChecklistItems(db: Db, task: OwnTask): Promise<ChecklistItem[]> {
  const rows = await db
    .selectFrom('checklist_items')
    .select(['id', 'type', 'title', 'description', 'is_optional', 'metadata'])
    .where('task_id', '=', task.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const done = new Set(task.done_checklist_item_ids);
  return rows.map((r) => ({
    id: r.id,
    type: r.type as ChecklistItem['type'],
    title: r.title,
    description: r.description,
    isDone: done.has(r.id),
    isOptional: r.is_optional,
    metadata: toMetadata(r.metadata),
  }));
}

/** Full replacement of the done list (last state wins); ids must be items of this task. */
export async function setDoneChecklistItems(trx: Db, writer: Writer, taskId: string, ids: string[]): Promise<{ doneChecklistItemIds: string[] }> {
  await lockWritable(trx, writer, taskId);
  // In a batch segment the task's item ids are read once (server/http/batch.ts, memo).
  const memo = memoOf(trx);
  const itemsKey = `execution:checklist:${taskId}`;
  const order =
    (memo?.get(itemsKey) as string[] | undefined) ??
    (await trx.selectFrom('checklist_items').select('id').where('task_id', '=', taskId).orderBy('position').orderBy('id').execute()).map((i) => i.id);
  memo?.set(itemsKey, order);
  const known = new Set(order);
  if (ids.some((id) => !known.has(id))) throw badRequest({ ids: 'UNKNOWN_ITEM' }, 'Some checklist items do not belong to this task');
  const wanted = new Set(ids);
  const done = order.filter((id) => wanted.has(id));
  const write = async () => {
    await trx.updateTable('tasks').set({ done_checklist_item_ids: JSON.stringify(done), updated_at: writer.clock.now() }).where('id', '=', taskId).execute();
  };
  // In a batch segment the write waits for the segment's flush (server/http/batch.ts): a later tick state replaces it.
  const deferred = deferredWrites(trx);
  if (deferred) deferred.set(`checklist:${taskId}`, write);
  else await write();
  const task = memo?.get(taskMemoKey(taskId)) as OwnTask | undefined;
  if (memo && task) memo.set(taskMemoKey(taskId), { ...task, done_checklist_item_ids: done });
  return { doneChecklistItemIds: done };
}
