/**
 * Tasks as their author sees and edits them: the list (newest first, by market, status, place,
 * type, publication and text), one task with its product list, edits of the window, money and
 * texts while nobody holds the task, and publication. Every write locks the task row first, so an
 * edit and a reservation cannot cross (a tasker who reserved first wins: 420 TASK_ALREADY_TAKEN).
 */
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import { ApiError, assertNoFieldErrors, refusal } from '../http/errors';
import { readString, containsPattern } from '../http/input';
import { decodeCursor, encodeCursor } from '../tasks/map';
import { earlyCancelDeadline } from '#domain/tasks';
import { readTimestamp } from '#domain/time';
import { formatAmount, parseAmount } from '#domain/money';
import { REFUSAL_WORDS } from '#domain/errorWords';
import type { CountryCode, CurrencyCode, Money, TaskStatus } from '#domain/types';
import { taskProducts, type TaskProduct } from '../tasks/products';
import { MAX_REWARD_MINOR, readMoney } from '../staff/service';

export interface AuthoringTaskRow {
  id: string;
  title: string;
  status: TaskStatus;
  published: boolean;
  reserved: boolean;
  countryCode: CountryCode;
  placeId: string;
  placeTitle: string;
  placeCity: string;
  taskTypeId: string;
  taskTypeTitle: string;
  timeWindowStart: string;
  timeWindowEnd: string;
  reward: Money;
  bonusReward: Money | null;
  productCount: number;
  createdAt: string;
}

export interface AuthoringTask extends AuthoringTaskRow {
  placeAddress: string;
  taskerId: string | null;
  expectedDuration: number;
  descriptiveComment: string | null;
  products: TaskProduct[];
}

