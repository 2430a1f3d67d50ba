/**
 * Test-only: a small in-memory stand-in for the Shelfwork API, as a `fetchImpl`. It records
 * every request (headers included) and answers from per-route handlers, so sync tests exercise
 * the real HTTP client, engine and Dexie code without a server. Also builds API-shaped fixtures.
 */
import type { FetchImpl } from '../../src/api/http';
import type { Task, TaskStatus, User } from '../../src/domain/types';

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
  /** Access tokens the fake accepts; `bearer()` answers 401 for any other. */
  readonly validTokens = new Set<string>();

  on(method: string, path: string, handler: FakeHandler): this {
    this.routes.set(`${method} ${path}`, handler);
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
    const handler = this.routes.get(`${req.method} ${req.path}`);
    const answer: FakeAnswer = handler
      ? await handler(req)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: `No route ${req.method} ${req.path}` } } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

/** Serves `tasks` filtered by status as the API pages them (first, after = index cursor). */
export function pagedTasks(tasks: () => Task[]): FakeHandler {
  return (req) => {
    const status = req.query.get('status');
    const first = Number(req.query.get('first') ?? '50');
    const after = req.query.get('after');
    const matching = tasks().filter((t) => !status || t.status === status);
    const start = after ? Number(after.replace('c', '')) + 1 : 0;
    const data = matching.slice(start, start + first);
    const end = start + data.length - 1;
    return {
      status: 200,
      body: {
        data,
        pageInfo: {
          startCursor: data.length ? `c${start}` : null,
          endCursor: data.length ? `c${end}` : null,
          hasNext: end + 1 < matching.length,
          hasPrevious: start > 0,
        },
      },
    };
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
