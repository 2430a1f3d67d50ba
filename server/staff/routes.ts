/**
 * The staff API of taskers, places and tasks: registered in the `staff` access scope
 * (server/app.ts), so every route needs a staff member's bearer (or the automation key) with one
 * of its roles however its path is spelled — the document files staff open too. A member sees and
 * acts only in their markets (403 STAFF_MARKET_REFUSED; lists are narrowed to them). Mutations go
 * through the same Idempotency-Key mechanism as tasker routes (scope 'staff') and each records an
 * audit row (server/http/staffActions.ts) with its before and after in the same transaction; decisions
 * on a tasker name who made them (actingName, ./review.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../http/errors';
import { asBody, asQuery, isPlausibleId, single, type QueryValue } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { assertStaffMarket, staffOf } from '../http/access';
import type { Files } from '../storage/uploads';
import { documentNotFound, findDocument, removeFiles } from '../users/documents';
import { createPlace, createTask, lockTaskSnapshot, reviewTask, searchUsers, userTasks } from './service';
import { approveUser, assertUserMarket, lockUserSnapshot, rejectUser, setTrainingDone, setUserActive, trainingNotFound, userReview, type UserReview } from './review';
import { STAFF_NAME_HEADER, actingName, recordStaffAction, staffScope } from '../http/staffActions';
import * as staff from '#contracts/api/staff';
import type { Assert, Equal, Static } from '#contracts/api/common';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { USER_STATUSES } from '#domain/types';
import { validateCountry } from '#domain/validation';
import type { StaffUserTask } from './service';

// The answers' schemas are exactly what the services return (a compile error here means they differ).
export type StaffSchemaChecks = [
  Assert<Equal<Static<typeof staff.UserReviewSchema>, UserReview>>,
  Assert<Equal<Static<typeof staff.StaffUserTaskSchema>, StaffUserTask>>,
];

function userId(request: FastifyRequest): string {
  const { id } = request.params as { id?: unknown };
  if (!isPlausibleId(id)) throw new ApiError(404, 'USER_NOT_FOUND', 'User not found');
  return id;
}

function body(request: FastifyRequest): Record<string, unknown> {
  const b = asBody(request.body);
  if (!b) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return b;
}

/** The name a decision on a tasker records: the member, or the person the automation key's script names. */
const actorOf = (request: FastifyRequest) => actingName(staffOf(request), request.headers[STAFF_NAME_HEADER]);

/** A whole number query parameter from `min` to `max` (`fallback` when absent); 400 INVALID otherwise. */
function queryInt(raw: QueryValue, name: string, min: number, max: number, fallback: number): number {
  const value = single(raw);
  if (value.error) throw badRequest({ [name]: 'INVALID' });
  if (value.value === undefined || value.value === '') return fallback;
  if (!/^\d{1,9}$/.test(value.value)) throw badRequest({ [name]: 'INVALID' });
  const n = Number(value.value);
  if (n < min || n > max) throw badRequest({ [name]: 'INVALID' });
  return n;
}

