/**
 * The connection state the page shows "Offline" from: written to `kv.connection` by what the
 * worker's requests get back (an answer of any status, or none), and probed back to "answered"
 * by the engine while requests go unanswered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_KEY, readConnectionState } from '#contracts/kv';
import { SyncEngine } from './app';
import { API_BASE, createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
let probing: SyncEngine | null = null;
afterEach(async () => {
  await h?.engine.idle();
  await probing?.idle();
  probing = null;
  h?.db.close();
});

const connection = async () => readConnectionState((await h.db.kv.get(CONNECTION_KEY))?.value);

describe('connection state', () => {
  it('is "not answered" after a request without an answer and "answered" again after any answer, error answers included', async () => {
    h = await createHarness(server());
    await h.logIn();
    h.net.offline = true;
    await h.engine.syncNow('start');
    expect(await connection()).toEqual({ answered: false, since: h.now().toISOString() });

    h.net.offline = false;
    h.net.fail('GET', 'user', { kind: 'gateway-error', status: 503 });
    h.advance(60_000);
    await h.engine.syncNow('manual', true);
    // A 503 is an answer: the server is struggling, the phone is not offline.
    expect(await connection()).toEqual({ answered: true, since: h.now().toISOString() });
  });

  it('writes the state only when it changes', async () => {
    h = await createHarness(server());
    await h.logIn();
    await h.engine.syncNow('start');
    const first = await connection();
    expect(first?.answered).toBe(true);
    h.advance(60_000);
    await h.engine.syncNow('manual', true);
    expect(await connection()).toEqual(first);
  });

  it('probes the health route while unanswered and syncs as soon as it answers', async () => {
    h = await createHarness(server());
    await h.logIn();
    probing = new SyncEngine({ db: h.db, apiBase: API_BASE, fetchImpl: h.net.fetch, now: h.now, random: () => 0.5, locks: null, imageCache: null, connectionProbeMs: 20 });
    h.net.offline = true;
    await probing.syncNow('start');
    expect((await connection())?.answered).toBe(false);
    const before = h.net.requests.length;

    h.net.offline = false;
    await expect.poll(async () => (await connection())?.answered, { timeout: 5_000 }).toBe(true);
    const after = h.net.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(after[0]).toBe('GET health');
    // The answer started a sync: the user is pulled without waiting for the next timer.
    await expect.poll(() => h.net.calls('GET', 'user').length, { timeout: 5_000 }).toBeGreaterThan(0);
  });

  it('asks twice as long after each unanswered probe', async () => {
    h = await createHarness(server());
    await h.logIn();
    const probes: number[] = [];
    const started = Date.now();
    const fetchImpl: typeof h.net.fetch = (input, init) => {
      if (String(input).endsWith('/health')) probes.push(Date.now() - started);
      return h.net.fetch(input, init);
    };
    probing = new SyncEngine({ db: h.db, apiBase: API_BASE, fetchImpl, now: h.now, random: () => 0.5, locks: null, imageCache: null, connectionProbeMs: 20 });
    h.net.offline = true;
    await probing.syncNow('start');
    // Probes at about 20, 60 and 140 ms: three in 250 ms where a fixed 20 ms would make twelve.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(probes.length).toBeGreaterThanOrEqual(1);
    expect(probes.length).toBeLessThanOrEqual(4);
    h.net.offline = false;
    await expect.poll(async () => (await connection())?.answered, { timeout: 5_000 }).toBe(true);
  });

  it('does not probe without connectionProbeMs (the default)', async () => {
    h = await createHarness(server());
    await h.logIn();
    h.net.offline = true;
    await h.engine.syncNow('start');
    h.net.offline = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(h.net.calls('GET', 'health')).toEqual([]);
  });
});
