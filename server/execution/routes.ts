/**
 * Execution routes (docs/api.md, "Execution"):
 * checklist, products, defects, scanned items, photos (metadata, presigned upload, signed read
 * URLs) and completion. Every POST goes through runIdempotent with the tasker as scope; only the
 * task's own tasker sees or changes anything (others: 404 TASK_NOT_FOUND).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requireUser, requireUserById } from '../auth/guard';
import { isPlausibleId, readRecordedAt } from '../http/input';
import { idempotentAnswer, runIdempotent } from '../http/idempotency';
import { registerDirectWrite, type DirectWrite, type WriteCall } from '../http/directWrites';
import type { Files } from '../storage/uploads';
import type { PhotoUploadTarget } from '#domain/types';
import { readBody, readCompleteInput, readIdList, readNewPhotos, readPhotoComment, readScannedItems } from './input';
import { completeTask, ownTask, taskNotFound, type Writer } from './service';
import { listChecklistItems, setDoneChecklistItems } from './checklist';
import { listGlobalDefects, listProducts, listTaskDefects, setTaskDefects } from './defects';
import { listScannedItems, replaceScannedItems } from './scans';
import { createPhotos, deletePhotos, listPhotos, photoNotFound, toApiPhoto, updatePhotoComment } from './photos';
import { PHOTO_NAMESPACE } from './photo-uploads';
import { TASK_PHOTO_TARGET } from '../storage/signing';
import type { RouteDefinition } from '#contracts/api/common';
import * as execution from '#contracts/api/execution';
import { serve } from '../http/contract';

function taskIdParam(request: FastifyRequest | WriteCall): string {
  const { taskId } = request.params as { taskId?: unknown };
  if (!isPlausibleId(taskId)) throw taskNotFound();
  return taskId;
}

/**
 * Registers the execution routes. Photo files go through the shared upload pipeline (`files`:
 * storage and signed URLs; its PUT and file routes are registered once in server/app.ts with the
 * task-photo target of ./photo-uploads.ts).
 */
