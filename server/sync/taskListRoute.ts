/**
 * GET /api/task, the task list (spec section 7): a page of tasks, served from its stored answer
 * when nothing of it changed (./listAnswers.ts, decision 0010), or what changed since a delta
 * cursor (./taskDelta.ts, decision 0009). It sits above the tasks feature, whose queries and
 * mapping it uses; app.ts registers it just before the other task read routes (tasks/routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { taskerIdOf } from '../http/access';
import { ApiError, badRequest } from '../http/errors';
import { asQuery, single } from '../http/input';
import { TASK_ORDER_BY, type Coordinates, type Task, type TaskOrderBy } from '#domain/types';
import { readTimestamp } from '#domain/time';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';
import { listTasks, orderSpec, type KeysetPosition, type TaskRow, type Viewer } from '../tasks/queries';
import { loadViewerForList } from '../tasks/listChanges';
import { decodeCursor, encodeCursor, toApiTask, toApiTaskType } from '../tasks/map';
import { referenceCache } from '../tasks/reference-cache';
import { toViewer } from '../tasks/viewer';
import { taskTypeShape } from '../catalog/visibility';
import { cannotSeeTasks, readFilters, readFirst, readPosition } from '../tasks/routes';
import { fullCursor, listFingerprint, readDelta, usableCursor } from './taskDelta';
import { dataEpoch } from '../db/dataEpoch';
import { chooseEncoding, encodedBody, etagMatches, listAnswers, weakEtag, type ListAnswers, type StoredAnswer } from './listAnswers';

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

export function registerTaskListRoute(app: FastifyInstance, ctx: AppContext): void {
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
      const fingerprint = listFingerprint(viewer, filters.statuses, await dataEpoch(ctx.db));
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
    const fingerprint = answerKey === null ? '' : listFingerprint(viewer, filters.statuses, await dataEpoch(ctx.db));
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
}
