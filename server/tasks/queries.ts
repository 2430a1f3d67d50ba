/**
 * SQL for tasks: the visible-task filter, paged lists with keyset cursors, one task, places with
 * task counts, the viewer's row and the reservation limit. Every list is two queries (tasks with
 * place, retailer, task type and country joined; then the trainings of the task types on the
 * page): no N+1. What changed in a list since a snapshot is in listChanges.ts.
 */
import { sql, type Expression, type SqlBool, type RawBuilder } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CountriesTable, PlacesTable, TasksTable, UsersTable } from '../db/schema';
import type { Coordinates, TaskOrderBy, TaskStatus } from '#domain/types';
import { PLACE_COLUMNS, referenceCache, type PlaceRef, type TaskTypeRef } from './reference-cache';
import type { TaskTypeTrainingRow } from './rows';
import { localizedSql } from '../catalog/localize';
import { containsPattern } from '../http/input';

export type { TaskTypeTrainingRow } from './rows';

/** Who is looking, with what the visibility and isReservable rules need. */
export interface Viewer {
  id: string;
  countryCode: string | null;
  status: string;
  isApproved: boolean;
  canSeeTasks: boolean;
  doneTrainingIds: Set<string>;
  reservationUsed: number;
  reservationLimit: number;
}

export interface TaskFilters {
  statuses?: TaskStatus[];
  search?: string;
  isReservable?: boolean;
  isStartable?: boolean;
  placeId?: string;
  trainingId?: string;
  hasOutstandingDispute?: boolean;
  /** Leave one task out (suggestions list the other tasks at a place). */
  excludeTaskId?: string;
  /** Only these tasks (delta lists: the ids readListChanges found changed). */
  ids?: string[];
}

/** The task columns of every task row (list and detail), written once for both queries. */
const TASK_COLUMNS = [
  'id',
  'status',
  'published',
  'tasker_id',
  'task_type_id',
  'title',
  'image',
  'payment_id',
  'time_window_start',
  'time_window_end',
  'start_time',
  'end_time',
  'finalization_time',
  'expected_duration',
  'currency_code',
  'early_cancel_deadline',
  'late_cancel_deadline',
  'result_comment',
  'tasker_comment',
  'descriptive_comment',
  'letter_of_authority_url',
  'target_product_photos',
  'done_checklist_item_ids',
  'has_outstanding_dispute',
  'updated_at',
  'reserved_at',
] as const satisfies readonly (keyof TasksTable)[];
const T_TASK_COLUMNS = TASK_COLUMNS.map((column) => `t.${column}` as const);

/** The amounts as exact decimal strings (numeric to text, never through a float). */
const REWARD_COLUMNS = [
  sql<string>`t.reward::text`.as('reward'),
  sql<string>`t.base_reward::text`.as('base_reward'),
  sql<string | null>`t.bonus_reward::text`.as('bonus_reward'),
  sql<string | null>`t.reduced_reward::text`.as('reduced_reward'),
];

/** A task row as the list query selects it; place, retailer and task type columns as the reference cache holds them. */
export interface TaskRow
  extends Pick<Selectable<TasksTable>, (typeof TASK_COLUMNS)[number] | 'reward' | 'base_reward' | 'bonus_reward' | 'reduced_reward'>,
    Pick<Selectable<CountriesTable>, 'currency_symbol'>,
    PlaceRef,
    TaskTypeRef {
  sort_value: Date | number | string | null;
  /** The task's market (listTasks only): its currency symbol and language came from the reference cache. */
  country_code?: string;
}

/** Haversine distance in metres from a position to the place `p` (same formula as src/domain/geo.ts). */
export function distanceSql(position: Coordinates): RawBuilder<number> {
  return sql<number>`(12742017.6 * asin(least(1, sqrt(
    power(sin(radians(p.latitude - ${position.latitude}::float8) / 2), 2)
    + cos(radians(${position.latitude}::float8)) * cos(radians(p.latitude))
      * power(sin(radians(p.longitude - ${position.longitude}::float8) / 2), 2)))))`;
}

