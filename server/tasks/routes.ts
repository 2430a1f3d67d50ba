/** Task read routes (spec section 7): GET task, task/{taskId}, task/places, task/reservation-limit. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { taskerIdOf } from '../http/access';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { asQuery, isPlausibleId, parseBoolParam, parseFloatParam, parseIntParam, single, type Query } from '../http/input';
import { parseLatLng, isValidCoordinates } from '#domain/geo';
import { TASK_ORDER_BY, TASK_PAGE_SIZE, TASK_STATUSES, type Coordinates, type Page, type Place, type ReservationLimit, type Task, type TaskOrderBy, type TaskStatus } from '#domain/types';
import {
  findTask,
  listPlacesWithTasks,
  listTasks,
  loadViewerRow,
  orderSpec,
  type KeysetPosition,
  type TaskFilters,
  type TaskRow,
  type Viewer,
  type ViewerRow,
} from './queries';
import { loadViewerForList } from './listChanges';
import { decodeCursor, encodeCursor, toApiPlace, toApiTask, toApiTaskType } from './map';
import { referenceCache } from './reference-cache';
import { toViewer } from './viewer';
import { taskTypeShape } from './visibility';
import { readTimestamp } from '#domain/time';
import { fullCursor, listFingerprint, readDelta, usableCursor } from '../sync/taskDelta';
import { chooseEncoding, encodedBody, etagMatches, listAnswers, weakEtag, type ListAnswers, type StoredAnswer } from '../sync/listAnswers';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';

/** Loads the viewer (user, done trainings, reserved minutes) of a `tasker` route in one query. */
export async function requireViewer(ctx: AppContext, request: FastifyRequest): Promise<{ user: ViewerRow; viewer: Viewer }> {
  const user = await loadViewerRow(ctx.db, taskerIdOf(request));
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
  return { user, viewer: toViewer(user, ctx.config.reservationLimitMinutes) };
}

/** Position from latitude/longitude query params, else the `Geolocation: lat,lng` header. */
export function readPosition(request: FastifyRequest, query: Query, errors: Record<string, string>): Coordinates | null {
  const lat = parseFloatParam(query.latitude);
  const lng = parseFloatParam(query.longitude);
  if (lat.error) errors.latitude = lat.error;
  if (lng.error) errors.longitude = lng.error;
  if (lat.value !== undefined || lng.value !== undefined) {
    if (lat.value === undefined) errors.latitude = 'REQUIRED';
    if (lng.value === undefined) errors.longitude = 'REQUIRED';
    const c = { latitude: lat.value, longitude: lng.value };
    if (lat.value !== undefined && lng.value !== undefined) {
      if (isValidCoordinates(c)) return c;
      errors.latitude = 'OUT_OF_RANGE';
    }
    return null;
  }
  const header = request.headers.geolocation;
  return typeof header === 'string' ? parseLatLng(header) : null;
}

function readFilters(query: Query, errors: Record<string, string>): TaskFilters {
  const filters: TaskFilters = {};
  const status = single(query.status);
  if (status.error) errors.status = status.error;
  else if (status.value !== undefined && status.value.trim() !== '') {
    const list = status.value.split(',').map((s) => s.trim()).filter((s) => s !== '');
    if (list.length === 0 || list.some((s) => !(TASK_STATUSES as readonly string[]).includes(s))) errors.status = 'INVALID';
    else filters.statuses = [...new Set(list)] as TaskStatus[];
  }
  const search = single(query.search);
  if (search.error) errors.search = search.error;
  else if (search.value !== undefined && search.value.trim() !== '') {
    if (search.value.length > 200) errors.search = 'TOO_LONG';
    else filters.search = search.value.trim();
  }
  for (const name of ['isReservable', 'isStartable', 'hasOutstandingDispute'] as const) {
    const b = parseBoolParam(query[name]);
    if (b.error) errors[name] = b.error;
    else if (b.value !== undefined) filters[name] = b.value;
  }
  for (const name of ['placeId', 'trainingId'] as const) {
    const s = single(query[name]);
    if (s.error) errors[name] = s.error;
    else if (s.value !== undefined && s.value !== '') {
      if (!isPlausibleId(s.value)) errors[name] = 'INVALID';
      else filters[name] = s.value;
    }
  }
  return filters;
}