/** The user's market, read without a lock (reads check it before answering). */
async function userCountry(ctx: AppContext, id: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('users').select('country_code').where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, 'USER_NOT_FOUND', 'User not found');
  return row.country_code;
}

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext, files: Files): void {
  serve(app, staff.listUsers)(async (request) => {
    const actor = staffOf(request);
    const query = asQuery(request.query);
    const text = (name: 'q' | 'email' | 'status' | 'country') => {
      const value = single(query[name]);
      if (value.error || (value.value && value.value.length > 254)) throw badRequest({ [name]: 'INVALID' });
      return value.value?.trim() || null;
    };
    const status = text('status');
    if (status && !(USER_STATUSES as readonly string[]).includes(status)) throw badRequest({ status: 'INVALID' });
    const country = text('country')?.toUpperCase() ?? null;
    if (country && validateCountry(country)) throw badRequest({ country: 'INVALID' });
    if (country) assertStaffMarket(actor, country);
    return searchUsers(ctx.db, {
      q: text('q'),
      email: text('email')?.toLowerCase() ?? null,
      status,
      country,
      markets: actor.markets,
      limit: queryInt(query.limit, 'limit', 1, 200, 50),
      offset: queryInt(query.offset, 'offset', 0, 1_000_000_000, 0),
    });
  });

  serve(app, staff.userReview)(async (request) => {
    const id = userId(request);
    assertUserMarket(staffOf(request), await userCountry(ctx, id));
    return userReview(ctx.db, id);
  });

  serve(app, staff.userTasks)(async (request) => {
    const id = userId(request);
    assertUserMarket(staffOf(request), await userCountry(ctx, id));
    return { data: await userTasks(ctx.db, id) };
  });

  for (const [route, active] of [[staff.deactivateUser, false], [staff.reactivateUser, true]] as const) {
    serve(app, route)(async (request, reply) => {
      const id = userId(request);
      const actor = staffOf(request);
      const by = actorOf(request);
      const input = request.body === undefined || request.body === null ? {} : body(request);
      return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
        const before = await lockUserSnapshot(trx, id);
        assertUserMarket(actor, before.countryCode);
        const now = ctx.clock.now();
        const { user, changed } = await setUserActive(trx, id, active, input, by, now);
        if (changed) {
          await recordStaffAction(trx, actor, { action: active ? 'user.reactivate' : 'user.deactivate', entity: 'user', entityId: id, country: before.countryCode, before, after: await lockUserSnapshot(trx, id) }, now);
        }
        return { status: 200, body: user };
      });
    });
  }

  /** A document's file for staff: the staff token is the credential (no signed URL to leak). */
  serve(app, staff.userDocumentFile)(async (request, reply) => {
    const id = userId(request);
    assertUserMarket(staffOf(request), await userCountry(ctx, id));
    const { documentId } = request.params as { documentId?: unknown };
    if (!isPlausibleId(documentId)) throw documentNotFound();
    const row = await findDocument(ctx.db, documentId);
    const bytes = row && row.user_id === id && row.uploaded_at && !row.deleted_at && row.storage_key ? await files.storage.get(row.storage_key) : null;
    if (!bytes) throw documentNotFound();
    return reply.type('image/jpeg').header('cache-control', 'no-store').send(bytes);
  });

  serve(app, staff.approveUser)(async (request, reply) => {
    const id = userId(request);
    const actor = staffOf(request);
    const by = actorOf(request);
    const toRemove: string[] = [];
    const sent = await runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const before = await lockUserSnapshot(trx, id);
      assertUserMarket(actor, before.countryCode);
      const now = ctx.clock.now();
      const { user, filesToRemove } = await approveUser(trx, id, by, now);
      await recordStaffAction(trx, actor, { action: 'user.approve', entity: 'user', entityId: id, country: before.countryCode, before, after: await lockUserSnapshot(trx, id) }, now);
      toRemove.push(...filesToRemove);
      return { status: 200, body: user };
    });
    // The identity document's file goes only after the approval is committed.
    await removeFiles(files, toRemove, (error, key) => request.log.warn({ err: error, key }, 'identity document file not deleted'));
    return sent;
  });

  serve(app, staff.rejectUser)(async (request, reply) => {
    const id = userId(request);
    const actor = staffOf(request);
    const by = actorOf(request);
    const input = body(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const before = await lockUserSnapshot(trx, id);
      assertUserMarket(actor, before.countryCode);
      const now = ctx.clock.now();
      const user = await rejectUser(trx, id, input, by, now);
      await recordStaffAction(trx, actor, { action: 'user.reject', entity: 'user', entityId: id, country: before.countryCode, before, after: await lockUserSnapshot(trx, id) }, now);
      return { status: 200, body: user };
    });
  });

  for (const [route, done] of [[staff.trainingDone, true], [staff.trainingUndone, false]] as const) {
    serve(app, route)(async (request, reply) => {
      const id = userId(request);
      const { trainingId } = request.params as { trainingId?: unknown };
      if (!isPlausibleId(trainingId)) throw trainingNotFound();
      const actor = staffOf(request);
      const by = actorOf(request);
      return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
        const user = await lockUserSnapshot(trx, id);
        assertUserMarket(actor, user.countryCode);
        const wasDone = await trx.selectFrom('user_trainings').select('training_id').where('user_id', '=', id).where('training_id', '=', trainingId).executeTakeFirst();
        const now = ctx.clock.now();
        const review = await setTrainingDone(trx, id, trainingId, done, by, now);
        if (Boolean(wasDone) !== done) {
          await recordStaffAction(
            trx,
            actor,
            { action: done ? 'user.training_done' : 'user.training_undone', entity: 'user', entityId: id, country: user.countryCode, before: { trainingId, done: !done }, after: { trainingId, done } },
            now,
          );
        }
        return { status: 200, body: review };
      });
    });
  }

  serve(app, staff.createPlace)(async (request, reply) => {
    const input = body(request);
    const actor = staffOf(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const place = await createPlace(trx, input, now);
      // Checked on the created place (its market validated by then); a refusal rolls the insert back.
      assertStaffMarket(actor, place.countryCode);
      await recordStaffAction(trx, actor, { action: 'place.create', entity: 'place', entityId: place.id, country: place.countryCode, after: place }, now);
      return { status: 201, body: place };
    });
  });

  for (const [route, decision] of [[staff.acceptTask, 'accepted'], [staff.rejectTask, 'rejected']] as const) {
    serve(app, route)(async (request, reply) => {
      const { id } = request.params as { id?: unknown };
      if (!isPlausibleId(id)) throw new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
      const input = request.body === undefined || request.body === null ? {} : body(request);
      const actor = staffOf(request);
      return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
        const before = await lockTaskSnapshot(trx, id);
        assertStaffMarket(actor, before.countryCode);
        const now = ctx.clock.now();
        const task = await reviewTask(trx, id, decision, input, now);
        const after = await lockTaskSnapshot(trx, id);
        await recordStaffAction(trx, actor, { action: decision === 'accepted' ? 'task.accept' : 'task.reject', entity: 'task', entityId: id, country: before.countryCode, before, after }, now);
        return { status: 200, body: task };
      });
    });
  }

  serve(app, staff.createTask)(async (request, reply) => {
    const input = body(request);
    const actor = staffOf(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const task = await createTask(trx, input, now);
      // Checked on the created task (its place's market known by then); a refusal rolls the insert back.
      const created = await lockTaskSnapshot(trx, task.id);
      assertStaffMarket(actor, created.countryCode);
      await recordStaffAction(trx, actor, { action: 'task.create', entity: 'task', entityId: task.id, country: created.countryCode, after: { ...created, title: task.title, placeId: task.place.id, timeWindowStart: task.timeWindowStart, timeWindowEnd: task.timeWindowEnd } }, now);
      return { status: 201, body: task };
    });
  });
}