/** Tasks the viewer may see: their own, plus published available ones in their country if they can see tasks. */
export function visibleSql(viewer: Viewer): RawBuilder<SqlBool> {
  if (viewer.canSeeTasks && viewer.countryCode) {
    return sql<SqlBool>`(t.tasker_id = ${viewer.id} or (t.status = 'available' and t.published and t.country_code = ${viewer.countryCode}))`;
  }
  return sql<SqlBool>`t.tasker_id = ${viewer.id}`;
}

/** The isReservable rule in SQL (mirrors isReservableFor in map.ts). */
function reservableSql(viewer: Viewer): RawBuilder<SqlBool> {
  if (!viewer.isApproved) return sql<SqlBool>`false`;
  const free = viewer.reservationLimit - viewer.reservationUsed;
  return sql<SqlBool>`(t.status = 'available' and t.published
    and t.expected_duration <= ${free}::int
    and not exists (
      select 1 from task_type_trainings ttt join trainings tr on tr.id = ttt.training_id
      where ttt.task_type_id = t.task_type_id
        and (not tr.enabled or not exists (
          select 1 from user_trainings ut where ut.user_id = ${viewer.id} and ut.training_id = ttt.training_id))))`;
}

function startableSql(viewer: Viewer, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`(t.status = 'reserved' and t.tasker_id = ${viewer.id}
    and t.time_window_start <= ${now}::timestamptz and t.time_window_end > ${now}::timestamptz)`;
}


export function filterSql(viewer: Viewer, filters: TaskFilters, now: Date): RawBuilder<SqlBool>[] {
  const where: RawBuilder<SqlBool>[] = [visibleSql(viewer)];
  if (filters.statuses && filters.statuses.length > 0) where.push(sql<SqlBool>`t.status in (${sql.join(filters.statuses)})`);
  if (filters.search) {
    const like = containsPattern(filters.search);
    where.push(
      sql<SqlBool>`(t.title ilike ${like} or p.title ilike ${like} or p.address ilike ${like} or p.city ilike ${like} or r.name ilike ${like})`,
    );
  }
  if (filters.isReservable !== undefined) {
    where.push(filters.isReservable ? reservableSql(viewer) : sql<SqlBool>`not ${reservableSql(viewer)}`);
  }
  if (filters.isStartable !== undefined) {
    where.push(filters.isStartable ? startableSql(viewer, now) : sql<SqlBool>`not ${startableSql(viewer, now)}`);
  }
  if (filters.placeId) where.push(sql<SqlBool>`t.place_id = ${filters.placeId}`);
  if (filters.trainingId) {
    where.push(sql<SqlBool>`exists (select 1 from task_type_trainings f where f.task_type_id = t.task_type_id and f.training_id = ${filters.trainingId})`);
  }
  if (filters.hasOutstandingDispute !== undefined) where.push(sql<SqlBool>`t.has_outstanding_dispute = ${filters.hasOutstandingDispute}`);
  if (filters.excludeTaskId) where.push(sql<SqlBool>`t.id <> ${filters.excludeTaskId}`);
  if (filters.ids) where.push(filters.ids.length > 0 ? sql<SqlBool>`t.id in (${sql.join(filters.ids)})` : sql<SqlBool>`false`);
  return where;
}

interface OrderSpec {
  expr: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
  kind: 'time' | 'number';
}

export function orderSpec(orderBy: TaskOrderBy, position: Coordinates | null): OrderSpec {
  switch (orderBy) {
    case '-end_time':
      return { expr: sql`coalesce(t.end_time, t.time_window_end)`, direction: 'desc', kind: 'time' };
    case '-start_time':
      return { expr: sql`coalesce(t.start_time, t.time_window_start)`, direction: 'desc', kind: 'time' };
    case 'time_window_end':
      return { expr: sql`t.time_window_end`, direction: 'asc', kind: 'time' };
    case '-time_window_end':
      return { expr: sql`t.time_window_end`, direction: 'desc', kind: 'time' };
    case 'distance':
      if (!position) throw new Error('distance order needs a position');
      return { expr: distanceSql(position), direction: 'asc', kind: 'number' };
    case 'time_window_start':
    default:
      return { expr: sql`t.time_window_start`, direction: 'asc', kind: 'time' };
  }
}

