/**
 * Test-only: a small in-memory stand-in for the Shelfwork API, as a `fetchImpl`. It records
 * every request (headers included) and answers from per-route handlers, so sync tests exercise
 * the real HTTP client, engine and Dexie code without a server. Also builds API-shaped fixtures.
 */
import type { FetchImpl } from '../../src/api/http';
import { cancelRefusal, reserveRefusal, startRefusal } from '../../src/domain/lifecycle';
import {
  SUGGESTIONS_PAGE_SIZE,
  type ChecklistItem,
  type Defect,
  type Photo,
  type Product,
  type ReservationLimit,
  type ScannedItem,
  type Task,
  type TaskStatus,
  type Training,
  type User,
} from '../../src/domain/types';

export interface FakeRequest {
  method: string;
  /** Path under /api without the query string, e.g. 'task' or 'task/t1'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  /** The bytes of a binary body (a photo PUT), else null. */
  raw?: Uint8Array | null;
}

/** An answer, or 'network-error' to make fetch throw as when the signal is gone. */
export type FakeAnswer = { status: number; body?: unknown } | 'network-error';
export type FakeHandler = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export const API_BASE = 'http://shelfwork.test/api/';

export class FakeApi {
  readonly requests: FakeRequest[] = [];
  private readonly routes = new Map<string, FakeHandler>();
  /** Routes with a path pattern (e.g. task/{id}/reserve), tried after the exact ones, in order. */
  private readonly patterns: { method: string; pattern: RegExp; handler: (req: FakeRequest, match: RegExpMatchArray) => FakeAnswer | Promise<FakeAnswer> }[] = [];
  /** Access tokens the fake accepts; `bearer()` answers 401 for any other. */
  readonly validTokens = new Set<string>();

