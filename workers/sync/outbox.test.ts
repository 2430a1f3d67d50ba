import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from './http';
import { enqueueMutation, type NewMutation } from './queue';
import type { User } from '#domain/types';
import { createHarness, gate, OPEN_WINDOW, START, useSyncServer, type Harness } from '../../test/support/sync-harness';
import { backoffMs, BACKOFF_CAP_MS, batchDelivery, verdictFor } from './outbox';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  batchDelivery.enabled = true;
  await h?.engine.idle();
  h?.db.close();
});

/**
 * Logged in as the world's tasker, first sync done. The tasker awaits approval, so a market change
 * (the account-queue record these tests send) is theirs to make; after approval it is staff's.
 */
async function loggedIn(): Promise<void> {
  h = await createHarness(server());
  await h.world.setUserStatus(h.world.tasker.id, 'awaiting_approval');
  await h.logIn();
  await h.engine.syncNow('start');
}

/** The user as the server answers GET user for `userId`. */
const serverUser = (userId: string = h.world.tasker.id) => h.world.call<User>(userId, 'GET', 'user');

describe('retry policy', () => {
  const fail = (status: number): ApiResult => ({ ok: false, status, error: { code: 'UNKNOWN', message: 'x' } });
  it.each([
    [fail(0), 'retry'],
    [fail(408), 'retry'],
    [fail(429), 'retry'],
    [fail(500), 'retry'],
    [fail(503), 'retry'],
    [fail(401), 'auth'],
    [fail(400), 'rejected'],
    [fail(403), 'rejected'],
    [fail(404), 'rejected'],
    [fail(413), 'rejected'],
    [fail(420), 'rejected'],
    [fail(422), 'rejected'],
    [{ ok: true, status: 204, body: null } as ApiResult, 'done'],
  ])('answer %o is %s', (result, verdict) => {
    expect(verdictFor(result)).toBe(verdict);
  });

  it('backs off exponentially from 1 s and caps at 5 minutes', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 9, 10, 50].map((n) => backoffMs(n, middle))).toEqual([1_000, 2_000, 4_000, 8_000, 256_000, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    expect(backoffMs(3, () => 0)).toBe(3_200);
    expect(backoffMs(3, () => 1)).toBe(4_800);
  });
});