/** Where a page starts: the sort value and id of the last row of the previous page. */
export interface KeysetPosition {
  value: string | number;
  id: string;
}

function baseTaskQuery(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
    .innerJoin('task_types as tt', 'tt.id', 't.task_type_id')
    .innerJoin('countries as c', 'c.code', 't.country_code')
    .select([
      ...T_TASK_COLUMNS,
      'c.currency_symbol',
      ...REWARD_COLUMNS,
      ...PLACE_COLUMNS,
      // The task type in the task's market language (server/catalog/localize.ts).
      localizedSql('tt.translations', 'title', 'tt.title', sql`c.locale`).as('tt_title'),
      localizedSql('tt.translations', 'shortDescription', 'tt.short_description', sql`c.locale`).as('tt_short_description'),
      localizedSql('tt.translations', 'fullDescription', 'tt.full_description', sql`c.locale`).as('tt_full_description'),
      'tt.default_photo as tt_default_photo',
      'tt.photos as tt_photos',
      'tt.featured_images as tt_featured_images',
      localizedSql('tt.translations', 'filterTitle', 'tt.filter_title', sql`c.locale`).as('tt_filter_title'),
      'tt.nda_protected as tt_nda_protected',
      'tt.created_at as tt_created_at',
      'c.locale as tt_locale',
      sql<TaskTypeTrainingRow[]>`(
        select coalesce(json_agg(json_build_object(
          'task_type_id', ttt.task_type_id, 'training_id', tr.id, 'title', coalesce(tr.translations -> c.locale ->> 'title', tr.title),
          'link_to_training', tr.link_to_training, 'enabled', tr.enabled, 'nda_protected', tr.nda_protected) order by ttt.position), '[]'::json)
        from task_type_trainings ttt join trainings tr on tr.id = ttt.training_id
        where ttt.task_type_id = t.task_type_id)`.as('tt_trainings'),
    ]);
}

/**
 * A page of visible tasks. The hot path of the app (DESIGN.md budget: p99 ≤ 50 ms at 300 req/s),
 * so it selects task columns only — joining places/retailers only for search — and completes
 * the rows from the per-process reference cache (server/tasks/reference-cache.ts).
 */
