/**
 * Task authoring for staff: task types with localized checklists, product lists, places, tasks and
 * their CSV import (src/contracts/api/authoring.ts). Registered in the staff access scope
 * (server/app.ts): the guard checks each route's roles; the handlers keep every answer and write to
 * the member's markets (403 STAFF_MARKET_REFUSED). Writes run in runIdempotent's transaction with
 * their audit row (before and after) in the same transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../context';
import { assertStaffMarket, staffOf, type StaffActor } from '../http/access';
import { ApiError, assertNoFieldErrors, badRequest } from '../http/errors';
import { asBody, asQuery, isPlausibleId, parseBoolParam, parseIntParam, readString, single, containsPattern } from '../http/input';
import { isValidCoordinates } from '#domain/geo';
import { runIdempotent } from '../http/idempotency';
import { serve } from '../http/contract';
import { toApiPlaceBase } from '../tasks/map';
import { recordStaffAction, staffScope } from '../http/staffActions';
import { defaultTaskTitle } from '../staff/service';
import { notifyNewTask } from '../notifications/service';
import * as authoring from '#contracts/api/authoring';
import type { Assert, Equal, Static } from '#contracts/api/common';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { formatAmount, parseAmount } from '#domain/money';
import { COUNTRY_CODES, TASK_STATUSES } from '#domain/types';
import { findTaskType, listAuthoringTypes, loadTemplates, marketTextsRefusal, readTemplate, typeTranslationsJson, writeTemplate, type AuthoringTaskType } from '../tasks/templates';
import { readProducts, replaceTaskProducts, taskProducts } from '../tasks/products';
import { assertFree, authoringTask, listAuthoringTasks, lockAuthoringTask, patchTask, readListCursor, taskSnapshot, type AuthoringTask, type AuthoringTaskRow } from './tasks';
import { importTasks, type ImportRow, IMPORT_MAX_CHARS } from './import';

// The answers' schemas are exactly what the services return (a compile error here means they differ).
export type AuthoringSchemaChecks = [
  Assert<Equal<Static<typeof authoring.AuthoringTaskRowSchema>, AuthoringTaskRow>>,
  Assert<Equal<Static<typeof authoring.ImportRowSchema>, ImportRow>>,
  Assert<Equal<Static<typeof authoring.AuthoringTaskSchema>, AuthoringTask>>,
  Assert<Equal<Static<typeof authoring.AuthoringTaskTypeSchema>, AuthoringTaskType>>,
];

const taskNotFound = () => new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
const typeNotFound = () => new ApiError(404, 'TASK_TYPE_NOT_FOUND', 'Task type not found');
const placeNotFound = () => new ApiError(404, 'NOT_FOUND', 'Place not found');

async function placeAnswer(db: AppContext['db'], id: string) {
  const row = await db
    .selectFrom('places as p')
    .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
    .select(['p.id', 'p.title', 'p.address', 'p.city', 'p.country_code', 'p.latitude', 'p.longitude', 'r.id as retailer_id', 'r.name as retailer_name', 'r.logo as retailer_logo'])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  return toApiPlaceBase(row, null);
}

function pathId(request: FastifyRequest, notFound: () => ApiError): string {
  const { id } = request.params as { id?: unknown };
  if (!isPlausibleId(id)) throw notFound();
  return id;
}

function body(request: FastifyRequest): Record<string, unknown> {
  const b = asBody(request.body);
  if (!b) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return b;
}

/** A text filter of at most `max` characters (INVALID otherwise); null when absent. */
function textParam(value: string | string[] | undefined, name: string, errors: Record<string, string>, max = 200): string | null {
  const s = single(value);
  if (s.error || (s.value && s.value.length > max)) {
    errors[name] = 'INVALID';
    return null;
  }
  return s.value?.trim() || null;
}

function countryParam(value: string | string[] | undefined, errors: Record<string, string>): string | null {
  const text = textParam(value, 'country', errors)?.toUpperCase() ?? null;
  if (text && !(COUNTRY_CODES as readonly string[]).includes(text)) errors.country = 'INVALID';
  return errors.country ? null : text;
}