export function registerExecutionRoutes(app: FastifyInstance, ctx: AppContext, files: Files): DirectWrite[] {
  const { storage } = files;
  const readUrl = (photoId: string) => files.readUrl(PHOTO_NAMESPACE, photoId);
  const uploadTarget = async (row: Parameters<typeof toApiPhoto>[0]): Promise<PhotoUploadTarget> => ({
    ...(await files.upload({ target: TASK_PHOTO_TARGET, id: row.id, scope: row.task_id, userId: row.user_id })),
    photo: toApiPhoto(row, readUrl),
  });

  /** The tasker making a write, and when their phone recorded it (late delivery after expiry). */
  async function writer(request: FastifyRequest): Promise<Writer> {
    const user = await requireUser(ctx, request);
    return { userId: user.id, clock: ctx.clock, recordedAt: readRecordedAt(request.headers) };
  }
  /** The same for a direct write's call. */
  async function callWriter(c: WriteCall): Promise<Writer> {
    const user = await requireUserById(ctx, c.taskerId);
    return { userId: user.id, clock: ctx.clock, recordedAt: readRecordedAt(c.headers) };
  }
  /** Registers a database-only write as a route that a batch segment may also run directly (server/http/directWrites.ts). */
  const direct: DirectWrite[] = [];
  const write = (definition: RouteDefinition, run: DirectWrite['run'], options: { defers?: boolean } = {}) => direct.push(registerDirectWrite(app, definition, { run, ...options }));

  /** Reads need only ownership (reserved, in progress and history alike). */
  async function readable(request: FastifyRequest) {
    const user = await requireUser(ctx, request);
    const task = await ownTask(ctx.db, user.id, taskIdParam(request));
    return { user, task };
  }

  serve(app, execution.listGlobalDefects)(async (request) => {
    const user = await requireUser(ctx, request);
    return { data: await listGlobalDefects(ctx.db, user.country_code) };
  });

  serve(app, execution.listChecklistItems)(async (request) => {
    const { task } = await readable(request);
    return { data: await listChecklistItems(ctx.db, task) };
  });

  write(execution.setDoneChecklistItems, async (c) => {
    const w = await callWriter(c);
    const taskId = taskIdParam(c);
    const ids = readIdList(readBody(c.body), 'ids');
    return idempotentAnswer(ctx, c.call, w.userId, async (trx) => ({ status: 200, body: await setDoneChecklistItems(trx, w, taskId, ids) }));
  }, { defers: true });

  serve(app, execution.listProducts)(async (request) => {
    const { task } = await readable(request);
    return { data: await listProducts(ctx.db, task.id) };
  });

  serve(app, execution.listTaskDefects)(async (request) => {
    const { task } = await readable(request);
    return { data: await listTaskDefects(ctx.db, task.id) };
  });

  write(execution.setTaskDefects, async (c) => {
    const w = await callWriter(c);
    const taskId = taskIdParam(c);
    const defectIds = readIdList(readBody(c.body), 'defectIds');
    return idempotentAnswer(ctx, c.call, w.userId, async (trx) => ({ status: 200, body: await setTaskDefects(trx, w, taskId, defectIds) }));
  }, { defers: true });

  serve(app, execution.listScannedItems)(async (request) => {
    const { task } = await readable(request);
    return { data: await listScannedItems(ctx.db, task.id) };
  });

  write(execution.replaceScannedItems, async (c) => {
    const w = await callWriter(c);
    const taskId = taskIdParam(c);
    const items = readScannedItems(readBody(c.body));
    return idempotentAnswer(ctx, c.call, w.userId, async (trx) => ({ status: 200, body: await replaceScannedItems(trx, w, taskId, items) }));
  }, { defers: true });

  serve(app, execution.listPhotos)(async (request) => {
    const { task } = await readable(request);
    return { data: (await listPhotos(ctx.db, task.id)).map((r) => toApiPhoto(r, readUrl)) };
  });

  serve(app, execution.createPhotos)(async (request, reply) => {
    const w = await writer(request);
    const taskId = taskIdParam(request);
    const photos = readNewPhotos(readBody(request.body));
    return runIdempotent(ctx, request, reply, w.userId, async (trx) => ({
      status: 200,
      body: { data: await Promise.all((await createPhotos(trx, w, taskId, photos)).map(uploadTarget)) },
    }));
  });

  serve(app, execution.deletePhotos)(async (request, reply) => {
    const w = await writer(request);
    const taskId = taskIdParam(request);
    const photoIds = readIdList(readBody(request.body), 'photoIds', { min: 1 });
    const toRemove: string[] = [];
    const sent = await runIdempotent(ctx, request, reply, w.userId, async (trx) => {
      const result = await deletePhotos(trx, w, taskId, photoIds);
      toRemove.push(...result.storageKeys);
      return { status: 200, body: { deleted: result.deleted } };
    });
    // Files go only after the rows are committed (a rolled-back delete keeps its file).
    await Promise.all(toRemove.map((key) => storage.delete(key).catch((error: unknown) => request.log.warn({ err: error, key }, 'photo file not deleted'))));
    return sent;
  });

  write(execution.updatePhoto, async (c) => {
    const w = await callWriter(c);
    const taskId = taskIdParam(c);
    const { photoId } = c.params as { photoId?: unknown };
    if (!isPlausibleId(photoId)) throw photoNotFound();
    const comment = readPhotoComment(readBody(c.body));
    return idempotentAnswer(ctx, c.call, w.userId, async (trx) => ({
      status: 200,
      body: toApiPhoto(await updatePhotoComment(trx, w, taskId, photoId, comment), readUrl),
    }));
  });

  write(execution.completeTask, async (c) => {
    const w = await callWriter(c);
    const taskId = taskIdParam(c);
    const input = readCompleteInput(c.body);
    return idempotentAnswer(ctx, c.call, w.userId, async (trx) => ({
      status: 200,
      body: await completeTask(trx, w, ctx.config.reservationLimitMinutes, taskId, input),
    }));
  });
  return direct;
}
