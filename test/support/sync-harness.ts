/**
 * A sync engine for one test: its own fake-indexeddb mirror, the real server of the test file
 * (test/support/sync-server.ts) behind a FaultyNetwork, one clock shared by the engine and the
 * server (a phone whose clock is right) that tests move by hand, pinned backoff jitter, a fake
 * pack image cache, and the test's World of fixtures on the server.
 */
import 'fake-indexeddb/auto';
import { ShelfworkDb } from '#db/schema';
import { SyncEngine } from '../../workers/sync/app';
import type { ImageCache } from '../../workers/sync/pack';
import type { TestServer } from '../server/helpers';
import { FaultyNetwork } from './faulty-network';
import { API_BASE, injectFetch, START } from './sync-server';
import { World } from './sync-world';

export { API_BASE, START, useSyncServer } from './sync-server';
export { AT_STORE, OPEN_WINDOW, World } from './sync-world';
export { gate, type Fault } from './faulty-network';

export interface Harness {
  server: TestServer;
  world: World;
  db: ShelfworkDb;
  net: FaultyNetwork;
  engine: SyncEngine;
  warnings: string[];
  now: () => Date;
  /** Moves the engine's and the server's clock together. */
  advance: (ms: number) => void;
  /** The fake pack cache: URLs stored (tests may delete some, as the browser would), and URLs that fail to download. */
  images: { stored: Set<string>; failing: Set<string> };
  /** The server id of a fixture name, and back (World.id / World.names). */
  id: (name: string) => string;
  names: (ids: Iterable<string>) => string[];
  /** Stores a session of the world's tasker (or `userId`) as a login would; the server issued the tokens now. */
  logIn: (options?: { userId?: string; email?: string; accessExpired?: boolean }) => Promise<{ token: string; refreshToken: string }>;
  /** Another engine on the same mirror (the worker restarted), on the same network. */
  restartEngine: () => SyncEngine;
}

/** `locks`: the Web Locks the engine uses (none by default: one engine, no other tab). */
export async function createHarness(server: TestServer, options: { locks?: LockManager | null } = {}): Promise<Harness> {
  server.clock.set(START);
  const world = await World.create(server);
  const db = new ShelfworkDb(`shelfwork-test-${crypto.randomUUID()}`);
  const net = new FaultyNetwork(injectFetch(server.app), API_BASE);
  const warnings: string[] = [];
  const now = () => server.clock.now();
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
  const newEngine = (cache: ImageCache | null) =>
    new SyncEngine({ db, apiBase: API_BASE, fetchImpl: net.fetch, now, random: () => 0.5, locks: options.locks ?? null, warn: (message) => warnings.push(message), imageCache: cache });
  const engine = newEngine(imageCache);

  return {
    server,
    world,
    db,
    net,
    engine,
    warnings,
    now,
    advance: (ms) => server.clock.advance(ms),
    images,
    id: (name) => world.id(name),
    names: (ids) => world.names(ids),
    logIn: async (options = {}) => {
      const userId = options.userId ?? world.tasker.id;
      const tokens = await world.tokensFor(userId, { accessExpired: options.accessExpired ?? false });
      const email = options.email ?? (userId === world.tasker.id ? world.tasker.email : (await server.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email);
      await db.session.put({ key: 'tokens', tokens, email });
      return tokens;
    },
    restartEngine: () => newEngine(null),
  };
}