  on(method: string, path: string, handler: FakeHandler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  /** Removes an exact route (e.g. a test's 'network-error' override), uncovering the pattern routes. */
  off(method: string, path: string): this {
    this.routes.delete(`${method} ${path}`);
    return this;
  }

  onMatch(method: string, pattern: RegExp, handler: (req: FakeRequest, match: RegExpMatchArray) => FakeAnswer | Promise<FakeAnswer>): this {
    this.patterns.push({ method, pattern, handler });
    return this;
  }

  /** Requests to one route, in order. */
  calls(method: string, path: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** 401 in the API's error shape unless the request carries a valid bearer token. */
  unauthorized(req: FakeRequest): FakeAnswer | null {
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (token && this.validTokens.has(token)) return null;
    return { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Invalid token' } } };
  }

  /** A handler that checks the token first, then answers with `answer`. */
  authed(answer: FakeHandler): FakeHandler {
    return (req) => this.unauthorized(req) ?? answer(req);
  }

  /** No signal at all: every request fails before reaching the server (and is not recorded). */
  offline = false;

  readonly fetch: FetchImpl = async (input, init) => {
    if (this.offline) throw new TypeError('Failed to fetch');
    const url = new URL(input);
    if (!url.href.startsWith(API_BASE)) throw new TypeError(`unexpected URL ${url.href}`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const req: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.slice(new URL(API_BASE).pathname.length),
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      raw: init.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : null,
    };
    this.requests.push(req);
    const answer: FakeAnswer = await this.answer(req);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };

  private async answer(req: FakeRequest): Promise<FakeAnswer> {
    const handler = this.routes.get(`${req.method} ${req.path}`);
    if (handler) return handler(req);
    for (const route of this.patterns) {
      const match = route.method === req.method ? req.path.match(route.pattern) : null;
      if (match) return route.handler(req, match);
    }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.path}` } } };
  }
}

/** One page of `items` as the API pages them: `first`, `after` = index cursor 'c<n>'. */
export function pageOf<T>(items: readonly T[], query: URLSearchParams, defaultFirst: number): FakeAnswer {
  const first = Number(query.get('first') ?? String(defaultFirst));
  const after = query.get('after');
  const start = after ? Number(after.replace('c', '')) + 1 : 0;
  const data = items.slice(start, start + first);
  const end = start + data.length - 1;
  return {
    status: 200,
    body: {
      data,
      pageInfo: {
        startCursor: data.length ? `c${start}` : null,
        endCursor: data.length ? `c${end}` : null,
        hasNext: end + 1 < items.length,
        hasPrevious: start > 0,
      },
    },
  };
}

/** The server's -end_time order: coalesce(endTime, timeWindowEnd) descending, then id. */
function byEndTimeDesc(a: Task, b: Task): number {
  const diff = Date.parse(b.endTime ?? b.timeWindowEnd) - Date.parse(a.endTime ?? a.timeWindowEnd);
  return diff || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function refusal(status: number, code: string, message: string, fields?: Record<string, string>): FakeAnswer {
  return { status, body: { error: fields ? { code, message, fields } : { code, message } } };
}

/** Server-side state the lifecycle routes read and change; tests set it up and inspect it. */
export interface FakeServerState {
  user: User;
  tasks: Task[];
  limit: ReservationLimit;
  trainings: Training[];
}

/**
 * The issue-3 task endpoints over `state`, judged with the real domain rules and the server's
 * clock `now`: GET task/{id}, POST task/{id}/reserve|cancel|start (each replaying its stored
 * answer for a repeated Idempotency-Key, as the real server does), GET task/{id}/suggestions.
 */
export function serveTaskLifecycle(api: FakeApi, state: FakeServerState, now: () => Date): void {
  const replies = new Map<string, FakeAnswer>();
  const find = (id: string | undefined) => state.tasks.find((t) => t.id === id);
  const replace = (task: Task) => {
    state.tasks = state.tasks.map((t) => (t.id === task.id ? task : t));
    return task;
  };
  const notFound = refusal(404, 'TASK_NOT_FOUND', 'Task not found');
  /** Authenticated and idempotent: the first answer for a key is stored and replayed. */
  const mutation =
    (judge: (req: FakeRequest, task: Task) => FakeAnswer) =>
    (req: FakeRequest, match: RegExpMatchArray): FakeAnswer => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      const key = req.headers['idempotency-key'];
      const stored = key ? replies.get(key) : undefined;
      if (stored) return stored;
      const task = find(match[1]);
      const answer = task ? judge(req, task) : notFound;
      if (key) replies.set(key, answer);
      return answer;
    };

  api
    .onMatch('GET', /^task\/([^/]+)$/, (req, match) => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      const task = find(match[1]);
      return task ? { status: 200, body: task } : notFound;
    })
    .onMatch(
      'POST',
      /^task\/([^/]+)\/reserve$/,
      mutation((_req, task) => {
        const code = reserveRefusal(task, state.user, state.trainings, state.limit);
        if (code === 'TASK_NO_LONGER_AVAILABLE') return refusal(420, code, 'This task is no longer available. Another user has already reserved it.');
        if (code) return refusal(420, code, code);
        state.limit = { ...state.limit, used: state.limit.used + task.expectedDuration };
        const reserved = replace({ ...task, status: 'reserved', taskerId: state.user.id, isReservable: false, updatedAt: now().toISOString() });
        return { status: 200, body: reserved };
      }),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/cancel$/,
      mutation((req, task) => {
        const justification = (req.body as { justification?: string } | null)?.justification ?? null;
        const code = cancelRefusal(task, justification, now());
        if (code === 'JUSTIFICATION_REQUIRED') return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { justification: 'REQUIRED' });
        if (code === 'JUSTIFICATION_TOO_LONG') return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { justification: 'TOO_LONG' });
        if (code) return refusal(420, code, code);
        state.limit = { ...state.limit, used: Math.max(0, state.limit.used - task.expectedDuration) };
        const available = replace({ ...task, status: 'available', taskerId: null, isReservable: true, updatedAt: now().toISOString() });
        return { status: 200, body: available };
      }),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/start$/,
      mutation((req, task) => {
        const body = req.body as { latitude?: number; longitude?: number; startedAt?: string } | null;
        const position = typeof body?.latitude === 'number' && typeof body.longitude === 'number' ? { latitude: body.latitude, longitude: body.longitude } : null;
        const refused = startRefusal(task, position, now());
        if (refused?.code === 'TOO_FAR_FROM_PLACE') {
          return refusal(420, refused.code, `You are ${refused.distanceMeters} m away from the place; come within 1000 m to start.`);
        }
        if (refused) return refusal(420, refused.code, refused.code);
        const started = replace({ ...task, status: 'in_progress', startTime: body?.startedAt ?? now().toISOString(), isStartable: false, updatedAt: now().toISOString() });
        return { status: 200, body: started };
      }),
    )
    .onMatch('GET', /^task\/([^/]+)\/suggestions$/, (req, match) => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      const task = find(match[1]);
      if (!task) return notFound;
      const same = state.tasks.filter((t) => t.status === 'available' && t.place.id === task.place.id && t.id !== task.id);
      return pageOf(same, req.query, SUGGESTIONS_PAGE_SIZE);
    });
}

/** Serves `tasks` filtered by status as the API pages them (first, after = index cursor; orderBy=-end_time). */
export function pagedTasks(tasks: () => Task[]): FakeHandler {
  return (req) => {
    const status = req.query.get('status');
    const matching = tasks().filter((t) => !status || t.status === status);
    if (req.query.get('orderBy') === '-end_time') matching.sort(byEndTimeDesc);
    return pageOf(matching, req.query, 50);
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ona@example.lt',
    firstName: 'Ona',
    middleName: null,
    lastName: 'Petraitė',
    fullName: 'Ona Petraitė',
    phone: null,
    countryCode: 'LT',
    status: 'active',
    isNew: false,
    isApproved: true,
    isAwaitingApproval: false,
    isRejected: false,
    isDeactivated: false,
    trainingDone: true,
    paymentDocumentsDone: true,
    profileComplete: true,
    historicalTaskCount: 3,
    rejectionReasons: [],
    rejectionComment: null,
    referralCode: null,
    createdAt: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

export function makeTask(id: string, status: TaskStatus, overrides: Partial<Task> = {}): Task {
  const money = { amount: '12.50', currencyCode: 'EUR' as const, currencySymbol: '€' };
  return {
    id,
    status,
    taskerId: status === 'available' ? null : 'u1',
    taskTypeId: 'tt-shelf',
    title: `Shelf photo ${id}`,
    image: null,
    paymentId: null,
    taskType: {
      id: 'tt-shelf',
      title: 'Shelf photo',
      shortDescription: 'Photograph the shelf',
      fullDescription: '# Shelf photo',
      trainings: [],
      defaultPhoto: null,
      photos: [],
      featuredImages: [],
      filterTitle: 'Photos',
      ndaProtected: false,
      createdAt: '2026-10-01T00:00:00.000Z',
    },
    place: {
      id: `p-${id}`,
      title: 'Maxima Gedimino pr.',
      address: 'Gedimino pr. 9',
      city: 'Vilnius',
      countryCode: 'LT',
      coordinates: { latitude: 54.687, longitude: 25.279 },
      retailerId: 'r-maxima',
      retailer: { id: 'r-maxima', name: 'Maxima', logo: null },
      logo: null,
      distance: null,
    },
    timeWindowStart: '2026-11-22T07:00:00.000Z',
    timeWindowEnd: '2026-11-22T14:00:00.000Z',
    startTime: null,
    endTime: null,
    finalizationTime: null,
    expectedDuration: 60,
    reward: money,
    baseReward: money,
    bonusReward: null,
    reducedReward: null,
    earlyCancelDeadline: null,
    lateCancelDeadline: null,
    resultComment: null,
    taskerComment: null,
    descriptiveComment: null,
    letterOfAuthorityUrl: null,
    targetProductPhotos: [],
    doneChecklistItemIds: [],
    isStartable: false,
    isReservable: status === 'available',
    hasOutstandingDispute: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// Issue 4: the execution endpoints (/tmp/issue4-api.md), with the real server's rules.

/** A photo as the fake server stores it: metadata plus the uploaded bytes (null until PUT). */
export interface FakePhoto extends Photo {
  taskId: string;
  bytes: Uint8Array | null;
}

export interface FakeExecutionState {
  checklists: Record<string, ChecklistItem[]>;
  products: Record<string, Product[]>;
  /** The global defect list. */
  defects: Defect[];
  /** Per task: the ids of the defects applicable to it, and those logged. */
  taskDefectIds: Record<string, string[]>;
  checkedDefects: Record<string, string[]>;
  scans: Record<string, ScannedItem[]>;
  photos: FakePhoto[];
  typePhotos: Record<string, string[]>;
  /** Upload URL lifetime (the real server: 15 min). */
  uploadTtlMs: number;
  /**
   * Faults for the next photo PUTs, in order: 'cut' = the connection drops before the server
   * stored anything; 'error' = a 503.
   */
  putFaults: ('cut' | 'error')[];
  /** Completions the server accepted, in order (task ids). */
  completions: string[];
  /** Every effective (non-replayed, accepted) write, as 'METHOD path', in arrival order. */
  effects: string[];
}

export function emptyExecutionState(): FakeExecutionState {
  return {
    checklists: {},
    products: {},
    defects: [],
    taskDefectIds: {},
    checkedDefects: {},
    scans: {},
    photos: [],
    typePhotos: {},
    uploadTtlMs: 15 * 60_000,
    putFaults: [],
    completions: [],
    effects: [],
  };
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const UPLOAD_SECRET = 'fake-secret';

/** The fake's signed upload token: photoId.taskId.exp.signature (tampering changes the signature check). */
function signUpload(photoId: string, taskId: string, exp: number): string {
  const body = `${photoId}.${taskId}.${exp}`;
  return `${body}.${fakeSignature(body)}`;
}

function fakeSignature(text: string): string {
  let hash = 0;
  for (const ch of `${UPLOAD_SECRET}:${text}`) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(16);
}

function publicPhoto(photo: FakePhoto): Photo {
  const { id, url, comment, tags, createdAt, updatedAt } = photo;
  return { id, url, comment, tags, createdAt, updatedAt };
}

/**
 * GET/POST task/{id}/checklist-items, done-checklist-items, products, defects (global and the
 * task's), scanned-items, photos (+ update, delete), complete, task/task_type/{id}/photos and the
 * presigned PUT uploads/<token>. Own tasks only (404 otherwise); writes only while in progress
 * (420 TASK_NOT_IN_PROGRESS); every POST stores its answer per Idempotency-Key and replays it;
 * photo metadata is idempotent by photo id too; uploads expire (410), are signed (403) and must be
 * JPEG (415); a second PUT of a photo stores nothing new.
 */
export function serveExecution(api: FakeApi, tasks: FakeServerState, state: FakeExecutionState, now: () => Date): void {
  const replies = new Map<string, FakeAnswer>();
  const own = (id: string | undefined) => tasks.tasks.find((t) => t.id === id && t.taskerId === tasks.user.id);
  const notFound = refusal(404, 'TASK_NOT_FOUND', 'Task not found');
  const read =
    (answer: (task: Task, req: FakeRequest, match: RegExpMatchArray) => FakeAnswer) =>
    (req: FakeRequest, match: RegExpMatchArray): FakeAnswer => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      const task = own(match[1]);
      return task ? answer(task, req, match) : notFound;
    };
  const write =
    (judge: (task: Task, req: FakeRequest, match: RegExpMatchArray) => FakeAnswer) =>
    (req: FakeRequest, match: RegExpMatchArray): FakeAnswer => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      const key = req.headers['idempotency-key'];
      const stored = key ? replies.get(key) : undefined;
      if (stored) return stored;
      const task = own(match[1]);
      let answer: FakeAnswer;
      if (!task) answer = notFound;
      else if (task.status !== 'in_progress') answer = refusal(420, 'TASK_NOT_IN_PROGRESS', 'The task is not in progress');
      else answer = judge(task, req, match);
      if (answer !== 'network-error' && answer.status < 300) state.effects.push(`${req.method} ${req.path}`);
      if (key) replies.set(key, answer);
      return answer;
    };
  const replaceTask = (task: Task) => {
    tasks.tasks = tasks.tasks.map((t) => (t.id === task.id ? task : t));
    return task;
  };
  const taskDefects = (taskId: string): Defect[] =>
    (state.taskDefectIds[taskId] ?? [])
      .map((id) => state.defects.find((d) => d.id === id))
      .filter((d): d is Defect => !!d)
      .map((d) => ({ ...d, checked: (state.checkedDefects[taskId] ?? []).includes(d.id) }));
  const target = (photo: FakePhoto) => ({
    presignedUrl: `/api/uploads/${signUpload(photo.id, photo.taskId, now().getTime() + state.uploadTtlMs)}`,
    photo: publicPhoto(photo),
  });

  api
    .on('GET', 'task/defects', api.authed(() => ({ status: 200, body: { data: state.defects.map(({ id, name, type }) => ({ id, name, type })) } })))
    .onMatch('GET', /^task\/task_type\/([^/]+)\/photos$/, (req, match) => {
      const denied = api.unauthorized(req);
      if (denied) return denied;
      return { status: 200, body: { data: (state.typePhotos[match[1] ?? ''] ?? []).map((url) => ({ url })) } };
    })
    .onMatch(
      'GET',
      /^task\/([^/]+)\/checklist-items$/,
      read((task) => ({ status: 200, body: { data: (state.checklists[task.id] ?? []).map((item) => ({ ...item, isDone: task.doneChecklistItemIds.includes(item.id) })) } })),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/done-checklist-items$/,
      write((task, req) => {
        const ids = (req.body as { ids?: unknown } | null)?.ids;
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { ids: 'INVALID' });
        const known = new Set((state.checklists[task.id] ?? []).map((i) => i.id));
        if (!ids.every((id: string) => known.has(id))) return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { ids: 'UNKNOWN_ITEM' });
        replaceTask({ ...task, doneChecklistItemIds: [...new Set(ids as string[])], updatedAt: now().toISOString() });
        return { status: 200, body: { doneChecklistItemIds: [...new Set(ids as string[])] } };
      }),
    )
    .onMatch('GET', /^task\/([^/]+)\/products$/, read((task) => ({ status: 200, body: { data: state.products[task.id] ?? [] } })))
    .onMatch('GET', /^task\/([^/]+)\/defects$/, read((task) => ({ status: 200, body: { data: taskDefects(task.id) } })))
    .onMatch(
      'POST',
      /^task\/([^/]+)\/defects$/,
      write((task, req) => {
        const ids = (req.body as { defectIds?: unknown } | null)?.defectIds;
        const applicable = new Set(state.taskDefectIds[task.id] ?? []);
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && applicable.has(id))) {
          return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { defectIds: 'UNKNOWN_DEFECT' });
        }
        state.checkedDefects[task.id] = [...new Set(ids as string[])];
        return { status: 200, body: { data: taskDefects(task.id) } };
      }),
    )
    .onMatch('GET', /^task\/([^/]+)\/scanned-items$/, read((task) => ({ status: 200, body: { data: state.scans[task.id] ?? [] } })))
    .onMatch(
      'POST',
      /^task\/([^/]+)\/scanned-items$/,
      write((task, req) => {
        const items = (req.body as { items?: unknown } | null)?.items;
        if (!Array.isArray(items)) return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { items: 'INVALID' });
        const bad = (items as ScannedItem[]).findIndex((i) => !/^\d{8}$|^\d{13}$/.test(i.ean));
        if (bad >= 0) return refusal(400, 'VALIDATION_FAILED', 'Could not save: some items are invalid', { [`items.${bad}.ean`]: 'EAN_INVALID' });
        state.scans[task.id] = (items as ScannedItem[]).map(({ id, ean, facings, timestamp }) => ({ id, ean, facings, timestamp }));
        return { status: 200, body: { data: state.scans[task.id] } };
      }),
    )
    .onMatch(
      'GET',
      /^task\/([^/]+)\/photos$/,
      read((task) => ({ status: 200, body: { data: state.photos.filter((p) => p.taskId === task.id).map(publicPhoto) } })),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/photos$/,
      write((task, req) => {
        const photos = (req.body as { photos?: unknown } | null)?.photos;
        if (!Array.isArray(photos) || photos.length === 0) return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { photos: 'REQUIRED' });
        const at = now().toISOString();
        const targets = (photos as { id: string; comment?: string; tags?: Photo['tags'] }[]).map((p) => {
          // Idempotent by photo id as well: an existing photo gets its (fresh) target again.
          let photo = state.photos.find((x) => x.id === p.id && x.taskId === task.id);
          if (!photo) {
            photo = { id: p.id, url: null, comment: p.comment ?? '', tags: p.tags ?? [], createdAt: at, updatedAt: at, taskId: task.id, bytes: null };
            state.photos.push(photo);
          }
          return target(photo);
        });
        return { status: 200, body: { data: targets } };
      }),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/photos\/delete$/,
      write((task, req) => {
        const ids = ((req.body as { photoIds?: unknown } | null)?.photoIds ?? []) as string[];
        const deleted = state.photos.filter((p) => p.taskId === task.id && ids.includes(p.id)).map((p) => p.id);
        state.photos = state.photos.filter((p) => !deleted.includes(p.id));
        return { status: 200, body: { deleted } };
      }),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/photos\/([^/]+)\/update$/,
      write((task, req, match) => {
        const photo = state.photos.find((p) => p.id === match[2] && p.taskId === task.id);
        if (!photo) return refusal(404, 'PHOTO_NOT_FOUND', 'Photo not found');
        photo.comment = String((req.body as { comment?: unknown } | null)?.comment ?? '');
        photo.updatedAt = now().toISOString();
        return { status: 200, body: publicPhoto(photo) };
      }),
    )
    .onMatch(
      'POST',
      /^task\/([^/]+)\/complete$/,
      write((task, req) => {
        const body = (req.body ?? {}) as { outcome?: string; taskerComment?: string; reason?: string; policyAgreed?: boolean; blockerIds?: string[] };
        const outcome = body.outcome ?? 'complete';
        const photos = state.photos.filter((p) => p.taskId === task.id).length;
        if (outcome === 'incomplete' && !body.reason) return refusal(400, 'VALIDATION_FAILED', 'Some fields are not valid', { reason: 'REQUIRED' });
        if (outcome !== 'complete' && photos === 0) return refusal(420, 'PHOTOS_REQUIRED', 'At least one photo is required');
        const at = now().toISOString();
        state.completions.push(task.id);
        const done = replaceTask({ ...task, status: 'awaiting_confirmation', taskerComment: body.taskerComment ?? null, endTime: at, finalizationTime: at, updatedAt: at });
        return { status: 200, body: done };
      }),
    )
    .onMatch('PUT', /^uploads\/(.+)$/, (req, match) => {
      const token = decodeURIComponent(match[1] ?? '');
      const parts = token.split('.');
      const [photoId, taskId, exp, signature] = parts;
      if (parts.length !== 4 || signature !== fakeSignature(`${photoId}.${taskId}.${exp}`)) return refusal(403, 'UPLOAD_TOKEN_INVALID', 'Invalid upload URL');
      if (now().getTime() > Number(exp)) return refusal(410, 'UPLOAD_TOKEN_EXPIRED', 'The upload URL has expired');
      const fault = state.putFaults.shift();
      if (fault === 'cut') return 'network-error';
      if (fault === 'error') return refusal(503, 'UNAVAILABLE', 'Try again later');
      const bytes = req.raw;
      if (!bytes || req.headers['content-type'] !== 'image/jpeg' || !JPEG_MAGIC.every((b, i) => bytes[i] === b)) {
        return refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only JPEG images can be uploaded');
      }
      const photo = state.photos.find((p) => p.id === photoId && p.taskId === taskId);
      if (!photo) return refusal(404, 'PHOTO_NOT_FOUND', 'Photo not found');
      if (!photo.bytes) {
        photo.bytes = bytes;
        photo.url = `/api/photos/${photo.id}/file?exp=1&sig=x`;
        photo.updatedAt = now().toISOString();
        state.effects.push(`PUT uploads/${photo.id}`);
      }
      return { status: 200, body: { photo: publicPhoto(photo) } };
    });
}
