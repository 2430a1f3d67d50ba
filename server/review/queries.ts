/**
 * Reads for task review: the queue of tasks awaiting confirmation and one task's review (what the
 * tasker sent). Read-only; the decision goes through the staff accept/reject routes.
 *
 * Times: `finishedAt` is the tasker's recorded completion time (tasks.end_time); `deliveredAt` is
 * when the server received the completion (task_completions.created_at, else the
 * finalization time it set); a task is late when it was delivered after its window ended.
 */
import { sql, type RawBuilder } from 'kysely';
import { localizedSql } from '../catalog/localize';
import type { Db } from '../db/database';
import { execDb } from '../execution/tables';
import { notFound } from '../http/errors';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { distanceMeters } from '#domain/geo';
import type { Static } from '#contracts/api/common';
import type { ReviewQueueItemSchema, TaskReviewSchema } from '#contracts/api/staffReview';
import { compareScans } from './scans';

export type ReviewQueueItem = Static<typeof ReviewQueueItemSchema>;
export type TaskReview = Static<typeof TaskReviewSchema>;

export const taskNotFound = () => notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);

export interface QueueFilter {
  /** Only these markets; empty: every market. */
  countries: readonly string[];
  retailerId?: string;
  placeId?: string;
  taskTypeId?: string;
  late?: boolean;
  limit: number;
  after?: { at: string; id: string };
}

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : iso(d));

/** The order of the queue: the recorded finish, else the delivery, else the window end. */
const FINISHED: RawBuilder<Date> = sql<Date>`coalesce(t.end_time, t.finalization_time, t.time_window_end)`;
const DELIVERED: RawBuilder<Date | null> = sql<Date | null>`coalesce(tc.created_at, t.finalization_time)`;

function taskerRef(row: { tasker_id: string | null; first_name: string | null; middle_name: string | null; last_name: string | null; email: string | null }) {
  if (!row.tasker_id) return null;
  const name = [row.first_name, row.middle_name, row.last_name].filter((p) => p && p.trim() !== '').join(' ');
  return { id: row.tasker_id, name: name || (row.email ?? ''), email: row.email ?? '' };
}

/** A page cursor: the last row's order key. */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The order key of a cursor, or null when it is not one this server wrote. */
export function decodeCursor(cursor: string): { at: string; id: string } | null {
  if (cursor.length > 500) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || id.length > 200) return null;
    // Only the ISO form this server writes: other strings Date.parse accepts ('2026', a
    // Date.toString()) are not timestamps PostgreSQL reads.
    const time = Date.parse(at);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(at) || Number.isNaN(time)) return null;
    return { at: new Date(time).toISOString(), id };
  } catch {
    return null;
  }
}

function baseTaskQuery(db: Db) {
  return execDb(db)
    .selectFrom('tasks as t')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
    .innerJoin('task_types as tt', 'tt.id', 't.task_type_id')
    .leftJoin('users as u', 'u.id', 't.tasker_id')
    .leftJoin('task_completions as tc', 'tc.task_id', 't.id');
}

const PLACE_COLUMNS = ['p.id as place_id', 'p.title as place_title', 'p.address as place_address', 'p.city as place_city', 'p.latitude', 'p.longitude', 'r.id as retailer_id', 'r.name as retailer_name'] as const;
const TASKER_COLUMNS = ['t.tasker_id', 'u.first_name', 'u.middle_name', 'u.last_name', 'u.email'] as const;