export interface TaskListFilters {
  markets: readonly string[];
  country: string | null;
  status: string | null;
  placeId: string | null;
  taskTypeId: string | null;
  published: boolean | null;
  q: string | null;
  limit: number;
  cursor: { createdAt: string; id: string } | null;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .innerJoin('task_types as tt', 'tt.id', 't.task_type_id')
    .innerJoin('countries as c', 'c.code', 't.country_code')
    .select([
      't.id',
      't.title',
      't.status',
      't.published',
      't.tasker_id',
      't.country_code',
      't.place_id',
      'p.title as place_title',
      'p.city as place_city',
      'p.address as place_address',
      't.task_type_id',
      'tt.title as task_type_title',
      't.time_window_start',
      't.time_window_end',
      't.expected_duration',
      't.descriptive_comment',
      't.currency_code',
      'c.currency_symbol',
      't.created_at',
      sql<string>`t.base_reward::text`.as('base_reward'),
      sql<string | null>`t.bonus_reward::text`.as('bonus_reward'),
      sql<string>`(select count(*) from task_products tp where tp.task_id = t.id)::text`.as('product_count'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const money = (amount: string, row: Row): Money => ({ amount: formatAmount(parseAmount(amount)), currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol });

function toRow(row: Row): AuthoringTaskRow {
  return {
    id: row.id,
    title: row.title,
    status: row.status as TaskStatus,
    published: row.published,
    reserved: !isFree(row),
    countryCode: row.country_code as CountryCode,
    placeId: row.place_id,
    placeTitle: row.place_title,
    placeCity: row.place_city,
    taskTypeId: row.task_type_id,
    taskTypeTitle: row.task_type_title,
    timeWindowStart: new Date(row.time_window_start).toISOString(),
    timeWindowEnd: new Date(row.time_window_end).toISOString(),
    reward: money(row.base_reward, row),
    bonusReward: row.bonus_reward === null ? null : money(row.bonus_reward, row),
    productCount: Number(row.product_count),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Nobody holds or held it into work: available and without a tasker. */
const isFree = (row: { status: string; tasker_id: string | null }) => row.status === 'available' && row.tasker_id === null;


export async function listAuthoringTasks(db: Db, f: TaskListFilters): Promise<{ data: AuthoringTaskRow[]; nextCursor: string | null }> {
  let query = baseQuery(db);
  if (f.markets.length > 0) query = query.where('t.country_code', 'in', [...f.markets]);
  if (f.country) query = query.where('t.country_code', '=', f.country);
  if (f.status) query = query.where('t.status', '=', f.status);
  if (f.placeId) query = query.where('t.place_id', '=', f.placeId);
  if (f.taskTypeId) query = query.where('t.task_type_id', '=', f.taskTypeId);
  if (f.published !== null) query = query.where('t.published', '=', f.published);
  if (f.q) {
    const like = containsPattern(f.q);
    query = query.where(sql<SqlBool>`(t.title ilike ${like} or p.title ilike ${like} or p.city ilike ${like})`);
  }
  if (f.cursor) query = query.where(sql<SqlBool>`(t.created_at, t.id) < (${f.cursor.createdAt}::timestamptz, ${f.cursor.id})`);
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(f.limit + 1).execute();
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(toRow),
    nextCursor: rows.length > f.limit && last ? encodeCursor({ o: 'authoring', c: new Date(last.created_at).toISOString(), i: last.id }) : null,
  };
}

/** A cursor of listAuthoringTasks, or null when it is not one. */
export function readListCursor(raw: string): { createdAt: string; id: string } | null {
  const c = decodeCursor(raw);
  if (!c || c.o !== 'authoring' || typeof c.c !== 'string' || readTimestamp(c.c).value === null || typeof c.i !== 'string' || c.i.length > 64) return null;
  return { createdAt: c.c, id: c.i };
}

const taskNotFound = () => new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);

export async function authoringTask(db: Db, id: string): Promise<AuthoringTask> {
  const row = await baseQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw taskNotFound();
  return {
    ...toRow(row),
    placeAddress: row.place_address,
    taskerId: row.tasker_id,
    expectedDuration: row.expected_duration,
    descriptiveComment: row.descriptive_comment,
    products: await taskProducts(db, id),
  };
}

/** The task row locked for a write, with what the audit trail records of it. */
export async function lockAuthoringTask(db: Db, id: string) {
  const row = await db
    .selectFrom('tasks')
    .select([
      'id',
      'status',
      'tasker_id',
      'country_code',
      'place_id',
      'task_type_id',
      'title',
      'published',
      'time_window_start',
      'time_window_end',
      'expected_duration',
      'descriptive_comment',
      sql<string>`base_reward::text`.as('base_reward'),
      sql<string | null>`bonus_reward::text`.as('bonus_reward'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw taskNotFound();
  return row;
}

export type LockedTask = Awaited<ReturnType<typeof lockAuthoringTask>>;

/** What the audit trail keeps of a task's authored fields. */
export function taskSnapshot(row: LockedTask) {
  return {
    status: row.status,
    published: row.published,
    title: row.title,
    timeWindowStart: new Date(row.time_window_start).toISOString(),
    timeWindowEnd: new Date(row.time_window_end).toISOString(),
    expectedDuration: row.expected_duration,
    reward: formatAmount(parseAmount(row.base_reward)),
    bonusReward: row.bonus_reward === null ? null : formatAmount(parseAmount(row.bonus_reward)),
    descriptiveComment: row.descriptive_comment,
  };
}

/** 420 TASK_ALREADY_TAKEN unless nobody holds the task. */
export function assertFree(row: LockedTask, what: string): void {
  if (!isFree(row)) throw refusal('TASK_ALREADY_TAKEN', `A tasker has reserved this task (it is ${row.status}): ${what} is no longer possible`);
}

/** The expected duration (minutes) an edit that clears it sets. */
const DEFAULT_DURATION = 60;


/**
 * Edits the fields sent (title, window, reward, bonus, duration, comment) of a free task; the
 * reward the tasker is paid stays base + bonus, and the cancel deadlines follow the window.
 */
export async function patchTask(db: Db, row: LockedTask, body: Record<string, unknown>, defaultTitle: string, now: Date): Promise<void> {
  const fields: Record<string, string | null> = {};
  const set: Record<string, unknown> = {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(body, key);
  if (has('title')) {
    const title = readString(body.title, { max: 160 });
    fields.title = title.error;
    set.title = title.value ?? defaultTitle;
  }
  if (has('descriptiveComment')) {
    const comment = readString(body.descriptiveComment, { max: 2000 });
    fields.descriptiveComment = comment.error;
    set.descriptive_comment = comment.value;
  }
  let start = new Date(row.time_window_start);
  let end = new Date(row.time_window_end);
  if (has('timeWindowStart')) {
    const t = readTimestamp(body.timeWindowStart);
    fields.timeWindowStart = t.error;
    if (t.value) start = t.value;
  }
  if (has('timeWindowEnd')) {
    const t = readTimestamp(body.timeWindowEnd);
    fields.timeWindowEnd = t.error;
    if (t.value) end = t.value;
  }
  let duration = row.expected_duration;
  if (has('expectedDuration')) {
    const d = body.expectedDuration === null ? DEFAULT_DURATION : body.expectedDuration;
    if (typeof d === 'number' && Number.isInteger(d) && d >= 5 && d <= 720) duration = d;
    else fields.expectedDuration = 'INVALID';
  }
  if (!fields.timeWindowStart && !fields.timeWindowEnd) {
    if (end.getTime() <= start.getTime()) fields.timeWindowEnd = 'BEFORE_START';
    else if (!fields.expectedDuration && duration * 60_000 > end.getTime() - start.getTime()) fields.expectedDuration = 'LONGER_THAN_WINDOW';
  }
  let base = row.base_reward;
  let bonus = row.bonus_reward;
  if (has('reward')) {
    const r = readMoney(body.reward, true);
    fields.reward = r.error;
    if (r.value) base = r.value;
  }
  if (has('bonusReward')) {
    const b = readMoney(body.bonusReward, false);
    fields.bonusReward = b.error;
    bonus = b.value;
  }
  assertNoFieldErrors(fields);
  const baseMinor = parseAmount(base);
  const bonusMinor = bonus === null ? 0n : parseAmount(bonus);
  if (baseMinor + bonusMinor > MAX_REWARD_MINOR) assertNoFieldErrors({ bonusReward: 'TOO_HIGH' });
  await db
    .updateTable('tasks')
    .set({
      ...set,
      time_window_start: start,
      time_window_end: end,
      expected_duration: duration,
      base_reward: formatAmount(baseMinor),
      bonus_reward: bonus === null || bonusMinor === 0n ? null : formatAmount(bonusMinor),
      reward: formatAmount(baseMinor + bonusMinor),
      early_cancel_deadline: earlyCancelDeadline(end.toISOString(), duration),
      late_cancel_deadline: new Date(start.getTime() - 60 * 60_000),
      updated_at: now,
    })
    .where('id', '=', row.id)
    .execute();
}
