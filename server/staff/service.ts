/**
 * Staff operations shared by the staff HTTP API and the CLI: find users, create places and
 * tasks, accept/reject finished tasks (reviewing a tasker: ./review.ts). Input validation returns
 * per-field codes.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { sql } from 'kysely';
import { ApiError, BUSINESS_RULE_STATUS, assertNoFieldErrors, badRequest } from '../http/errors';
import { canTransition, parseTaskStatus } from '#domain/lifecycle';
import { readString, containsPattern } from '../http/input';
import { earlyCancelDeadline } from '#domain/tasks';
import { isValidCoordinates } from '#domain/geo';
import { PROFILE_FIELDS, validateCountry } from '#domain/validation';
import { amountWithin, formatAmount, isDecimal, parseAmount, parseRoundedAmount } from '#domain/money';
import type { CurrencyCode, Money, Place, Task, User } from '#domain/types';
import { findUsersByEmailPrefix, loadUserWithStats, toApiUser, type UserWithStats } from '../users/queries';
import { findTask, type Viewer } from '../tasks/queries';
import { toApiPlaceBase } from '../tasks/map';
import { notify, notifyNewTask } from '../notifications/service';
import { toApiTask } from '../tasks/map';
import { MARKET_LOCALE } from '../tasks/checklists';
import { checklistRows, findTaskType, loadTemplates, marketTextsRefusal, typeTexts, type TaskTypeRow, type TemplateItem } from '../tasks/templates';
import { readProducts, replaceTaskProducts, type ProductInput } from '../tasks/products';
import { readTimestamp } from '#domain/time';
import { REFUSAL_WORDS } from '#domain/errorWords';

/** Field names a rejection may point at: every profile field (src/domain/validation.ts) and the tasker's documents. */
export const REJECTION_REASON_FIELDS = [...PROFILE_FIELDS, 'identityDocument', 'paymentDocuments', 'profilePhoto'] as const;

/** A task's reward column is numeric(10,2): from 0 up to 99,999,999.99. */
export const MAX_REWARD_MINOR = 9_999_999_999n;

export async function listUsers(db: Db, email: string | null): Promise<User[]> {
  return (await findUsersByEmailPrefix(db, email)).map(toApiUser);
}

function readNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,3}(\.\d{1,15})?$/.test(value.trim())) return Number(value.trim());
  return null;
}