function readFirst(query: Query, errors: Record<string, string>): number {
  const first = parseIntParam(query.first, 1, TASK_PAGE_SIZE);
  if (first.error) errors.first = first.error;
  return first.value ?? TASK_PAGE_SIZE;
}

function toApiTasks(ctx: AppContext, rows: TaskRow[], viewer: Viewer, position: Coordinates | null): Task[] {
  const now = ctx.clock.now();
  return rows.map((r) => toApiTask(r, Array.isArray(r.tt_trainings) ? r.tt_trainings : [], viewer, now, position));
}

/**
 * The hot path: Task JSON assembled by hand so each task type's JSON (most of the bytes) is
 * serialised once per process instead of once per task (same JSON shape as toApiTask).
 */
function taskJsonParts(ctx: AppContext, rows: TaskRow[], viewer: Viewer, position: Coordinates | null, now: Date = ctx.clock.now()): string[] {
  const cache = referenceCache(ctx.db);
  const shape = taskTypeShape(viewer);
  return rows.map((r) => {
    const trainings = Array.isArray(r.tt_trainings) ? r.tt_trainings : [];
    const taskType = cache.apiTaskType(r.task_type_id, r.tt_locale, shape, () => toApiTaskType(r, trainings, viewer));
    const task: Partial<Task> = toApiTask(r, trainings, viewer, now, position, taskType.value);
    task.taskType = undefined; // left out by JSON.stringify, spliced in below
    return `${JSON.stringify(task).slice(0, -1)},"taskType":${taskType.json}}`;
  });
}

/**
 * A list answer from its stored bytes: `ETag` (weak, of the JSON), `304` when If-None-Match names
 * it, else the JSON in the best encoding the client accepts (made once per answer and kept;
 * @fastify/compress leaves an answer that has a Content-Encoding alone). Below 1 KB, as
 * @fastify/compress's threshold, the JSON goes as it is.
 */
function sendStoredAnswer(request: FastifyRequest, reply: FastifyReply, answers: ListAnswers, answer: StoredAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  reply.header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    answers.stats.notModified++;
    return reply.code(304).send();
  }
  const encoding = answer.json.length < 1024 ? 'identity' : chooseEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encodedBody(answer, encoding));
}

function cannotSeeTasks(): ApiError {
  return forbidden('CANNOT_SEE_TASKS', 'Tasks are not available for this account');
}