function placeRef(row: { place_id: string; place_title: string; place_address: string; place_city: string; latitude: number; longitude: number; retailer_id: string; retailer_name: string }) {
  return {
    id: row.place_id,
    title: row.place_title,
    address: row.place_address,
    city: row.place_city,
    retailer: { id: row.retailer_id, name: row.retailer_name },
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}

const OUTCOMES = ['complete', 'incomplete', 'blocked'] as const;
const asOutcome = (value: string | null) => (OUTCOMES as readonly string[]).includes(value ?? '') ? (value as (typeof OUTCOMES)[number]) : null;

/** The queue's rows matching the filters (no cursor, no columns yet). */
function filteredQueue(db: Db, filter: QueueFilter) {
  let q = baseTaskQuery(db).where('t.status', '=', 'awaiting_confirmation');
  if (filter.countries.length > 0) q = q.where('t.country_code', 'in', [...filter.countries]);
  if (filter.retailerId) q = q.where('p.retailer_id', '=', filter.retailerId);
  if (filter.placeId) q = q.where('t.place_id', '=', filter.placeId);
  if (filter.taskTypeId) q = q.where('t.task_type_id', '=', filter.taskTypeId);
  if (filter.late === true) q = q.where(sql<boolean>`${DELIVERED} > t.time_window_end`);
  if (filter.late === false) q = q.where(sql<boolean>`coalesce(${DELIVERED} <= t.time_window_end, true)`);
  return q;
}

/** One page of the queue, oldest finished first, the cursor of the next page (null: none) and how many match in all. */
export async function reviewQueue(db: Db, filter: QueueFilter, locale: string = 'en'): Promise<{ data: ReviewQueueItem[]; nextCursor: string | null; total: number }> {
  let q = filteredQueue(db, filter).select([
    't.id',
    't.title',
    't.task_type_id',
    // The type's name in the reader's language (the console's), else English.
    localizedSql('tt.translations', 'title', 'tt.title', sql`${locale}::text`).as('task_type_title'),
    't.country_code',
    't.end_time',
    't.time_window_end',
    't.reward',
    't.currency_code',
    'tc.outcome',
    ...PLACE_COLUMNS,
    ...TASKER_COLUMNS,
    FINISHED.as('finished_key'),
    DELIVERED.as('delivered_at'),
    sql<number>`(select count(*) from photos ph where ph.task_id = t.id)::int`.as('photo_count'),
    sql<number>`(select count(*) from scanned_items si where si.task_id = t.id)::int`.as('scan_count'),
    sql<number>`(select count(*) from task_defects td where td.task_id = t.id and td.checked)::int`.as('defect_count'),
  ]);
  if (filter.after) q = q.where(sql<boolean>`(${FINISHED}, t.id) > (${filter.after.at}::timestamptz, ${filter.after.id})`);
  const [rows, counted] = await Promise.all([
    q.orderBy(FINISHED).orderBy('t.id').limit(filter.limit + 1).execute(),
    filteredQueue(db, filter).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const page = rows.slice(0, filter.limit);
  const data = page.map((row): ReviewQueueItem => {
    const delivered = isoOrNull(row.delivered_at);
    return {
      id: row.id,
      title: row.title,
      taskType: { id: row.task_type_id, title: row.task_type_title },
      place: placeRef(row),
      country: row.country_code as ReviewQueueItem['country'],
      tasker: taskerRef(row),
      finishedAt: isoOrNull(row.end_time),
      deliveredAt: delivered,
      timeWindowEnd: iso(row.time_window_end),
      late: delivered !== null && Date.parse(delivered) > new Date(row.time_window_end).getTime(),
      outcome: asOutcome(row.outcome),
      reward: row.reward,
      currencyCode: row.currency_code as ReviewQueueItem['currencyCode'],
      counts: { photos: row.photo_count, scans: row.scan_count, defects: row.defect_count },
    };
  });
  const last = page[page.length - 1];
  return { data, nextCursor: rows.length > filter.limit && last ? encodeCursor(iso(last.finished_key), last.id) : null, total: counted.n };
}

/** Everything the tasker sent for one task; 404 when there is no such task. `photoUrl` signs a photo's read link. */
export async function taskReview(db: Db, taskId: string, photoUrl: (photoId: string) => string, locale: string = 'en'): Promise<TaskReview> {
  const row = await baseTaskQuery(db)
    .where('t.id', '=', taskId)
    .select([
      't.id',
      't.status',
      't.title',
      't.task_type_id',
      // The type's name in the reader's language (the console's), else English.
    localizedSql('tt.translations', 'title', 'tt.title', sql`${locale}::text`).as('task_type_title'),
      't.country_code',
      't.time_window_start',
      't.time_window_end',
      't.descriptive_comment',
      't.start_time',
      't.start_received_at',
      't.start_latitude',
      't.start_longitude',
      't.end_time',
      't.finalization_time',
      't.tasker_comment',
      't.result_comment',
      't.done_checklist_item_ids',
      't.reward',
      't.base_reward',
      't.bonus_reward',
      't.reduced_reward',
      't.currency_code',
      'tc.outcome',
      'tc.reason',
      'tc.policy_agreed',
      'tc.blocker_ids',
      DELIVERED.as('delivered_at'),
      ...PLACE_COLUMNS,
      ...TASKER_COLUMNS,
    ])
    .executeTakeFirst();
  if (!row) throw taskNotFound();
  const edb = execDb(db);

  const [photos, checklist, listed, scans, defects, decision, earlier] = await Promise.all([
    edb.selectFrom('photos').select(['id', 'comment', 'tags', 'uploaded_at', 'created_at']).where('task_id', '=', taskId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('checklist_items').select(['id', 'position', 'type', 'title', 'description', 'is_optional']).where('task_id', '=', taskId).orderBy('position').orderBy('id').execute(),
    // expected_facings is read through to_jsonb so the review works with or without that column.
    sql<{ ean: string; name: string; brand: string; expected_facings: number | null }>`
      select pr.ean, pr.name, pr.brand, (to_jsonb(tp) ->> 'expected_facings')::int as expected_facings
      from task_products tp join products pr on pr.id = tp.product_id
      where tp.task_id = ${taskId}
      order by pr.name, pr.ean`.execute(db),
    edb.selectFrom('scanned_items').select(['id', 'ean', 'facings', 'scanned_at']).where('task_id', '=', taskId).orderBy('position').orderBy('scanned_at').orderBy('id').execute(),
    db
      .selectFrom('task_defects as td')
      .innerJoin('defects as d', 'd.id', 'td.defect_id')
      .select(['d.id', 'd.name', 'd.type'])
      .where('td.task_id', '=', taskId)
      .where('td.checked', '=', true)
      .orderBy('d.type')
      .orderBy('d.name')
      .execute(),
    db
      .selectFrom('staff_audit')
      .select(['actor', 'created_at'])
      .where('entity', '=', 'task')
      .where('entity_id', '=', taskId)
      .where('action', 'in', ['task.accept', 'task.reject'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    baseTaskQuery(db)
      .where('t.place_id', '=', row.place_id)
      .where('t.id', '!=', taskId)
      .where('t.end_time', 'is not', null)
      .where('t.status', 'in', ['awaiting_confirmation', 'accepted', 'rejected', 'expired'])
      .select(['t.id', 't.title', 't.status', 't.end_time', ...TASKER_COLUMNS, sql<number>`(select count(*) from photos ph where ph.task_id = t.id)::int`.as('photo_count')])
      .orderBy('t.end_time', 'desc')
      .orderBy('t.id', 'desc')
      .limit(5)
      .execute(),
  ]);

  const blockerIds = Array.isArray(row.blocker_ids) ? row.blocker_ids.filter((id): id is string => typeof id === 'string') : [];
  const blockers =
    blockerIds.length === 0 ? [] : await db.selectFrom('defects').select(['id', 'name', 'type']).where('id', 'in', blockerIds).orderBy('name').execute();
  const done = new Set(Array.isArray(row.done_checklist_item_ids) ? row.done_checklist_item_ids : []);
  const compared = compareScans(
    listed.rows.map((p) => ({ ean: p.ean, name: p.name, brand: p.brand, expectedFacings: p.expected_facings })),
    scans.map((s) => ({ ean: s.ean, facings: s.facings })),
  );
  const knownUnexpected = compared.unexpected.length === 0 ? [] : await db.selectFrom('products').select(['ean', 'name']).where('ean', 'in', compared.unexpected.map((u) => u.ean)).execute();
  const productName = new Map(knownUnexpected.map((p) => [p.ean, p.name]));

  const place = placeRef(row);
  const hasStart = row.start_latitude !== null && row.start_longitude !== null;
  const delivered = isoOrNull(row.delivered_at);
  const status = row.status as TaskReview['status'];
  const defectType = (type: string) => (type === 'task_blocker' ? 'task_blocker' : 'regular') as 'regular' | 'task_blocker';
  const outcome = asOutcome(row.outcome);
  return {
    id: row.id,
    status,
    title: row.title,
    taskType: { id: row.task_type_id, title: row.task_type_title },
    place,
    country: row.country_code as TaskReview['country'],
    tasker: taskerRef(row),
    timeWindowStart: iso(row.time_window_start),
    timeWindowEnd: iso(row.time_window_end),
    descriptiveComment: row.descriptive_comment,
    start: {
      at: isoOrNull(row.start_time),
      receivedAt: isoOrNull(row.start_received_at),
      latitude: row.start_latitude,
      longitude: row.start_longitude,
      distanceMeters: hasStart
        ? Math.round(distanceMeters({ latitude: row.start_latitude as number, longitude: row.start_longitude as number }, { latitude: place.latitude, longitude: place.longitude }))
        : null,
    },
    finishedAt: isoOrNull(row.end_time),
    deliveredAt: delivered,
    late: delivered !== null && Date.parse(delivered) > new Date(row.time_window_end).getTime(),
    completion: outcome
      ? { outcome, reason: row.reason ?? null, policyAgreed: row.policy_agreed ?? false, taskerComment: row.tasker_comment }
      : null,
    photos: photos.map((p) => ({
      id: p.id,
      url: p.uploaded_at ? photoUrl(p.id) : null,
      comment: p.comment,
      tags: (Array.isArray(p.tags) ? p.tags : []) as TaskReview['photos'][number]['tags'],
      createdAt: iso(p.created_at),
    })),
    checklist: checklist.map((c) => ({
      id: c.id,
      position: c.position,
      type: c.type as TaskReview['checklist'][number]['type'],
      title: c.title,
      description: c.description,
      isOptional: c.is_optional,
      done: done.has(c.id),
    })),
    products: compared.listed,
    unexpected: compared.unexpected.map((u) => ({ ...u, name: productName.get(u.ean) ?? null })),
    scans: scans.map((s) => ({ id: s.id, ean: s.ean, facings: s.facings, scannedAt: iso(s.scanned_at) })),
    defects: defects.filter((d) => d.type !== 'task_blocker').map((d) => ({ id: d.id, name: d.name, type: defectType(d.type) })),
    blockers: [...defects.filter((d) => d.type === 'task_blocker'), ...blockers.filter((b) => !defects.some((d) => d.id === b.id))].map((d) => ({ id: d.id, name: d.name, type: defectType(d.type) })),
    money: {
      currencyCode: row.currency_code as TaskReview['money']['currencyCode'],
      reward: row.reward,
      baseReward: row.base_reward,
      bonusReward: row.bonus_reward,
      reducedReward: row.reduced_reward,
    },
    outcome:
      status === 'accepted' || status === 'rejected'
        ? { status, resultComment: row.result_comment, decidedAt: isoOrNull(row.finalization_time), decidedBy: decision?.actor ?? null }
        : null,
    earlier: earlier.map((e) => ({
      id: e.id,
      title: e.title,
      status: e.status as TaskReview['status'],
      finishedAt: isoOrNull(e.end_time),
      tasker: taskerRef(e),
      photos: e.photo_count,
    })),
  };
}
