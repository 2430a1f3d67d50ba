/**
 * Test-only: a small in-memory stand-in for the Shelfwork API, as a `fetchImpl`. It records
 * every request (headers included) and answers from per-route handlers, so sync tests exercise
 * the real HTTP client, engine and Dexie code without a server. Also builds API-shaped fixtures.
 */
import type { FetchImpl } from '../../src/api/http';
import { cancelRefusal, reserveRefusal, startRefusal } from '../../src/domain/lifecycle';
import { SUGGESTIONS_PAGE_SIZE, type ReservationLimit, type Task, type TaskStatus, type Training, type User } from '../../src/domain/types';

export interface FakeRequest {
  method: string;
  /** Path under /api without the query string, e.g. 'task' or 'task/t1'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
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

  readonly fetch: FetchImpl = async (input, init) => {
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
