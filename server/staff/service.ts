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
import { readString } from '../http/input';
import { earlyCancelDeadline } from '#domain/tasks';
import { isValidCoordinates } from '#domain/geo';
import { PROFILE_FIELDS, validateCountry } from '#domain/validation';
import { amountWithin, formatAmount, isDecimal, parseAmount, parseRoundedAmount } from '#domain/money';
import type { Place, Task, User } from '#domain/types';
import { findUsersByEmailPrefix, toApiUser } from '../users/queries';
import { findTask, type Viewer } from '../tasks/queries';
import { toApiPlaceBase } from '../tasks/map';
import { notify, notifyNewTask } from '../notifications/service';
import { toApiTask } from '../tasks/map';
import { checklistFor } from '../tasks/checklists';
import { readTimestamp } from '#domain/time';
import { REFUSAL_WORDS } from '#domain/errorWords';

/** Field names a rejection may point at: every profile field (src/domain/validation.ts) and the tasker's documents. */
export const REJECTION_REASON_FIELDS = [...PROFILE_FIELDS, 'identityDocument', 'paymentDocuments', 'profilePhoto'] as const;

/** A task's reward column is numeric(10,2): from 0 up to 99,999,999.99. */
const MAX_REWARD_MINOR = 9_999_999_999n;

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

function readMoney(value: unknown, required: boolean): { value: string | null; error: string | null } {
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

export async function createTask(db: Db, input: unknown, now: Date): Promise<Task> {
  const body = (input ?? {}) as Record<string, unknown>;
  const placeId = readString(body.placeId, { required: true, max: 64 });
  const taskTypeId = readString(body.taskTypeId, { required: true, max: 64 });
  const title = readString(body.title, { max: 160 });
  const start = readTimestamp(body.timeWindowStart);
  const end = readTimestamp(body.timeWindowEnd);
  const reward = readMoney(body.reward, true);
  const bonus = readMoney(body.bonusReward, false);
  const comment = readString(body.descriptiveComment, { max: 2000 });
  const letter = readDocumentUrl(body.letterOfAuthorityUrl);
  const duration = body.expectedDuration;
  const fields: Record<string, string | null> = {
    placeId: placeId.error,
    taskTypeId: taskTypeId.error,
    title: title.error,
    timeWindowStart: start.error,
    timeWindowEnd: end.error,
    reward: reward.error,
    bonusReward: bonus.error,
    descriptiveComment: comment.error,
    letterOfAuthorityUrl: letter.error,
    expectedDuration: typeof duration === 'number' && Number.isInteger(duration) && duration >= 5 && duration <= 720 ? null : duration === undefined ? 'REQUIRED' : 'INVALID',
  };
  if (start.value && end.value) {
    if (end.value.getTime() <= start.value.getTime()) fields.timeWindowEnd = 'BEFORE_START';
    else if (!fields.expectedDuration && (duration as number) * 60_000 > end.value.getTime() - start.value.getTime()) fields.expectedDuration = 'LONGER_THAN_WINDOW';
  }
  const place = placeId.value ? await db.selectFrom('places').select(['id', 'title', 'country_code']).where('id', '=', placeId.value).executeTakeFirst() : undefined;
  if (placeId.value && !place) fields.placeId = 'NOT_FOUND';
  const taskType = taskTypeId.value ? await db.selectFrom('task_types').select(['id', 'title']).where('id', '=', taskTypeId.value).executeTakeFirst() : undefined;
  if (taskTypeId.value && !taskType) fields.taskTypeId = 'NOT_FOUND';
  assertNoFieldErrors(fields);
  if (!place || !taskType || !start.value || !end.value || !reward.value) throw new Error('unreachable: validated above');
  const country = await db.selectFrom('countries').select('currency_code').where('code', '=', place.country_code).executeTakeFirstOrThrow();
  const expected = duration as number;
  const base = reward.value;
  const total = bonus.value ? formatAmount(parseAmount(base) + parseAmount(bonus.value)) : base;
  const id = randomUUID();
  const endIso = end.value.toISOString();
  await db
    .insertInto('tasks')
    .values({
      id,
      status: 'available',
      tasker_id: null,
      task_type_id: taskType.id,
      place_id: place.id,
      country_code: place.country_code,
      title: title.value ?? `${taskType.title} — ${place.title}`,
      image: null,
      payment_id: null,
      time_window_start: start.value,
      time_window_end: end.value,
      expected_duration: expected,
      currency_code: country.currency_code,
      reward: total,
      base_reward: base,
      bonus_reward: bonus.value,
      reduced_reward: null,
      early_cancel_deadline: earlyCancelDeadline(endIso, expected),
      late_cancel_deadline: new Date(start.value.getTime() - 60 * 60_000),
      descriptive_comment: comment.value,
      letter_of_authority_url: letter.value,
      target_product_photos: '[]',
      done_checklist_item_ids: '[]',
      has_outstanding_dispute: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const items = checklistFor(taskType.id);
  if (items.length > 0) {
    await db
      .insertInto('checklist_items')
      .values(
        items.map((item, position) => ({
          id: randomUUID(),
          task_id: id,
          position,
          type: item.type,
          title: item.title,
          description: item.description,
          is_optional: item.isOptional,
          metadata: JSON.stringify(item.metadata),
        })),
      )
      .execute();
  }
  const row = await findTask(db, id);
  if (!row) throw new Error('task vanished after insert');
  // The market's approved taskers hear of the new task (server/notifications/service.ts says why the market).
  await notifyNewTask(db, { id, title: row.title, countryCode: place.country_code, placeTitle: place.title, reward: total, currencyCode: country.currency_code }, now);
  return toApiTask(row, row.tt_trainings, STAFF_VIEWER, now, null);
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