export async function listTasks(
  db: Db,
  viewer: Viewer,
  filters: TaskFilters,
  order: OrderSpec,
  after: KeysetPosition | null,
  limit: number,
  now: Date,
): Promise<TaskRow[]> {
  const where = filterSql(viewer, filters, now);
  if (after) {
    const value = order.kind === 'time' ? sql`${new Date(after.value)}::timestamptz` : sql`${Number(after.value)}::float8`;
    const cmp = order.direction === 'asc' ? sql.raw('>') : sql.raw('<');
    where.push(sql<SqlBool>`(${order.expr}, t.id) ${cmp} (${value}, ${after.id})`);
  }
  const dir = sql.raw(order.direction);
  // Places are joined only when a filter or the order reads them (search, distance).
  const needsPlace = Boolean(filters.search) || order.kind === 'number';
  let q = db.selectFrom('tasks as t');
  if (needsPlace) {
    q = q.innerJoin('places as p', 'p.id', 't.place_id').innerJoin('retailers as r', 'r.id', 'p.retailer_id') as unknown as typeof q;
  }
  const slim = await q
    // Task columns only; place, retailer, task type and currency symbol come from the reference cache.
    .select([...T_TASK_COLUMNS, 't.place_id', 't.country_code', ...REWARD_COLUMNS, order.expr.as('sort_value')])
    .where((eb) => eb.and(where as Expression<SqlBool>[]))
    .orderBy(sql`${order.expr} ${dir}`)
    .orderBy(sql`t.id ${dir}`)
    .limit(limit)
    .execute();
  if (slim.length === 0) return [];
  const cache = referenceCache(db);
  const [taskTypes, places] = await Promise.all([cache.taskTypesFor(slim.map((r) => r.task_type_id)), cache.placesFor(slim.map((r) => r.place_id))]);
  const symbols = new Map<string, string>();
  const locales = new Map<string, string | null>();
  for (const r of slim) {
    if (symbols.has(r.country_code)) continue;
    symbols.set(r.country_code, await cache.currencySymbol(r.country_code));
    locales.set(r.country_code, await cache.marketLocale(r.country_code));
  }
  const out: TaskRow[] = [];
  for (const r of slim) {
    // The task type in the task's market language (server/catalog/localize.ts).
    const tt = taskTypes.has(r.task_type_id) ? cache.inLocale(r.task_type_id, locales.get(r.country_code) ?? null) : undefined;
    const place = places.get(r.place_id);
    if (!tt || !place) continue; // deleted reference rows cannot happen with the foreign keys; skip rather than crash
    // An explicit literal (not spreads): one object shape for every row, several times cheaper.
    out.push({
      id: r.id,
      status: r.status,
      published: r.published,
      tasker_id: r.tasker_id,
      task_type_id: r.task_type_id,
      title: r.title,
      image: r.image,
      payment_id: r.payment_id,
      time_window_start: r.time_window_start,
      time_window_end: r.time_window_end,
      start_time: r.start_time,
      end_time: r.end_time,
      finalization_time: r.finalization_time,
      expected_duration: r.expected_duration,
      currency_code: r.currency_code,
      currency_symbol: symbols.get(r.country_code) ?? '',
      reward: r.reward,
      base_reward: r.base_reward,
      bonus_reward: r.bonus_reward,
      reduced_reward: r.reduced_reward,
      early_cancel_deadline: r.early_cancel_deadline,
      late_cancel_deadline: r.late_cancel_deadline,
      result_comment: r.result_comment,
      tasker_comment: r.tasker_comment,
      descriptive_comment: r.descriptive_comment,
      letter_of_authority_url: r.letter_of_authority_url,
      target_product_photos: r.target_product_photos,
      done_checklist_item_ids: r.done_checklist_item_ids,
      has_outstanding_dispute: r.has_outstanding_dispute,
      updated_at: r.updated_at,
      reserved_at: r.reserved_at,
      country_code: r.country_code,
      place_id: place.place_id,
      place_title: place.place_title,
      place_address: place.place_address,
      place_city: place.place_city,
      place_country_code: place.place_country_code,
      place_latitude: place.place_latitude,
      place_longitude: place.place_longitude,
      retailer_id: place.retailer_id,
      retailer_name: place.retailer_name,
      retailer_logo: place.retailer_logo,
      tt_title: tt.tt_title,
      tt_short_description: tt.tt_short_description,
      tt_full_description: tt.tt_full_description,
      tt_default_photo: tt.tt_default_photo,
      tt_photos: tt.tt_photos,
      tt_featured_images: tt.tt_featured_images,
      tt_filter_title: tt.tt_filter_title,
      tt_nda_protected: tt.tt_nda_protected,
      tt_created_at: tt.tt_created_at,
      tt_trainings: tt.tt_trainings,
      tt_locale: tt.tt_locale,
      sort_value: r.sort_value as TaskRow['sort_value'],
    });
  }
  return out;
}

export async function findTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const row = await baseTaskQuery(db).select(sql<null>`null`.as('sort_value')).where('t.id', '=', taskId).executeTakeFirst();
  return row as unknown as TaskRow | undefined;
}

