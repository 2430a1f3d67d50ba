/**
 * What the background jobs promise when hosts fail (docs/decisions, the job-queue record): the
 * interval runner never overlaps a run in one process and retries a failed run on its next tick;
 * two push runners at once send each delivery once, and a delivery leased by a runner that died is
 * left alone until its lease ends and is then sent once by another runner; a payout run whose host dies before its commit leaves nothing behind and
 * the run waiting behind it pays each tasker once. On PostgreSQL (scripts/test-postgres.sh) the dying
 * host is a database session terminated in the middle of its run; on PGlite, a run that throws
 * before its commit. Other guarantees are tested with their jobs: two runs at once expire (expiry)
 * and lapse (attendance) each row once, two app instances pay a week once (payouts), a failed push
 * is retried after 30 s and 2 min and given up after 5 attempts (notifications).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';
import { createTaskers, type Tasker } from './lifecycle-fixtures';
import { addTask, makeTasker } from './money-helpers';
import { startIntervalJob } from '../../server/jobs/runner';
import { resolveVapidKeys, sendDuePushes, type VapidKeys } from '../../server/notifications/push';
import type { PushFetch } from '../../server/notifications/pushTransport';
import { notificationsDb } from '../../server/notifications/tables';
import { openDatabase, type Db } from '../../server/db/database';
import { moneyDb } from '../../server/db/money-tables';
import { runDuePayouts, runWeekIn } from '../../server/money/payouts';
import { weekStarting } from '#domain/payouts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise and the functions that settle it. */
function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the interval runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start, never overlaps a run in progress, retries a failed run on the next tick, and stop() waits for the run', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lines: string[] = [];
    const runs: Deferred<void>[] = [];
    let calls = 0;
    const job = startIntervalJob(
      'test-job',
      () => {
        calls += 1;
        const run = deferred();
        runs.push(run);
        return run.promise;
      },
      (line) => lines.push(line),
      1000,
    );
    expect(calls).toBe(1);
    // Five ticks while the first run is still going: none of them starts another.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
    runs[0]?.reject(new Error('database went away'));
    await vi.advanceTimersByTimeAsync(0);
    expect(lines).toEqual(['[test-job] run failed: database went away']);
    // The next tick tries again.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    runs[1]?.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(2);
  });
});

describe('a push delivery whose runner died', () => {
  let keys: VapidKeys;
  let tasker: Tasker;
  beforeAll(async () => {
    keys = await resolveVapidKeys(server.db, null);
    [tasker] = (await createTaskers(server, 1)) as [Tasker];
  });

  const publicAddress = async () => [{ address: '142.250.74.106', family: 4 as const }];
  const rules = { allowLocal: false, allowedHosts: null };

  /** A subscription of the tasker at `endpoint` and one delivery to it, due now; the delivery's id. */
  async function queueDelivery(endpoint: string): Promise<string> {
    const nd = notificationsDb(server.db);
    const now = server.clock.now();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscriptionId = randomUUID();
    await nd
      .insertInto('push_subscriptions')
      .values({ id: subscriptionId, user_id: tasker.id, endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), expiration_time: null, locale: 'en', created_at: now, updated_at: now })
      .execute();
    const id = randomUUID();
    await nd
      .insertInto('push_deliveries')
      .values({ id, subscription_id: subscriptionId, message: JSON.stringify({ type: 'payout_sent', params: {}, resourceId: null, notificationId: null }), next_attempt_at: now, created_at: now })
      .execute();
    return id;
  }

  it('two runners at once send each delivery once', async () => {
    const endpoints = Array.from({ length: 70 }, (_, i) => `https://push.test/both/${i}`);
    for (const endpoint of endpoints) await queueDelivery(endpoint);
    const posted: string[] = [];
    // Each POST gives the other runner its turn before it answers.
    const answers: PushFetch = async (url) => {
      posted.push(url);
      await new Promise((r) => setImmediate(r));
      return { status: 201 };
    };
    const now = server.clock.now();
    const [a, b] = await Promise.all([0, 1].map(() => sendDuePushes(server.db, now, keys, { destinations: rules, fetch: answers, resolve: publicAddress })));
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBe(endpoints.length);
    expect(posted.sort()).toEqual([...endpoints].sort());
  });

  it('is left alone until its lease ends, then sent once by another runner', async () => {
    const nd = notificationsDb(server.db);
    const now = server.clock.now();
    const id = await queueDelivery('https://push.test/dies');

    // The first runner leases the delivery and dies while posting it: its POST never ends and it
    // never writes what became of the delivery.
    const posting = deferred();
    const dies: PushFetch = () => {
      posting.resolve();
      return new Promise(() => undefined);
    };
    void sendDuePushes(server.db, now, keys, { destinations: rules, fetch: dies, resolve: publicAddress });
    await posting.promise;
    const leased = await nd.selectFrom('push_deliveries').select(['status', 'attempts', 'next_attempt_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(leased).toMatchObject({ status: 'pending', attempts: 1 });
    const leaseEnds = new Date(leased.next_attempt_at).getTime();
    expect(leaseEnds).toBeGreaterThan(now.getTime());

    const posted: string[] = [];
    const answers: PushFetch = async (url) => {
      posted.push(url);
      return { status: 201 };
    };
    // Another runner, a second before the lease ends: nothing to send.
    expect(await sendDuePushes(server.db, new Date(leaseEnds - 1000), keys, { destinations: rules, fetch: answers, resolve: publicAddress })).toMatchObject({ sent: 0 });
    // When it has ended: sent, once, the lost attempt counted.
    expect(await sendDuePushes(server.db, new Date(leaseEnds), keys, { destinations: rules, fetch: answers, resolve: publicAddress })).toMatchObject({ sent: 1 });
    expect(await sendDuePushes(server.db, new Date(leaseEnds + 3600_000), keys, { destinations: rules, fetch: answers, resolve: publicAddress })).toMatchObject({ sent: 0 });
    expect(posted).toEqual(['https://push.test/dies']);
    expect(await nd.selectFrom('push_deliveries').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'sent', attempts: 2 });
  });
});

