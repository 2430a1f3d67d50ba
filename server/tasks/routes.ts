/**
 * Task read routes (spec section 7): GET task/{taskId}, task/places, task/reservation-limit, and
 * the list's query readers. The list itself (GET task: stored answers, delta sync) is
 * server/sync/taskListRoute.ts, one layer up, registered just before these.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { asQuery, isPlausibleId, parseBoolParam, parseFloatParam, parseIntParam, single, type Query } from '../http/input';
import { parseLatLng, isValidCoordinates } from '#domain/geo';
import { TASK_PAGE_SIZE, TASK_STATUSES, type Coordinates, type Page, type Place, type ReservationLimit, type Task, type TaskStatus } from '#domain/types';
import { findTask, listPlacesWithTasks, type TaskFilters, type TaskRow, type Viewer } from './queries';
import { decodeCursor, encodeCursor, toApiPlace, toApiTask } from './map';
import { requireViewer } from './viewer';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';

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

export function readFilters(query: Query, errors: Record<string, string>): TaskFilters {
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

export function readFirst(query: Query, errors: Record<string, string>): number {
  const first = parseIntParam(query.first, 1, TASK_PAGE_SIZE);
  if (first.error) errors.first = first.error;
  return first.value ?? TASK_PAGE_SIZE;
}

function toApiTasks(ctx: AppContext, rows: TaskRow[], viewer: Viewer, position: Coordinates | null): Task[] {
  const now = ctx.clock.now();
  return rows.map((r) => toApiTask(r, Array.isArray(r.tt_trainings) ? r.tt_trainings : [], viewer, now, position));
}

export function cannotSeeTasks(): ApiError {
  return forbidden('CANNOT_SEE_TASKS', 'Tasks are not available for this account');
}

export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    const taskNotFound = () => notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
    if (!isPlausibleId(taskId)) throw taskNotFound();
    const row = await findTask(ctx.db, taskId);
    if (!row) throw taskNotFound();
    const own = row.tasker_id === user.id;
    if (!own) {
      if (!row.published || row.place_country_code !== user.country_code) throw taskNotFound();
      // An account that may not see tasks gets that refusal first: it learns nothing of who holds one.
      if (!viewer.canSeeTasks) throw cannotSeeTasks();
      // A task of the viewer's offerings that another tasker took (or finished): still a 404, with
      // the code that lets the page say it is no longer available rather than not found.
      if (row.status !== 'available') throw notFound('TASK_NO_LONGER_AVAILABLE', REFUSAL_WORDS.TASK_NO_LONGER_AVAILABLE.message);
    }
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const position = readPosition(request, query, errors);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const [task] = toApiTasks(ctx, [row], viewer, position);
    return task as Task;
  });
}