export async function trainingsOfTaskTypes(db: Db, taskTypeIds: string[]): Promise<TaskTypeTrainingRow[]> {
  if (taskTypeIds.length === 0) return [];
  return db
    .selectFrom('task_type_trainings as ttt')
    .innerJoin('trainings as tr', 'tr.id', 'ttt.training_id')
    .select(['ttt.task_type_id', 'ttt.training_id', 'tr.title', 'tr.link_to_training', 'tr.enabled', 'tr.nda_protected'])
    .where('ttt.task_type_id', 'in', taskTypeIds)
    .orderBy('ttt.task_type_id')
    .orderBy('ttt.position')
    .execute();
}

/** A place with its retailer, its market's currency and the count and summed reward of its visible available tasks. */
export interface PlaceRow
  extends Pick<Selectable<PlacesTable>, 'id' | 'title' | 'address' | 'city' | 'country_code' | 'latitude' | 'longitude' | 'retailer_id'>,
    Pick<Selectable<CountriesTable>, 'currency_code' | 'currency_symbol'> {
  retailer_name: string;
  retailer_logo: string | null;
  task_count: number;
  task_earn: string | null;
}

/** Places with the count and summed reward of the viewer's visible available tasks there. */
export async function listPlacesWithTasks(
  db: Db,
  viewer: Viewer,
  filters: TaskFilters,
  position: Coordinates | null,
  offset: number,
  limit: number,
  now: Date,
): Promise<PlaceRow[]> {
  const where = filterSql(viewer, { ...filters, statuses: ['available'] }, now);
  let q = db
    .selectFrom('tasks as t')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
    .innerJoin('countries as c', 'c.code', 'p.country_code')
    .select([
      'p.id',
      'p.title',
      'p.address',
      'p.city',
      'p.country_code',
      'p.latitude',
      'p.longitude',
      'r.id as retailer_id',
      'r.name as retailer_name',
      'r.logo as retailer_logo',
      sql<number>`count(*)::int`.as('task_count'),
      sql<string | null>`sum(t.reward)::text`.as('task_earn'),
      'c.currency_code',
      'c.currency_symbol',
    ])
    .where((eb) => eb.and(where as Expression<SqlBool>[]))
    .groupBy(['p.id', 'r.id', 'c.code']);
  q = position ? q.orderBy(distanceSql(position)).orderBy('p.id') : q.orderBy('p.title').orderBy('p.id');
  const rows = await q.limit(limit).offset(offset).execute();
  return rows as PlaceRow[];
}

export interface ViewerRow extends Selectable<UsersTable> {
  done_training_ids: string[];
  reservation_used: number;
}

/** The viewer's facts beside its users row `u`: the trainings done and the minutes of its reserved and in-progress tasks. */
export const VIEWER_FACT_COLUMNS = [
  sql<string[]>`coalesce((select json_agg(ut.training_id) from user_trainings ut where ut.user_id = u.id), '[]'::json)`.as('done_training_ids'),
  sql<number>`(select coalesce(sum(k.expected_duration), 0)::int from tasks k
    where k.tasker_id = u.id and k.status in ('reserved', 'in_progress'))`.as('reservation_used'),
];

/** The user with what task visibility and isReservable need, in one query. */
export async function loadViewerRow(db: Db, userId: string): Promise<ViewerRow | undefined> {
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select(VIEWER_FACT_COLUMNS)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row as ViewerRow | undefined;
}

/** What toViewer reads of a user. */
export type ListViewerRow = Pick<ViewerRow, 'id' | 'country_code' | 'status' | 'reservation_limit_minutes' | 'done_training_ids' | 'reservation_used'>;

/** Minutes of the tasker's reserved and in-progress tasks (spec: reservation limit). */
export async function reservationUsedMinutes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select(sql<number>`coalesce(sum(expected_duration), 0)::int`.as('used'))
    .where('tasker_id', '=', userId)
    .where('status', 'in', ['reserved', 'in_progress'])
    .executeTakeFirstOrThrow();
  return Number(row.used);
}
