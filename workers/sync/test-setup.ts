/**
 * Test-only: a fresh engine per test over its own fake-indexeddb database, a fake API, a fixed
 * clock that tests move by hand, and pinned backoff jitter.
 */
import 'fake-indexeddb/auto';
import { ShelfworkDb } from '../../src/db/schema';
import type { Task } from '../../src/domain/types';
import { SyncEngine } from './engine';
import {
  API_BASE,
  emptyExecutionState,
  FakeApi,
  makeUser,
  pagedTasks,
  serveExecution,
  serveTaskLifecycle,
  type FakeExecutionState,
  type FakeServerState,
} from './fake-api';
import type { ImageCache } from './pack';

export const START = new Date('2026-11-21T08:00:00.000Z');

export interface Harness {
  db: ShelfworkDb;
  api: FakeApi;
  engine: SyncEngine;
  warnings: string[];
  now: () => Date;
  advance: (ms: number) => void;
  /** Server-side state the default routes answer from; tests mutate it. */
  server: FakeServerState;
  /** The issue-4 server state (checklists, photos, ...). */
  exec: FakeExecutionState;
  /** The fake pack cache: URLs stored (tests may delete some, as the browser would), and URLs that fail to download. */
  images: { stored: Set<string>; failing: Set<string> };
  logIn: (token?: string) => Promise<void>;
}

export function createHarness(): Harness {
  const db = new ShelfworkDb(`shelfwork-test-${crypto.randomUUID()}`);
  const api = new FakeApi();
  let clock = START.getTime();
  const warnings: string[] = [];
  const now = () => new Date(clock);
  const images = { stored: new Set<string>(), failing: new Set<string>() };
  const imageCache: ImageCache = {
    ensure: async (url) => {
      if (images.failing.has(url)) return false;
      images.stored.add(url);
      return true;
    },
    keys: async () => [...images.stored],
    delete: async (url) => {
      images.stored.delete(url);
    },
  };
  const engine = new SyncEngine({
    db,
    apiBase: API_BASE,
    fetchImpl: api.fetch,
    now,
    random: () => 0.5,
    locks: null,
    warn: (message) => warnings.push(message),
    imageCache,
  });
  const server: FakeServerState = { user: makeUser(), tasks: [] as Task[], limit: { used: 120, limit: 600 }, trainings: [] };

  api
    .on('GET', 'user', api.authed(() => ({ status: 200, body: server.user })))
    .on('GET', 'country', () => ({
      status: 200,
      body: [
        { code: 'LT', name: 'Lithuania', currencyCode: 'EUR', currencySymbol: '€', locale: 'lt' },
        { code: 'PL', name: 'Poland', currencyCode: 'PLN', currencySymbol: 'zł', locale: 'pl' },
      ],
    }))
    .on('GET', 'training', api.authed(() => ({ status: 200, body: server.trainings })))
    .on('GET', 'task/reservation-limit', api.authed(() => ({ status: 200, body: server.limit })))
    // As the server does: available tasks for all, the others only for their own tasker.
    .on('GET', 'task', api.authed(pagedTasks(() => server.tasks.filter((t) => t.status === 'available' || t.taskerId === server.user.id))));
  serveTaskLifecycle(api, server, now);
  const exec = emptyExecutionState();
  serveExecution(api, server, exec, now);

  return {
    db,
    api,
    engine,
    warnings,
    now,
    advance: (ms) => {
      clock += ms;
    },
    server,
    exec,
    images,
    logIn: async (token = 'access-1') => {
      api.validTokens.add(token);
      await db.session.put({ key: 'tokens', tokens: { token, refreshToken: `refresh-of-${token}` }, email: server.user.email });
    },
  };
}