export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, tasks.listTasks)(async (request, reply) => {
    const userId = taskerIdOf(request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const filters = readFilters(query, errors);
    const first = readFirst(query, errors);
    const position = readPosition(request, query, errors);
    const orderByRaw = single(query.orderBy);
    let orderBy: TaskOrderBy = 'time_window_start';
    if (orderByRaw.error) errors.orderBy = orderByRaw.error;
    else if (orderByRaw.value !== undefined && orderByRaw.value !== '') {
      if ((TASK_ORDER_BY as readonly string[]).includes(orderByRaw.value)) orderBy = orderByRaw.value as TaskOrderBy;
      else errors.orderBy = 'INVALID';
    }
    if (orderBy === 'distance' && !position && !errors.latitude && !errors.longitude) errors.latitude = 'REQUIRED';
    let after: KeysetPosition | null = null;
    const afterRaw = single(query.after);
    if (afterRaw.error) errors.after = afterRaw.error;
    else if (afterRaw.value) {
      const c = decodeCursor(afterRaw.value);
      const valueOk = c && (typeof c.v === 'string' ? readTimestamp(c.v).value !== null : typeof c.v === 'number' && Number.isFinite(c.v));
      if (!c || c.o !== orderBy || !valueOk || typeof c.i !== 'string' || c.i.length > 64) errors.after = 'CURSOR_INVALID';
      else after = { value: c.v as string | number, id: c.i };
    }
    // Delta sync (server/sync/taskDelta.ts): `since=` (empty) asks for the full list with a
    // cursor, `since=<cursor>` for what changed. Only the status filter narrows a delta list.
    const sinceRaw = single(query.since);
    const since = sinceRaw.value;
    if (sinceRaw.error) errors.since = sinceRaw.error;
    else if (since !== undefined && (after !== null || afterRaw.value || Object.keys(filters).some((k) => k !== 'statuses'))) errors.since = 'NOT_ALLOWED';

    // A page without `since` may be served as stored bytes (server/sync/listAnswers.ts): the one
    // viewer statement also checks the stored answer against the database's change feed.
    const answers = listAnswers(ctx.db);
    const answerKey = since === undefined && Object.keys(errors).length === 0 ? `${userId}\u0000${JSON.stringify([filters, first, orderBy, afterRaw.value ?? null, position])}` : null;
    const stored = answerKey === null ? undefined : answers.peek(answerKey);
    const now = ctx.clock.now();
    const loaded = await loadViewerForList(
      ctx.db,
      userId,
      // The clock range between the answer's and now, whichever comes first (concurrent requests need not arrive in clock order).
      stored
        ? { viewer: stored.viewer, statuses: stored.statuses, snapshot: stored.snapshot, clockFrom: new Date(Math.min(stored.clockMs, now.getTime())), now: new Date(Math.max(stored.clockMs, now.getTime())) }
        : null,
    );
    if (!loaded.row) throw new ApiError(401, 'UNAUTHORIZED', 'Unknown user');
    const viewer = toViewer(loaded.row, ctx.config.reservationLimitMinutes);
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    if (!viewer.canSeeTasks) throw cannotSeeTasks();
    let deltaCursor: string | null = null;
    if (since !== undefined) {
      const fingerprint = listFingerprint(viewer, filters.statuses);
      const cursor = usableCursor(since, fingerprint, now);
      const delta = cursor ? await readDelta(ctx.db, viewer, filters.statuses, cursor, fingerprint, now) : { kind: 'full' as const };
      if (delta.kind === 'delta') {
        const parts = taskJsonParts(ctx, delta.changed, viewer, position);
        return reply
          .type('application/json; charset=utf-8')
          .send(`{"changed":[${parts.join(',')}],"removed":${JSON.stringify(delta.removed)},"cursor":${JSON.stringify(delta.cursor)}}`);
      }
      deltaCursor = await fullCursor(ctx.db, fingerprint, now);
    }
    const fingerprint = answerKey === null ? '' : listFingerprint(viewer, filters.statuses);
    const cache = referenceCache(ctx.db);
    if (answerKey !== null && stored) {
      if (!loaded.changed && stored.fingerprint === fingerprint && cache.clockMs() < stored.freshUntil) {
        // Nothing of this list changed between the answer's snapshot and this statement's: the
        // answer is right as of this snapshot too, so the next check starts from here. Its clock
        // stays the one it was made at (the window check spans from there to the request's).
        stored.snapshot = loaded.snapshot;
        answers.touch(answerKey, stored);
        answers.stats.hits++;
        return sendStoredAnswer(request, reply, answers, stored);
      }
      answers.drop(answerKey);
    }
    const spec = orderSpec(orderBy, position);
    const rows = await listTasks(ctx.db, viewer, filters, spec, after, first + 1, now);
    const hasNext = rows.length > first;
    const pageRows = rows.slice(0, first);
    const cursorOf = (r: TaskRow) =>
      encodeCursor({ o: orderBy, v: r.sort_value instanceof Date ? r.sort_value.toISOString() : typeof r.sort_value === 'number' ? r.sort_value : String(r.sort_value), i: r.id });
    const firstRow = pageRows[0];
    const lastRow = pageRows[pageRows.length - 1];
    const pageInfo = {
      startCursor: firstRow ? cursorOf(firstRow) : null,
      endCursor: lastRow ? cursorOf(lastRow) : null,
      hasNext,
      hasPrevious: after !== null,
    };
    const parts = taskJsonParts(ctx, pageRows, viewer, position, now);
    const cursorPart = deltaCursor === null ? '' : `,"cursor":${JSON.stringify(deltaCursor)}`;
    const text = `{"data":[${parts.join(',')}],"pageInfo":${JSON.stringify(pageInfo)}${cursorPart}}`;
    if (answerKey === null || !answers.enabled) return reply.type('application/json; charset=utf-8').send(text);
    // Every row of the page (and the one past it) was completed from these reference entries.
    const freshUntil = cache.freshUntil(
      rows.map((r) => r.task_type_id),
      rows.map((r) => r.place_id),
      rows.map((r) => r.country_code ?? r.place_country_code),
    );
    const json = Buffer.from(text, 'utf8');
    const answer: StoredAnswer = {
      viewer,
      statuses: filters.statuses,
      fingerprint,
      snapshot: loaded.snapshot,
      clockMs: now.getTime(),
      freshUntil,
      json,
      etag: weakEtag(json),
      encoded: {},
    };
    answers.store(answerKey, answer);
    answers.stats.misses++;
    return sendStoredAnswer(request, reply, answers, answer);
  });

  serve(app, tasks.listPlaces)(async (request): Promise<Page<Place>> => {
    const { viewer } = await requireViewer(ctx, request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const filters = readFilters(query, errors);
    delete filters.statuses;
    const first = readFirst(query, errors);
    const position = readPosition(request, query, errors);
    let offset = 0;
    const afterRaw = single(query.after);
    if (afterRaw.error) errors.after = afterRaw.error;
    else if (afterRaw.value) {
      const c = decodeCursor(afterRaw.value);
      if (!c || c.o !== 'places' || typeof c.n !== 'number' || !Number.isInteger(c.n) || c.n < 0 || c.n > 1_000_000) errors.after = 'CURSOR_INVALID';
      else offset = c.n;
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    if (!viewer.canSeeTasks) throw cannotSeeTasks();
    const rows = await listPlacesWithTasks(ctx.db, viewer, filters, position, offset, first + 1, ctx.clock.now());
    const hasNext = rows.length > first;
    const page = rows.slice(0, first);
    return {
      data: page.map((r) => toApiPlace(r, position)),
      pageInfo: {
        startCursor: page.length > 0 ? encodeCursor({ o: 'places', n: offset }) : null,
        endCursor: page.length > 0 ? encodeCursor({ o: 'places', n: offset + page.length }) : null,
        hasNext,
        hasPrevious: offset > 0,
      },
    };
  });

  serve(app, tasks.reservationLimit)(async (request): Promise<ReservationLimit> => {
    const { viewer } = await requireViewer(ctx, request);
    return { used: viewer.reservationUsed, limit: viewer.reservationLimit };
  });

  serve(app, tasks.getTask)(async (request): Promise<Task> => {
    const { user, viewer } = await requireViewer(ctx, request);
    const { taskId } = request.params as { taskId?: unknown };
    const taskNotFound = () => notFound('TASK_NOT_FOUND', 'Task not found');
    if (!isPlausibleId(taskId)) throw taskNotFound();
    const row = await findTask(ctx.db, taskId);
    if (!row) throw taskNotFound();
    const own = row.tasker_id === user.id;
    if (!own) {
      if (row.status !== 'available' || row.place_country_code !== user.country_code) throw taskNotFound();
      if (!viewer.canSeeTasks) throw cannotSeeTasks();
    }
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const position = readPosition(request, query, errors);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const [task] = toApiTasks(ctx, [row], viewer, position);
    return task as Task;
  });
}
