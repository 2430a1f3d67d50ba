/**
 * A task's products and its defects: the global defect list and a task's applicable list in the
 * market's language, and the checked set written by difference (deferred inside a batch segment).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import type { Defect, DefectType, Product } from '#domain/types';
import { localizedSql, marketLocaleSql } from '../catalog/localize';
import { deferredWrites } from '../db/segment';
import { fullWrites, lockWritable, memoOf, type Writer } from './service';

export async function listProducts(db: Db, taskId: string): Promise<Product[]> {
  const rows = await db
    .selectFrom('task_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select(['p.name', 'p.ean', 'p.brand'])
    .where('tp.task_id', '=', taskId)
    .orderBy('p.brand')
    .orderBy('p.name')
    .orderBy('p.ean')
    .execute();
  return rows.map((r) => ({ name: r.name, ean: r.ean, brand: r.brand, image: null }));
}

/** Every defect, named in the market's language (`countryCode`: the viewer's or the task's; server/catalog/localize.ts). */
export async function listGlobalDefects(db: Db, countryCode: string | null): Promise<Defect[]> {
  const name = localizedSql('d.translations', 'name', 'd.name', marketLocaleSql(countryCode));
  const rows = await db.selectFrom('defects as d').select(['d.id', name.as('name'), 'd.type']).orderBy('d.type').orderBy('name').orderBy('d.id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type as DefectType }));
}

/**
 * The defects applicable to a task: its own task_defects rows (seeded for defect tasks); a task
 * without rows whose checklist has a defects-type item (e.g. created by staff) gets the global
 * list, unchecked; any other task has none.
 */
export async function listTaskDefects(db: Db, taskId: string): Promise<Defect[]> {
  return (await applicableDefects(db, taskId)).list;
}

/** listTaskDefects, and whether the list is the task's own rows (`stored`) or the global fallback. */
async function applicableDefects(db: Db, taskId: string): Promise<{ list: Defect[]; stored: boolean }> {
  // Named in the task's market language (server/catalog/localize.ts); the ids stay.
  const name = localizedSql('d.translations', 'name', 'd.name', marketLocaleSql(sql`t.country_code`));
  const rows = await db
    .selectFrom('task_defects as td')
    .innerJoin('defects as d', 'd.id', 'td.defect_id')
    .innerJoin('tasks as t', 't.id', 'td.task_id')
    .select(['d.id', name.as('name'), 'd.type', 'td.checked'])
    .where('td.task_id', '=', taskId)
    .orderBy('d.type')
    .orderBy('name')
    .orderBy('d.id')
    .execute();
  if (rows.length > 0) return { list: rows.map((r) => ({ id: r.id, name: r.name, type: r.type as DefectType, checked: r.checked })), stored: true };
  const hasDefectItem = await db.selectFrom('checklist_items').select('id').where('task_id', '=', taskId).where('type', '=', 'defects').executeTakeFirst();
  if (!hasDefectItem) return { list: [], stored: false };
  const task = await db.selectFrom('tasks').select('country_code').where('id', '=', taskId).executeTakeFirst();
  return { list: (await listGlobalDefects(db, task?.country_code ?? null)).map((d) => ({ ...d, checked: false })), stored: false };
}

/**
 * Full replacement of the checked set (the answer: the whole applicable list); ids must be
 * applicable to the task. Written by difference: only the rows whose flag changes (one UPDATE, none
 * when nothing changes); a task without its own rows gets them all (materialised, as before).
 */
export async function setTaskDefects(trx: Db, writer: Writer, taskId: string, defectIds: string[]): Promise<{ data: Defect[] }> {
  await lockWritable(trx, writer, taskId);
  // In a batch segment the applicable list is read once, then kept with the flags this segment set.
  const memo = memoOf(trx);
  const defectsKey = `execution:defects:${taskId}`;
  const inDbKey = `execution:defects-db:${taskId}`;
  const memoised = memo?.get(defectsKey) as DefectsMemo | undefined;
  const { list: applicable, stored } = memoised ?? (await applicableDefects(trx, taskId));
  memo?.delete(defectsKey);
  const known = new Set(applicable.map((d) => d.id));
  if (defectIds.some((id) => !known.has(id))) throw badRequest({ defectIds: 'UNKNOWN_DEFECT' }, 'Some defects do not apply to this task');
  const wanted = new Set(defectIds);
  // A task with no applicable defects has nothing to write (an empty VALUES list is invalid SQL).
  if (applicable.length === 0) return { data: [] };
  const data = applicable.map((d) => ({ ...d, checked: wanted.has(d.id) }));
  const deferred = deferredWrites(trx);
  if (deferred && memo) {
    // In a batch segment the flags are written once, at the segment's flush (server/http/batch.ts):
    // the flags that differ from the database's (as read, or as the last flush left them).
    if (!memoised) memo.set(inDbKey, stored ? applicable : null);
    memo.set(defectsKey, { list: data, stored } satisfies DefectsMemo);
    deferred.set(`defects:${taskId}`, async (m) => {
      const now = m.get(defectsKey) as DefectsMemo | undefined;
      const inDb = m.get(inDbKey) as Defect[] | null | undefined;
      if (!now || inDb === undefined) throw new Error('deferred defects without their memo');
      await writeDefectFlags(trx, taskId, inDb, now.list);
      m.set(inDbKey, now.list);
      m.set(defectsKey, { list: now.list, stored: true } satisfies DefectsMemo);
    });
    return { data };
  }
  // Only the flags that change (the old full write, and a task without rows of its own: the list materialised).
  const full = !stored || fullWrites();
  await writeDefectFlags(trx, taskId, full ? null : applicable, data);
  if (!full) memo?.set(defectsKey, { list: data, stored: true } satisfies DefectsMemo);
  return { data };
}

/** The applicable defects kept in a batch segment's memo; `stored`: the task has its own rows. */
interface DefectsMemo {
  list: Defect[];
  stored: boolean;
}

/**
 * Writes a task's defect flags: `inDb` = the task's rows as the database has them (then only the
 * flags that differ are flipped, one UPDATE, none when nothing changes), or null = the task has no
 * rows of its own yet (the list is materialised, every flag set).
 */
async function writeDefectFlags(trx: Db, taskId: string, inDb: Defect[] | null, list: Defect[]): Promise<void> {
  if (inDb) {
    const was = new Map(inDb.map((d) => [d.id, d.checked]));
    const flipped = list.filter((d) => was.get(d.id) !== d.checked).map((d) => d.id);
    if (flipped.length > 0) {
      await trx.updateTable('task_defects').set({ checked: sql<boolean>`not checked` }).where('task_id', '=', taskId).where('defect_id', 'in', flipped).execute();
    }
    return;
  }
  await trx
    .insertInto('task_defects')
    .values(list.map((d) => ({ task_id: taskId, defect_id: d.id, checked: d.checked === true })))
    .onConflict((oc) => oc.columns(['task_id', 'defect_id']).doUpdateSet({ checked: sql<boolean>`excluded.checked` }))
    .execute();
}