export async function createPlace(db: Db, input: unknown, now: Date): Promise<Place> {
  const body = (input ?? {}) as Record<string, unknown>;
  const title = readString(body.title, { required: true, max: 120 });
  const address = readString(body.address, { required: true, max: 200 });
  const city = readString(body.city, { required: true, max: 80 });
  const retailerId = readString(body.retailerId, { required: true, max: 64 });
  const countryError = validateCountry(body.countryCode);
  const latitude = readNumber(body.latitude);
  const longitude = readNumber(body.longitude);
  const coordsOk = latitude !== null && longitude !== null && isValidCoordinates({ latitude, longitude });
  const fields: Record<string, string | null> = {
    title: title.error,
    address: address.error,
    city: city.error,
    retailerId: retailerId.error,
    countryCode: countryError,
    latitude: latitude === null ? 'INVALID' : coordsOk ? null : 'OUT_OF_RANGE',
    longitude: longitude === null ? 'INVALID' : coordsOk ? null : 'OUT_OF_RANGE',
  };
  if (!retailerId.error) {
    const retailer = await db.selectFrom('retailers').select('id').where('id', '=', retailerId.value as string).executeTakeFirst();
    if (!retailer) fields.retailerId = 'NOT_FOUND';
  }
  assertNoFieldErrors(fields);
  const id = randomUUID();
  await db
    .insertInto('places')
    .values({
      id,
      title: title.value as string,
      address: address.value as string,
      city: city.value as string,
      country_code: (body.countryCode as string).toUpperCase(),
      latitude: latitude as number,
      longitude: longitude as number,
      retailer_id: retailerId.value as string,
      created_at: now,
    })
    .execute();
  const row = await db
    .selectFrom('places as p')
    .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
    .select(['p.id', 'p.title', 'p.address', 'p.city', 'p.country_code', 'p.latitude', 'p.longitude', 'r.id as retailer_id', 'r.name as retailer_name', 'r.logo as retailer_logo'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return toApiPlaceBase(row, null);
}

/** A reward or bonus from a staff request: a decimal string (or a JSON number read by its digits) as cents, else a field code. */
export function readMoney(value: unknown, required: boolean): { value: string | null; error: string | null } {
  if (value === undefined || value === null || value === '') return { value: null, error: required ? 'REQUIRED' : null };
  // A JSON number is read by its shortest decimal spelling, rounded to cents on its digits, never through a float.
  const minor = typeof value === 'number' && isDecimal(String(value)) ? parseRoundedAmount(String(value)) : amountWithin(value, 0n, MAX_REWARD_MINOR);
  if (minor === null || minor < 0n || minor > MAX_REWARD_MINOR) return { value: null, error: 'INVALID' };
  return { value: formatAmount(minor), error: null };
}

/**
 * A task document's address: a path on the app's own origin (`/letters/maxima.pdf`, which the
 * task pack caches and the service worker serves offline) or an https URL (opens online only).
 */
function readDocumentUrl(value: unknown): { value: string | null; error: string | null } {
  const text = readString(value, { max: 500 });
  if (text.error || text.value === null) return text;
  const v = text.value;
  if (/^\/(?![/\\])[\x21-\x7e]*$/.test(v)) return { value: v, error: null };
  try {
    const url = new URL(v);
    if (url.protocol === 'https:' && !/\s/.test(v)) return { value: url.href, error: null };
  } catch {
    // not a URL
  }
  return { value: null, error: 'INVALID' };
}

/** A viewer that sees everything a staff member may see (descriptive comments included). */
const STAFF_VIEWER: Viewer = {
  id: 'staff',
  countryCode: null,
  status: 'active',
  isApproved: true,
  canSeeTasks: true,
  doneTrainingIds: new Set(),
  reservationUsed: 0,
  reservationLimit: 0,
};

/** A task as staff write it, read and checked (createTask, the CSV import). */
export interface TaskDraft {
  place: { id: string; title: string; country_code: string };
  taskType: TaskTypeRow;
  template: TemplateItem[];
  title: string | null;
  start: Date;
  end: Date;
  reward: string;
  bonus: string | null;
  duration: number;
  comment: string | null;
  letter: string | null;
  products: ProductInput[];
  published: boolean;
}

/** Place and task type look-ups of readTaskDraft (the import caches them across rows). */
export interface DraftLookups {
  place(id: string): Promise<TaskDraft['place'] | undefined>;
  taskType(id: string): Promise<{ row: TaskTypeRow; template: TemplateItem[] } | undefined>;
}

export function draftLookups(db: Db): DraftLookups {
  const places = new Map<string, Promise<TaskDraft['place'] | undefined>>();
  const types = new Map<string, Promise<{ row: TaskTypeRow; template: TemplateItem[] } | undefined>>();
  return {
    place(id) {
      if (!places.has(id)) places.set(id, db.selectFrom('places').select(['id', 'title', 'country_code']).where('id', '=', id).executeTakeFirst());
      return places.get(id) as Promise<TaskDraft['place'] | undefined>;
    },
    taskType(id) {
      if (!types.has(id)) {
        types.set(
          id,
          findTaskType(db, id).then(async (row) => (row ? { row, template: (await loadTemplates(db, [row.id])).get(row.id) ?? [] } : undefined)),
        );
      }
      return types.get(id) as Promise<{ row: TaskTypeRow; template: TemplateItem[] } | undefined>;
    },
  };
}

/**
 * Reads a task body field by field: per-field codes (a window ending at or before its start is
 * BEFORE_START), and the draft when there are none. The market-language rule is not a field error:
 * it is the caller's (marketTextsRefusal). `defaultDuration` fills a missing expectedDuration.
 */
export async function readTaskDraft(
  body: Record<string, unknown>,
  lookups: DraftLookups,
  options: { defaultDuration?: number } = {},
): Promise<{ draft: TaskDraft | null; fields: Record<string, string> }> {
  const placeId = readString(body.placeId, { required: true, max: 64 });
  const taskTypeId = readString(body.taskTypeId, { required: true, max: 64 });
  const title = readString(body.title, { max: 160 });
  const start = readTimestamp(body.timeWindowStart);
  const end = readTimestamp(body.timeWindowEnd);
  const reward = readMoney(body.reward, true);
  const bonus = readMoney(body.bonusReward, false);
  const comment = readString(body.descriptiveComment, { max: 2000 });
  const letter = readDocumentUrl(body.letterOfAuthorityUrl);
  const duration = body.expectedDuration === undefined || body.expectedDuration === null ? options.defaultDuration : body.expectedDuration;
  const fields: Record<string, string> = {};
  const put = (name: string, code: string | null) => {
    if (code) fields[name] = code;
  };
  put('placeId', placeId.error);
  put('taskTypeId', taskTypeId.error);
  put('title', title.error);
  put('timeWindowStart', start.error);
  put('timeWindowEnd', end.error);
  put('reward', reward.error);
  put('bonusReward', bonus.error);
  put('descriptiveComment', comment.error);
  put('letterOfAuthorityUrl', letter.error);
  put('expectedDuration', isDuration(duration) ? null : duration === undefined ? 'REQUIRED' : 'INVALID');
  if (body.published !== undefined && body.published !== null && typeof body.published !== 'boolean') fields.published = 'INVALID';
  const products = readProducts(body.products, fields);
  if (start.value && end.value) {
    if (end.value.getTime() <= start.value.getTime()) fields.timeWindowEnd = 'BEFORE_START';
    else if (!fields.expectedDuration && (duration as number) * 60_000 > end.value.getTime() - start.value.getTime()) fields.expectedDuration = 'LONGER_THAN_WINDOW';
  }
  const place = placeId.value ? await lookups.place(placeId.value) : undefined;
  if (placeId.value && !place) fields.placeId = 'NOT_FOUND';
  const type = taskTypeId.value ? await lookups.taskType(taskTypeId.value) : undefined;
  if (taskTypeId.value && !type) fields.taskTypeId = 'NOT_FOUND';
  if (Object.keys(fields).length > 0 || !place || !type || !start.value || !end.value || !reward.value) return { draft: null, fields };
  return {
    draft: {
      place,
      taskType: type.row,
      template: type.template,
      title: title.value,
      start: start.value,
      end: end.value,
      reward: reward.value,
      bonus: bonus.value,
      duration: duration as number,
      comment: comment.value,
      letter: letter.value,
      products,
      published: body.published !== false,
    },
    fields,
  };
}

function isDuration(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 5 && value <= 720;
}

/** The title a task without its own gets: the type's title in the market's language, and the place. */
export function defaultTaskTitle(draft: Pick<TaskDraft, 'taskType' | 'place'>): string {
  const locale = MARKET_LOCALE[draft.place.country_code] ?? 'en';
  return `${typeTexts(draft.taskType)[locale]?.title ?? draft.taskType.title} — ${draft.place.title}`;
}

/**
 * Writes a checked draft: the task, its checklist copied from the type's template (the market's
 * texts served, every locale's kept beside) and its product list; a published task is announced
 * to the market's taskers. Answers the task id.
 */
/** `notify: false` skips the new-task notification (an import tells a store's taskers once, not per row). */
export async function insertTask(db: Db, draft: TaskDraft, now: Date, options: { notify?: boolean } = {}): Promise<string> {
  const { place, start, end } = draft;
  const country = await db.selectFrom('countries').select('currency_code').where('code', '=', place.country_code).executeTakeFirstOrThrow();
  const base = draft.reward;
  const total = draft.bonus ? formatAmount(parseAmount(base) + parseAmount(draft.bonus)) : base;
  const id = randomUUID();
  const title = draft.title ?? defaultTaskTitle(draft);
  await db
    .insertInto('tasks')
    .values({
      id,
      status: 'available',
      tasker_id: null,
      task_type_id: draft.taskType.id,
      place_id: place.id,
      country_code: place.country_code,
      title,
      image: null,
      payment_id: null,
      time_window_start: start,
      time_window_end: end,
      expected_duration: draft.duration,
      currency_code: country.currency_code,
      reward: total,
      base_reward: base,
      bonus_reward: draft.bonus,
      reduced_reward: null,
      early_cancel_deadline: earlyCancelDeadline(end.toISOString(), draft.duration),
      late_cancel_deadline: new Date(start.getTime() - 60 * 60_000),
      descriptive_comment: draft.comment,
      letter_of_authority_url: draft.letter,
      target_product_photos: '[]',
      done_checklist_item_ids: '[]',
      has_outstanding_dispute: false,
      published: draft.published,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const items = checklistRows(draft.template, place.country_code, id);
  if (items.length > 0) await db.insertInto('checklist_items').values(items).execute();
  await replaceTaskProducts(db, id, draft.products);
  // The market's approved taskers hear of the new task (server/notifications/service.ts says why the market).
  if (draft.published && options.notify !== false) await notifyNewTask(db, { id, title, countryCode: place.country_code, placeTitle: place.title, reward: total, currencyCode: country.currency_code }, now);
  return id;
}

/** The task as staff see it (descriptive comment included). */
export async function staffTask(db: Db, id: string, now: Date): Promise<Task> {
  const row = await findTask(db, id);
  if (!row) throw new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  return toApiTask(row, row.tt_trainings, STAFF_VIEWER, now, null);
}

/**
 * Creates one task (400 with per-field codes; 420 CHECKLIST_TRANSLATION_MISSING when its type has
 * no texts in the market's language, published or not: the checklist is copied now).
 */
export async function createTask(db: Db, input: unknown, now: Date): Promise<Task> {
  const body = (input ?? {}) as Record<string, unknown>;
  const { draft, fields } = await readTaskDraft(body, draftLookups(db));
  assertNoFieldErrors(fields);
  if (!draft) throw new Error('unreachable: validated above');
  const refused = marketTextsRefusal(draft.taskType, draft.template, draft.place.country_code);
  if (refused) throw refused;
  const id = await insertTask(db, draft, now);
  return staffTask(db, id, now);
}

/**
 * Staff review of finished work (spec section 4): awaiting_confirmation → accepted | rejected,
 * checked with canTransition. The task row is locked and the status re-checked in the update,
 * so two reviewers cannot both decide. A reduced reward (reject only) must not exceed the reward;
 * it is shown to the tasker only for accepted or rejected tasks (toApiTask).
 */
export async function reviewTask(db: Db, id: string, decision: 'accepted' | 'rejected', input: unknown, now: Date): Promise<Task> {
  const body = (input ?? {}) as Record<string, unknown>;
  const comment = readString(body.resultComment, { required: decision === 'rejected', max: 2000 });
  const reduced = decision === 'rejected' ? readMoney(body.reducedReward, false) : { value: null, error: body.reducedReward === undefined || body.reducedReward === null ? null : 'NOT_ALLOWED' };
  assertNoFieldErrors({ resultComment: comment.error, reducedReward: reduced.error });
  const locked = await db.selectFrom('tasks').select(['id', 'status', sql<string>`reward::text`.as('reward')]).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) throw new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  const from = parseTaskStatus(locked.status);
  if (!canTransition(from, decision)) {
    throw new ApiError(BUSINESS_RULE_STATUS, 'TASK_NOT_AWAITING_CONFIRMATION', `Only tasks awaiting confirmation can be ${decision} (this one is ${from})`);
  }
  if (reduced.value !== null && parseAmount(reduced.value) > parseAmount(locked.reward)) throw badRequest({ reducedReward: 'TOO_HIGH' });
  const updated = await db
    .updateTable('tasks')
    .set({
      status: decision,
      result_comment: comment.value,
      // Accept keeps a reduction already on the task; reject sets (or clears) it.
      ...(decision === 'rejected' ? { reduced_reward: reduced.value } : {}),
      finalization_time: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new ApiError(BUSINESS_RULE_STATUS, 'TASK_NOT_AWAITING_CONFIRMATION', 'The task changed while it was reviewed');
  const row = await findTask(db, id);
  if (!row) throw new Error('task vanished after review');
  if (row.tasker_id) {
    const type = decision === 'accepted' ? 'task_accepted' : 'task_rejected';
    await notify(db, { userId: row.tasker_id, type, params: { taskTitle: row.title, comment: comment.value ?? '' }, resourceId: id, now }); // the tasker hears the decision
  }
  return toApiTask(row, row.tt_trainings, STAFF_VIEWER, now, null);
}

export interface UserSearch {
  /** Name, e-mail or phone contains (a phone is also matched on its digits alone). */
  q: string | null;
  email: string | null;
  status: string | null;
  country: string | null;
  /** The markets the searching member may see; empty: every market. */
  markets: readonly string[];
  limit: number;
  offset: number;
}

const likeText = containsPattern;

/** Taskers matching a search, newest first, one page, with the count of all that match. */
export async function searchUsers(db: Db, search: UserSearch): Promise<{ data: User[]; total: number; nextOffset: number | null }> {
  let q = db.selectFrom('users as u');
  if (search.q) {
    const like = likeText(search.q);
    const digits = search.q.replace(/\D/g, '');
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb(sql<string>`concat_ws(' ', u.first_name, u.middle_name, u.last_name)`, 'ilike', like),
        eb(sql<string>`concat_ws(' ', u.last_name, u.first_name)`, 'ilike', like),
        eb('u.phone', 'ilike', like),
        ...(digits.length >= 3 ? [eb(sql<string>`regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g')`, 'like', `%${digits}%`)] : []),
      ]),
    );
  }
  if (search.email) q = q.where('u.email', 'ilike', likeText(search.email));
  if (search.status) q = q.where('u.status', '=', search.status);
  if (search.country) q = q.where('u.country_code', '=', search.country);
  if (search.markets.length > 0) q = q.where('u.country_code', 'in', [...search.markets]);
  const counted = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const ids = await q.select('u.id').orderBy('u.created_at', 'desc').orderBy('u.id', 'desc').limit(search.limit).offset(search.offset).execute();
  const users = await Promise.all(ids.map((r) => loadUserWithStats(db, r.id)));
  const total = Number(counted.n);
  const next = search.offset + ids.length;
  return { data: users.filter((u): u is UserWithStats => u !== undefined).map(toApiUser), total, nextOffset: next < total && ids.length > 0 ? next : null };
}

export interface StaffUserTask {
  id: string;
  title: string;
  countryCode: string;
  placeTitle: string;
  status: string;
  timeWindowStart: string;
  timeWindowEnd: string;
  reservedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  finalizedAt: string | null;
  cancelledAt: string | null;
  reward: Money;
  reducedReward: Money | null;
  resultComment: string | null;
}

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A tasker's task history, newest first: the tasks they hold or held (their status and outcome),
 * and each reservation they cancelled (status 'cancelled'; the task itself went back to others).
 */
export async function userTasks(db: Db, userId: string): Promise<StaffUserTask[]> {
  const base = db
    .selectFrom('tasks as t')
    .innerJoin('places as p', 'p.id', 't.place_id')
    .innerJoin('countries as c', 'c.code', 't.country_code')
    .select([
      't.id',
      't.title',
      't.country_code',
      'p.title as place_title',
      't.status',
      't.time_window_start',
      't.time_window_end',
      't.reserved_at',
      't.start_time',
      't.end_time',
      't.finalization_time',
      sql<string>`t.reward::text`.as('reward'),
      sql<string | null>`t.reduced_reward::text`.as('reduced_reward'),
      't.result_comment',
      't.currency_code',
      'c.currency_symbol',
    ]);
  const held = await base.where('t.tasker_id', '=', userId).execute();
  const cancelled = await base
    .innerJoin('task_cancellations as x', 'x.task_id', 't.id')
    .select('x.created_at as cancelled_at')
    .where('x.user_id', '=', userId)
    .execute();
  const money = (amount: string, r: { currency_code: string; currency_symbol: string }): Money => ({ amount, currencyCode: r.currency_code as CurrencyCode, currencySymbol: r.currency_symbol });
  const rows: StaffUserTask[] = [
    ...held.map((r) => ({ r, cancelledAt: null as Date | string | null })),
    ...cancelled.map((r) => ({ r, cancelledAt: r.cancelled_at as Date | string | null })),
  ].map(({ r, cancelledAt }) => ({
    id: r.id,
    title: r.title,
    countryCode: r.country_code,
    placeTitle: r.place_title,
    status: cancelledAt ? 'cancelled' : r.status,
    timeWindowStart: new Date(r.time_window_start).toISOString(),
    timeWindowEnd: new Date(r.time_window_end).toISOString(),
    reservedAt: cancelledAt ? null : isoOrNull(r.reserved_at),
    startedAt: cancelledAt ? null : isoOrNull(r.start_time),
    finishedAt: cancelledAt ? null : isoOrNull(r.end_time),
    finalizedAt: cancelledAt ? null : isoOrNull(r.finalization_time),
    cancelledAt: isoOrNull(cancelledAt),
    reward: money(formatAmount(parseAmount(r.reward)), r),
    reducedReward: !cancelledAt && r.reduced_reward !== null ? money(formatAmount(parseAmount(r.reduced_reward)), r) : null,
    resultComment: cancelledAt ? null : r.result_comment,
  }));
  const when = (t: StaffUserTask) => t.cancelledAt ?? t.finalizedAt ?? t.finishedAt ?? t.startedAt ?? t.reservedAt ?? t.timeWindowStart;
  return rows.sort((a, b) => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0));
}

/** What the audit trail keeps of a task before and after a review. */
export interface TaskSnapshot {
  status: string;
  countryCode: string;
  reward: string;
  reducedReward: string | null;
  resultComment: string | null;
}

/** Locks the task row (404 when missing) and answers its audited fields. */
export async function lockTaskSnapshot(db: Db, id: string): Promise<TaskSnapshot> {
  const row = await db
    .selectFrom('tasks')
    .select(['status', 'country_code', sql<string>`reward::text`.as('reward'), sql<string | null>`reduced_reward::text`.as('reduced_reward'), 'result_comment'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  return {
    status: row.status,
    countryCode: row.country_code,
    reward: formatAmount(parseAmount(row.reward)),
    reducedReward: row.reduced_reward === null ? null : formatAmount(parseAmount(row.reduced_reward)),
    resultComment: row.result_comment,
  };
}