describe('outbox', () => {
  it('setCountry changes the mirrored user and queues the record together, before any answer', async () => {
    await loggedIn();
    const held = gate();
    h.net.fail('POST', 'user/set-country', { kind: 'hold-request', until: held.until });

    const result = await h.engine.setCountry('PL');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
    expect(await h.db.outbox.toArray()).toMatchObject([
      { kind: 'set-country', method: 'POST', path: 'user/set-country', payload: { countryCode: 'PL' }, taskId: null, ownerId: h.world.tasker.id },
    ]);
    expect((await h.world.serverUser()).country_code).toBe('LT');
    while (h.net.calls('POST', 'user/set-country').length === 0) await new Promise((r) => setTimeout(r, 1));
    held.open();
  });

  it('writes neither the optimistic change nor the record when the transaction fails', async () => {
    h = await createHarness(server());
    await h.db.user.put({ ...(await serverUser()), key: 'me' });

    const attempt = enqueueMutation(
      h.db,
      { taskId: null, kind: 'set-country', method: 'POST', path: 'user/set-country', payload: { countryCode: 'PL' } },
      {
        now: START,
        optimistic: async () => {
          await h.db.user.update('me', { countryCode: 'PL' });
          throw new Error('disk full');
        },
      },
    );

    await expect(attempt).rejects.toThrow('disk full');
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'LT' });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('deletes the record after a 2xx and takes the user from the answer, without pulling it again', async () => {
    await loggedIn();
    // Meanwhile the profile changed on the server (another device): the answer carries it.
    await h.server.db.updateTable('users').set({ first_name: 'Onutė' }).where('id', '=', h.world.tasker.id).execute();
    const userPulls = h.net.calls('GET', 'user').length;

    await h.engine.setCountry('PL');
    await h.engine.idle();

    expect(await h.db.outbox.count()).toBe(0);
    expect(h.net.calls('POST', 'user/set-country').map((r) => [r.body, r.response?.status])).toEqual([[{ countryCode: 'PL' }, 200]]);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL', firstName: 'Onutė' });
    expect(h.net.calls('GET', 'user')).toHaveLength(userPulls);
    expect(await h.world.serverUser()).toMatchObject({ country_code: 'PL' });
  });

  it('keeps a record through 500s with growing backoff and never drops it', async () => {
    await loggedIn();
    h.net.fail('POST', 'user/set-country', { kind: 'gateway-error', status: 500 });

    await h.engine.setCountry('PL');
    await h.engine.idle();
    const first = await h.db.outbox.toCollection().first();
    expect(first).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: new Date(START.getTime() + 1_000).toISOString(), error: null });

    // Not due yet: a timer drain leaves it alone.
    await h.engine.drain({ ignoreBackoff: false });
    expect(h.net.calls('POST', 'user/set-country')).toHaveLength(1);

    for (let i = 0; i < 25; i++) {
      const record = await h.db.outbox.toCollection().first();
      h.advance(Date.parse(record!.nextAttemptAt!) - h.now().getTime());
      await h.engine.drain({ ignoreBackoff: false });
    }

    const kept = await h.db.outbox.toArray();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ state: 'pending', attempts: 26, payload: { countryCode: 'PL' } });
    expect(Date.parse(kept[0]!.nextAttemptAt!) - h.now().getTime()).toBe(BACKOFF_CAP_MS);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
    expect((await h.world.serverUser()).country_code).toBe('LT');
  });

  it('retries after a network error and delivers once the signal is back, with the same Idempotency-Key', async () => {
    await loggedIn();
    const cut = h.net.fail('POST', 'user/set-country', { kind: 'network-error' });

    await h.engine.setCountry('PL');
    await h.engine.idle();
    const record = await h.db.outbox.toCollection().first();
    expect(record).toMatchObject({ state: 'pending', attempts: 1 });

    h.net.heal(cut);
    await h.engine.syncNow('online');

    const sent = h.net.calls('POST', 'user/set-country');
    expect(sent.map((r) => [r.headers['idempotency-key'], r.reachedServer])).toEqual([
      [record!.id, false],
      [record!.id, true],
    ]);
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.world.serverUser()).country_code).toBe('PL');
  });

  it('delivers once when the answer was lost after the server applied it: the resend gets the stored answer', async () => {
    await loggedIn();
    h.net.fail('POST', 'user/set-country', { kind: 'lost-response' }, { times: 1 });

    await h.engine.setCountry('PL');
    await h.engine.idle();
    expect((await h.world.serverUser()).country_code).toBe('PL');
    expect(await h.db.outbox.toArray()).toMatchObject([{ state: 'pending', attempts: 1 }]);

    await h.engine.syncNow('online');

    const sent = h.net.calls('POST', 'user/set-country');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.response?.headers.get('idempotent-replayed')).toBe('true');
    expect(h.net.effects().filter((e) => e === 'POST user/set-country')).toHaveLength(1);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
  });

  it('marks a refused record rejected with the server’s message, keeps its data and restores the server’s user', async () => {
    await loggedIn();
    const cut = h.net.fail('POST', 'user/set-country', { kind: 'network-error' });
    await h.engine.setCountry('PL');
    await h.engine.idle();
    const record = await h.db.outbox.toCollection().first();
    // The record's key was meanwhile used for another request (Romania), which the server applied:
    // the record itself is refused (422), and the server's user is Romanian.
    const other = await h.server.request({
      method: 'POST',
      url: '/api/user/set-country',
      token: (await h.db.session.get('tokens'))?.tokens.token,
      headers: { 'idempotency-key': record!.id },
      payload: { countryCode: 'RO' },
    });
    expect(other.statusCode).toBe(200);

    h.net.heal(cut);
    await h.engine.syncNow('online');
    await h.engine.idle();

    expect(await h.db.outbox.toArray()).toMatchObject([
      { state: 'rejected', payload: { countryCode: 'PL' }, error: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' } },
    ]);
    expect((await h.db.outbox.toArray())[0]?.error?.message).toEqual(expect.any(String));
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'RO' });

    // A rejected record is never resent.
    h.advance(60 * 60_000);
    await h.engine.drain({ ignoreBackoff: true });
    expect(h.net.calls('POST', 'user/set-country')).toHaveLength(2);
  });

  it('keeps the optimistic change over a pull while the record is unsent', async () => {
    await loggedIn();
    h.net.fail('POST', 'user/set-country', { kind: 'network-error' });

    await h.engine.setCountry('PL');
    await h.engine.idle();
    await h.engine.syncNow('manual', true);

    expect(h.net.calls('GET', 'user').at(-1)?.response?.body).toMatchObject({ countryCode: 'LT' });
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
  });

  it('refreshes the token on a 401 during the drain and resends', async () => {
    await loggedIn();
    // The access token expired while the app was idle.
    const expired = await h.logIn({ accessExpired: true });

    await h.engine.setCountry('PL');
    await h.engine.idle();

    const renewed = h.net.calls('POST', 'auth/token')[0]?.response?.body as { token: string };
    expect(h.net.calls('POST', 'user/set-country').map((r) => [r.headers.authorization, r.response?.status])).toEqual([
      [`Bearer ${expired.token}`, 401],
      [`Bearer ${renewed.token}`, 200],
    ]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('sends a queue in order, lets a rejected record not block it, and holds it behind a record in backoff', async () => {
    h = await createHarness(server());
    batchDelivery.enabled = false; // a 503 in front of one route: the record-by-record path (batches: batch.test.ts)
    const [t1, t2] = await h.world.tasks([
      ['t1', { status: 'in_progress', ...OPEN_WINDOW }],
      ['t2', {}],
    ]);
    await h.world.checklist('t1', [
      ['c1', 'plain'],
      ['c2', 'plain'],
    ]);
    await h.logIn();
    await h.db.user.put({ ...(await serverUser()), key: 'me' });
    h.net.fail('POST', `task/${t1}/scanned-items`, { kind: 'gateway-error', status: 503 });
    const queue: [string, string, unknown][] = [
      [t1!, 'defects', { defectIds: ['no-such-defect'] }], // refused by the server (400)
      [t2!, 'reserve', {}],
      [t1!, 'done-checklist-items', { ids: [h.id('c1')] }],
      [t1!, 'scanned-items', { items: [] }], // 503: waits in backoff
      [t1!, 'done-checklist-items', { ids: [h.id('c1'), h.id('c2')] }], // held behind it
    ];
    const ids: string[] = [];
    for (const [taskId, action, payload] of queue) {
      const record = await enqueueMutation(h.db, { taskId, kind: 'test', method: 'POST', path: `task/${taskId}/${action}`, payload } as unknown as NewMutation, { now: h.now() });
      ids.push(record.id);
    }

    await h.engine.drain({ ignoreBackoff: false });

    const t1Posts = h.net.requests.filter((r) => r.method === 'POST' && r.path.startsWith(`task/${t1}/`));
    expect(t1Posts.map((r) => [r.path.slice(t1!.length + 6), r.response?.status])).toEqual([
      ['defects', 400],
      ['done-checklist-items', 200],
      ['scanned-items', 503],
    ]);
    expect(h.net.calls('POST', `task/${t2}/reserve`)).toHaveLength(1);
    const states = Object.fromEntries((await h.db.outbox.toArray()).map((r) => [ids.indexOf(r.id), r.state]));
    expect(states).toEqual({ 0: 'rejected', 3: 'pending', 4: 'pending' });
    expect((await h.world.serverTask('t1')).done_checklist_item_ids).toEqual([h.id('c1')]);
    expect(await h.db.tasks.get(t2!)).toMatchObject({ status: 'reserved', taskerId: h.world.tasker.id });
  });

  it('does not send records another tasker queued before logging out', async () => {
    h = await createHarness(server());
    const jan = await h.world.otherTasker('u2');
    await h.logIn({ userId: jan.id });
    await h.db.user.put({ ...(await serverUser(jan.id)), key: 'me' });
    await h.db.outbox.add({
      id: 'other-user-record',
      taskId: null,
      kind: 'set-country',
      method: 'POST',
      path: 'user/set-country',
      payload: { countryCode: 'RO' },
      createdAt: START.toISOString(),
      attempts: 0,
      state: 'pending',
      nextAttemptAt: null,
      error: null,
      ownerId: h.world.tasker.id,
    });

    await h.engine.drain({ ignoreBackoff: true });

    expect(h.net.calls('POST', 'user/set-country')).toHaveLength(0);
    expect(await h.db.outbox.get('other-user-record')).toMatchObject({ state: 'pending' });
  });

  it('resends a record left "sending" by a crashed worker with its original key', async () => {
    h = await createHarness(server());
    await h.world.setUserStatus(h.world.tasker.id, 'awaiting_approval');
    await h.logIn();
    await h.db.user.put({ ...(await serverUser()), key: 'me' });
    await h.db.outbox.add({
      id: 'crashed-mid-flight',
      taskId: null,
      kind: 'set-country',
      method: 'POST',
      path: 'user/set-country',
      payload: { countryCode: 'RO' },
      createdAt: START.toISOString(),
      attempts: 1,
      state: 'sending',
      nextAttemptAt: null,
      error: null,
      ownerId: h.world.tasker.id,
    });

    await h.engine.syncNow('start');

    expect(h.net.calls('POST', 'user/set-country').map((r) => r.headers['idempotency-key'])).toEqual(['crashed-mid-flight']);
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.world.serverUser()).country_code).toBe('RO');
  });
});
