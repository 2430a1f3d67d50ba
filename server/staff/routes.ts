/**
 * The staff API (no UI in the spec): registered in the `staff` access scope (server/app.ts), so
 * every route needs `Authorization: Bearer <STAFF_TOKEN>` however its path is spelled — the
 * document files staff open too. Mutations go through the same Idempotency-Key mechanism as
 * tasker routes (scope 'staff'); decisions on a tasker name who made them
 * (`Shelfwork-Staff-Name`, ./review.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../http/errors';
import { asBody, asQuery, isPlausibleId, single } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import type { Files } from '../storage/uploads';
import { documentNotFound, findDocument, removeFiles } from '../users/documents';
import { createPlace, createTask, listUsers, reviewTask } from './service';
import { STAFF_NAME_HEADER, approveUser, readStaffName, rejectUser, setTrainingDone, trainingNotFound, userReview, type UserReview } from './review';
import * as staff from '#contracts/api/staff';
import type { Assert, Equal, Static } from '#contracts/api/common';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';

// The review answer's schema is exactly what the service returns (a compile error here means they differ).
export type StaffSchemaChecks = [Assert<Equal<Static<typeof staff.UserReviewSchema>, UserReview>>];

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

/** Who is deciding: the Shelfwork-Staff-Name header ('staff' when absent). */
const actorOf = (request: FastifyRequest) => readStaffName(request.headers[STAFF_NAME_HEADER]);

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext, files: Files): void {
  serve(app, staff.listUsers)(async (request) => {
    const email = single(asQuery(request.query).email);
    if (email.error || (email.value && email.value.length > 254)) throw badRequest({ email: 'INVALID' });
    return { data: await listUsers(ctx.db, email.value?.trim().toLowerCase() || null) };
  });

  serve(app, staff.userReview)(async (request) => userReview(ctx.db, userId(request)));

  /** A document's file for staff: the staff token is the credential (no signed URL to leak). */
  serve(app, staff.userDocumentFile)(async (request, reply) => {
    const id = userId(request);
    const { documentId } = request.params as { documentId?: unknown };
    if (!isPlausibleId(documentId)) throw documentNotFound();
    const row = await findDocument(ctx.db, documentId);
    const bytes = row && row.user_id === id && row.uploaded_at && !row.deleted_at && row.storage_key ? await files.storage.get(row.storage_key) : null;
    if (!bytes) throw documentNotFound();
    return reply.type('image/jpeg').header('cache-control', 'no-store').send(bytes);
  });

  serve(app, staff.approveUser)(async (request, reply) => {
    const id = userId(request);
    const actor = actorOf(request);
    const toRemove: string[] = [];
    const sent = await runIdempotent(ctx, request, reply, 'staff', async (trx) => {
      const { user, filesToRemove } = await approveUser(trx, id, actor, ctx.clock.now());
      toRemove.push(...filesToRemove);
      return { status: 200, body: user };
    });
    // The identity document's file goes only after the approval is committed.
    await removeFiles(files, toRemove, (error, key) => request.log.warn({ err: error, key }, 'identity document file not deleted'));
    return sent;
  });

  serve(app, staff.rejectUser)(async (request, reply) => {
    const id = userId(request);
    const actor = actorOf(request);
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await rejectUser(trx, id, input, actor, ctx.clock.now()) }));
  });

  for (const [route, done] of [[staff.trainingDone, true], [staff.trainingUndone, false]] as const) {
    serve(app, route)(async (request, reply) => {
      const id = userId(request);
      const { trainingId } = request.params as { trainingId?: unknown };
      if (!isPlausibleId(trainingId)) throw trainingNotFound();
      const actor = actorOf(request);
      return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await setTrainingDone(trx, id, trainingId, done, actor, ctx.clock.now()) }));
    });
  }

  serve(app, staff.createPlace)(async (request, reply) => {
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await createPlace(trx, input, ctx.clock.now()) }));
  });

  for (const [route, decision] of [[staff.acceptTask, 'accepted'], [staff.rejectTask, 'rejected']] as const) {
    serve(app, route)(async (request, reply) => {
      const { id } = request.params as { id?: unknown };
      if (!isPlausibleId(id)) throw new ApiError(404, 'TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
      const input = request.body === undefined || request.body === null ? {} : body(request);
      return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await reviewTask(trx, id, decision, input, ctx.clock.now()) }));
    });
  }

  serve(app, staff.createTask)(async (request, reply) => {
    const input = body(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await createTask(trx, input, ctx.clock.now()) }));
  });
}