/**
 * The host that dies in the middle of a payout run: on PostgreSQL a second database handle of one
 * session opened as the server opens its own (another process, as far as the database can tell),
 * on PGlite the test server's own database.
 */
async function dyingHost(): Promise<{ db: Db; close: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { db: server.db, close: async () => undefined };
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(server.db)).rows[0]?.name ?? '';
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  return { db: opened.db, close: () => opened.db.destroy() };
}

describe('a payout run whose host dies before its commit', () => {
  it('leaves nothing behind; the run that waited for its lock pays each tasker once', { timeout: 60_000 }, async () => {
    const db = server.db;
    const taskers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const me = await makeTasker(db, { country: 'LT' });
      taskers.push(me.id);
      await addTask(db, { taskerId: me.id, country: 'LT', reward: '12.34', at: '2026-06-03T10:00:00Z' });
    }
    const week = weekStarting('2026-06-01', 'Europe/Vilnius');
    const now = new Date('2026-06-09T00:00:00Z');
    const m = moneyDb(db);
    const payoutsOf = () => m.selectFrom('payouts').select(['user_id', sql<string>`total::text`.as('total')]).where('user_id', 'in', taskers).execute();

    // The dying run gets as far as writing every payout of the week inside its transaction.
    const host = await dyingHost();
    const wrote = deferred<number>();
    const killed = new Error('the host was killed');
    const dying = host.db.transaction().execute(async (trx) => {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
      const result = await runWeekIn(trx, 'LT', week, now, 3000);
      expect(result.created).toBeGreaterThanOrEqual(3);
      wrote.resolve(pid);
      // PGlite has one session: the run ends by throwing. On PostgreSQL it stays in its
      // transaction until its session is terminated, as a SIGKILLed host's session is.
      if (!process.env.DATABASE_URL) throw killed;
      await sql`select pg_sleep(60)`.execute(trx);
    });
    const dyingEnd = dying.then(
      () => 'committed',
      (error: unknown) => (error === killed ? 'rolled back' : 'session terminated'),
    );
    let pid = 0;
    try {
      pid = await wrote.promise;
      let waiting: Promise<Awaited<ReturnType<typeof runDuePayouts>>>;
      if (process.env.DATABASE_URL) {
        // Another host's job meets the week's lock and waits for it.
        waiting = runDuePayouts(db, now, 3000, false, ['LT']);
        let blocked = 0;
        for (let i = 0; i < 400 && blocked === 0; i += 1) {
          if (i > 0) await new Promise((r) => setTimeout(r, 25));
          blocked = (await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(db)).rows[0]?.n ?? 0;
        }
        expect(blocked).toBe(1);
        await sql`select pg_terminate_backend(${pid})`.execute(db);
        expect(await dyingEnd).toBe('session terminated');
      } else {
        expect(await dyingEnd).toBe('rolled back');
        expect(await payoutsOf()).toEqual([]);
        waiting = runDuePayouts(db, now, 3000, false, ['LT']);
      }
      const [run] = await waiting;
      expect(run).toMatchObject({ countryCode: 'LT', weekStart: '2026-06-01', alreadyRun: false });
      expect((await payoutsOf()).map((p) => p.total)).toEqual(['12.34', '12.34', '12.34']);
      expect(await m.selectFrom('payout_runs').select('week_start').where('country_code', '=', 'LT').where('week_start', '=', '2026-06-01').execute()).toHaveLength(1);
      // Every host's next run finds the week done.
      expect(await runDuePayouts(db, now, 3000, false, ['LT'])).toEqual([]);
    } finally {
      // A failed expectation must not leave the dying session asleep in its transaction.
      if (process.env.DATABASE_URL && pid) await sql`select pg_terminate_backend(${pid})`.execute(db);
      await dyingEnd;
      await host.close();
    }
  });
});