/** A task type id from an English title: lower-case ASCII words joined by '-', unique among the types. */
async function newTypeId(db: AppContext['db'], title: string): Promise<string> {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'task-type';
  // One new type id at a time (held to the end of the creating transaction): two creates of the
  // same title would otherwise pick the same free id and the second insert would fail.
  await sql`select pg_advisory_xact_lock(hashtext('task_types.new'))`.execute(db);
  const taken = new Set((await db.selectFrom('task_types').select('id').where(sql<SqlBool>`id = ${base} or id like ${`${base}-%`}`).execute()).map((r) => r.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function oneType(db: AppContext['db'], id: string): Promise<AuthoringTaskType> {
  const [type] = await listAuthoringTypes(db, id);
  if (!type) throw typeNotFound();
  return type;
}

/**
 * Task types (their names and checklist texts in every language) serve every market: only a
 * member limited to no market changes them, or a market-limited author could rewrite or remove
 * another market's texts (403 STAFF_MARKET_REFUSED).
 */
function assertEveryMarket(actor: StaffActor): void {
  if (actor.markets.length > 0) throw new ApiError(403, 'STAFF_MARKET_REFUSED', 'Task types serve every market: this needs a member not limited to some markets');
}

export function registerAuthoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, authoring.listRetailers)(async () => ({
    data: await ctx.db.selectFrom('retailers').select(['id', 'name', 'logo']).orderBy('name').orderBy('id').execute(),
  }));

  serve(app, authoring.listPlaces)(async (request) => {
    const actor = staffOf(request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const country = countryParam(query.country, errors);
    const retailerId = textParam(query.retailerId, 'retailerId', errors, 64);
    const q = textParam(query.q, 'q', errors);
    const limit = parseIntParam(query.limit, 1, 500);
    if (limit.error) errors.limit = limit.error;
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    if (country) assertStaffMarket(actor, country);
    let select = ctx.db.selectFrom('places as p').innerJoin('retailers as r', 'r.id', 'p.retailer_id');
    if (country) select = select.where('p.country_code', '=', country);
    else if (actor.markets.length > 0) select = select.where('p.country_code', 'in', [...actor.markets]);
    if (retailerId) select = select.where('p.retailer_id', '=', retailerId);
    if (q) {
      const like = containsPattern(q);
      select = select.where(sql<SqlBool>`(p.title ilike ${like} or p.address ilike ${like} or p.city ilike ${like})`);
    }
    const [rows, total] = await Promise.all([
      select
        .select(['p.id', 'p.title', 'p.address', 'p.city', 'p.country_code', 'p.latitude', 'p.longitude', 'r.id as retailer_id', 'r.name as retailer_name', 'r.logo as retailer_logo'])
        .orderBy('p.title')
        .orderBy('p.id')
        .limit(limit.value ?? 200)
        .execute(),
      select.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map((row) => toApiPlaceBase(row, null)), total: Number(total.n) };
  });

  serve(app, authoring.patchPlace)(async (request, reply) => {
    const id = pathId(request, placeNotFound);
    const input = body(request);
    const actor = staffOf(request);
    const has = (key: string) => Object.prototype.hasOwnProperty.call(input, key);
    const fields: Record<string, string | null> = {};
    const set: Record<string, string | number> = {};
    for (const [key, max] of [['title', 120], ['address', 200], ['city', 80], ['retailerId', 64]] as const) {
      if (!has(key)) continue;
      const text = readString(input[key], { required: true, max });
      fields[key] = text.error;
      if (text.value) set[key === 'retailerId' ? 'retailer_id' : key] = text.value;
    }
    for (const key of ['latitude', 'longitude'] as const) {
      if (!has(key)) continue;
      const v = input[key];
      if (typeof v !== 'number' || !Number.isFinite(v)) fields[key] = 'INVALID';
      else set[key] = v;
    }
    assertNoFieldErrors(fields);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const locked = await trx.selectFrom('places').select(['id', 'country_code', 'latitude', 'longitude']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw placeNotFound();
      assertStaffMarket(actor, locked.country_code);
      const latitude = typeof set.latitude === 'number' ? set.latitude : locked.latitude;
      const longitude = typeof set.longitude === 'number' ? set.longitude : locked.longitude;
      if (!isValidCoordinates({ latitude, longitude })) assertNoFieldErrors({ [has('latitude') ? 'latitude' : 'longitude']: 'OUT_OF_RANGE' });
      if (typeof set.retailer_id === 'string' && !(await trx.selectFrom('retailers').select('id').where('id', '=', set.retailer_id).executeTakeFirst())) assertNoFieldErrors({ retailerId: 'NOT_FOUND' });
      const before = await placeAnswer(trx, id);
      if (Object.keys(set).length > 0) await trx.updateTable('places').set(set).where('id', '=', id).execute();
      const after = await placeAnswer(trx, id);
      if (Object.keys(set).length > 0) await recordStaffAction(trx, actor, { action: 'place.update', entity: 'place', entityId: id, country: locked.country_code, before, after }, now);
      return { status: 200, body: after };
    });
  });

  serve(app, authoring.listTaskTypes)(async () => ({ data: await listAuthoringTypes(ctx.db) }));

  serve(app, authoring.getTaskType)(async (request) => oneType(ctx.db, pathId(request, typeNotFound)));

  serve(app, authoring.createTaskType)(async (request, reply) => {
    const input = body(request);
    const actor = staffOf(request);
    assertEveryMarket(actor);
    const fields: Record<string, string> = {};
    const template = readTemplate(input, 'checklist', fields);
    if (input.ndaProtected !== undefined && input.ndaProtected !== null && typeof input.ndaProtected !== 'boolean') fields.ndaProtected = 'INVALID';
    assertNoFieldErrors(fields);
    const en = template.texts.en;
    if (!en) throw new Error('unreachable: the English title is required above');
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const id = await newTypeId(trx, en.title);
      await trx
        .insertInto('task_types')
        .values({
          id,
          title: en.title,
          short_description: en.shortDescription ?? '',
          full_description: en.fullDescription ?? '',
          default_photo: null,
          photos: '[]',
          featured_images: '[]',
          filter_title: en.filterTitle ?? en.title,
          nda_protected: input.ndaProtected === true,
          created_at: now,
          translations: typeTranslationsJson(template.texts),
        })
        .execute();
      await writeTemplate(trx, id, template.items);
      const after = await oneType(trx, id);
      await recordStaffAction(trx, actor, { action: 'task_type.create', entity: 'task_type', entityId: id, after }, now);
      return { status: 201, body: after };
    });
  });

  serve(app, authoring.putTaskTypeChecklist)(async (request, reply) => {
    const id = pathId(request, typeNotFound);
    const input = body(request);
    const actor = staffOf(request);
    assertEveryMarket(actor);
    const fields: Record<string, string> = {};
    const template = readTemplate(input, 'items', fields);
    assertNoFieldErrors(fields);
    const en = template.texts.en;
    if (!en) throw new Error('unreachable: the English title is required above');
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const locked = await trx.selectFrom('task_types').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw typeNotFound();
      const before = await oneType(trx, id);
      await trx
        .updateTable('task_types')
        .set({
          title: en.title,
          short_description: en.shortDescription ?? '',
          full_description: en.fullDescription ?? '',
          filter_title: en.filterTitle ?? en.title,
          translations: typeTranslationsJson(template.texts),
        })
        .where('id', '=', id)
        .execute();
      await writeTemplate(trx, id, template.items);
      const after = await oneType(trx, id);
      await recordStaffAction(trx, actor, { action: 'task_type.update', entity: 'task_type', entityId: id, before, after }, now);
      return { status: 200, body: after };
    });
  });

  serve(app, authoring.listTasks)(async (request) => {
    const actor = staffOf(request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const country = countryParam(query.country, errors);
    const status = textParam(query.status, 'status', errors, 40);
    if (status && !(TASK_STATUSES as readonly string[]).includes(status)) errors.status = 'INVALID';
    const placeId = textParam(query.placeId, 'placeId', errors, 64);
    const taskTypeId = textParam(query.taskTypeId, 'taskTypeId', errors, 64);
    const q = textParam(query.q, 'q', errors);
    const published = parseBoolParam(query.published);
    if (published.error) errors.published = published.error;
    const limit = parseIntParam(query.limit, 1, 200);
    if (limit.error) errors.limit = limit.error;
    const cursorText = textParam(query.cursor, 'cursor', errors, 512);
    const cursor = cursorText ? readListCursor(cursorText) : null;
    if (cursorText && !cursor) errors.cursor = 'INVALID';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    if (country) assertStaffMarket(actor, country);
    return listAuthoringTasks(ctx.db, {
      markets: actor.markets,
      country,
      status,
      placeId,
      taskTypeId,
      published: published.value ?? null,
      q,
      limit: limit.value ?? 50,
      cursor,
    });
  });

  serve(app, authoring.getAuthoringTask)(async (request) => {
    const id = pathId(request, taskNotFound);
    const task = await authoringTask(ctx.db, id);
    assertStaffMarket(staffOf(request), task.countryCode);
    return task;
  });

  /** A write on one task: locked, in the member's market, audited with its before and after. */
  const taskWrite = (request: FastifyRequest, reply: Parameters<typeof runIdempotent>[2], action: string, write: (trx: AppContext['db'], row: Awaited<ReturnType<typeof lockAuthoringTask>>, now: Date) => Promise<boolean>) => {
    const id = pathId(request, taskNotFound);
    const actor = staffOf(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const row = await lockAuthoringTask(trx, id);
      assertStaffMarket(actor, row.country_code);
      const before = taskSnapshot(row);
      const changed = await write(trx, row, now);
      if (changed) {
        const after = taskSnapshot(await lockAuthoringTask(trx, id));
        await recordStaffAction(trx, actor, { action, entity: 'task', entityId: id, country: row.country_code, before, after }, now);
      }
      const answer: AuthoringTask = await authoringTask(trx, id);
      return { status: 200, body: answer };
    });
  };

  serve(app, authoring.patchTask)(async (request, reply) => {
    const input = body(request);
    return taskWrite(request, reply, 'task.update', async (trx, row, now) => {
      assertFree(row, 'editing it');
      const place = await trx.selectFrom('places').select(['id', 'title', 'country_code']).where('id', '=', row.place_id).executeTakeFirstOrThrow();
      const type = await findTaskType(trx, row.task_type_id);
      if (!type) throw typeNotFound();
      await patchTask(trx, row, input, defaultTaskTitle({ taskType: type, place }), now);
      return true;
    });
  });

  serve(app, authoring.publishTask)(async (request, reply) =>
    taskWrite(request, reply, 'task.publish', async (trx, row, now) => {
      if (row.published) return false;
      const type = await findTaskType(trx, row.task_type_id);
      if (!type) throw typeNotFound();
      const refused = marketTextsRefusal(type, (await loadTemplates(trx, [type.id])).get(type.id) ?? [], row.country_code);
      if (refused) throw refused;
      await trx.updateTable('tasks').set({ published: true, updated_at: now }).where('id', '=', row.id).execute();
      if (row.status === 'available' && row.tasker_id === null) {
        const task = await authoringTask(trx, row.id);
        await notifyNewTask(trx, { id: row.id, title: row.title, countryCode: row.country_code, placeTitle: task.placeTitle, reward: task.bonusReward ? formatAmount(parseAmount(task.reward.amount) + parseAmount(task.bonusReward.amount)) : task.reward.amount, currencyCode: task.reward.currencyCode }, now);
      }
      return true;
    }),
  );

  serve(app, authoring.unpublishTask)(async (request, reply) =>
    taskWrite(request, reply, 'task.unpublish', async (trx, row, now) => {
      if (!row.published) return false;
      assertFree(row, 'unpublishing it');
      await trx.updateTable('tasks').set({ published: false, updated_at: now }).where('id', '=', row.id).execute();
      return true;
    }),
  );

  serve(app, authoring.putTaskProducts)(async (request, reply) => {
    const input = body(request);
    const fields: Record<string, string> = {};
    if (input.products === undefined || input.products === null) fields.products = 'REQUIRED';
    const products = readProducts(input.products, fields);
    assertNoFieldErrors(fields);
    const id = pathId(request, taskNotFound);
    const actor = staffOf(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const row = await lockAuthoringTask(trx, id);
      assertStaffMarket(actor, row.country_code);
      assertFree(row, 'changing its product list');
      const before = await taskProducts(trx, id);
      await replaceTaskProducts(trx, id, products);
      await trx.updateTable('tasks').set({ updated_at: now }).where('id', '=', id).execute();
      const answer = await authoringTask(trx, id);
      await recordStaffAction(trx, actor, { action: 'task.products', entity: 'task', entityId: id, country: row.country_code, before, after: answer.products }, now);
      return { status: 200, body: answer };
    });
  });

  // The file travels as a JSON string (quotes and non-ASCII escaped): room for the largest file
  // the import reads, so one over it is the import's own 400 csv TOO_LONG, not a bare 413.
  serve(app, authoring.importTasks, { bodyLimit: 2 * IMPORT_MAX_CHARS + 64 * 1024 })(async (request, reply) => {
    const input = body(request);
    const fields: Record<string, string> = {};
    if (typeof input.csv !== 'string' || input.csv.trim() === '') fields.csv = input.csv === undefined || input.csv === null || typeof input.csv === 'string' ? 'REQUIRED' : 'INVALID';
    if (input.dryRun !== undefined && input.dryRun !== null && typeof input.dryRun !== 'boolean') fields.dryRun = 'INVALID';
    assertNoFieldErrors(fields);
    const actor = staffOf(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => ({
      status: 200,
      body: await importTasks(trx, actor, input.csv as string, input.dryRun !== false, ctx.clock.now()),
    }));
  });
}
