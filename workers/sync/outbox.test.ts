import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/api/http';
import { enqueueMutation } from '../../src/db/outbox';
import type { FakeAnswer } from './fake-api';
import { makeTask, makeUser } from './fake-api';
import { backoffMs, BACKOFF_CAP_MS, verdictFor } from './outbox';
import { createHarness, START, type Harness } from './test-setup';

let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

/** Logged in, user mirrored, and `user/set-country` answered by `answer`. */
async function loggedInWithCountryRoute(answer: (body: unknown) => FakeAnswer | Promise<FakeAnswer>): Promise<void> {
  h = createHarness();
  await h.logIn();
  await h.engine.syncNow('start');
  h.api.on('POST', 'user/set-country', h.api.authed((req) => answer(req.body)));
}

const serverError: FakeAnswer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };

describe('retry policy', () => {
  const fail = (status: number): ApiResult => ({ ok: false, status, error: { code: 'X', message: 'x' } });
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
    let release: (a: FakeAnswer) => void = () => undefined;
    await loggedInWithCountryRoute(() => new Promise<FakeAnswer>((resolve) => (release = resolve)));

    const result = await h.engine.setCountry('PL');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
    expect(await h.db.outbox.toArray()).toMatchObject([
      { kind: 'set-country', method: 'POST', path: 'user/set-country', payload: { countryCode: 'PL' }, taskId: null, ownerId: 'u1' },
    ]);
    while (h.api.calls('POST', 'user/set-country').length === 0) await new Promise((r) => setTimeout(r, 1));
    release({ status: 204 });
  });

  it('writes neither the optimistic change nor the record when the transaction fails', async () => {
    h = createHarness();
    await h.db.user.put({ ...makeUser(), key: 'me' });

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

  it('deletes the record after a 2xx and reconciles the mirror from the answer', async () => {
    await loggedInWithCountryRoute((body) => ({ status: 200, body: makeUser({ countryCode: (body as { countryCode: 'PL' }).countryCode, firstName: 'Server' }) }));

    await h.engine.setCountry('PL');
    await h.engine.idle();

    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL', firstName: 'Server' });
    expect(h.api.calls('POST', 'user/set-country')[0]?.body).toEqual({ countryCode: 'PL' });
  });

  it('pulls the user after a 204 that carries no new state', async () => {
    await loggedInWithCountryRoute(() => {
      h.server.user = makeUser({ countryCode: 'PL' });
      return { status: 204 };
    });
    const pullsBefore = h.api.calls('GET', 'user').length;

    await h.engine.setCountry('PL');
    await h.engine.idle();

    expect(h.api.calls('GET', 'user')).toHaveLength(pullsBefore + 1);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
  });

  it('keeps a record through 500s with growing backoff and never drops it', async () => {
    await loggedInWithCountryRoute(() => serverError);

    await h.engine.setCountry('PL');
    await h.engine.idle();
    const first = await h.db.outbox.toCollection().first();
    expect(first).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: new Date(START.getTime() + 1_000).toISOString(), error: null });

    // Not due yet: a timer drain leaves it alone.
    await h.engine.drain({ ignoreBackoff: false });
    expect(h.api.calls('POST', 'user/set-country')).toHaveLength(1);

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
  });

  it('retries after a network error and delivers once the signal is back, with the same Idempotency-Key', async () => {
    let online = false;
    await loggedInWithCountryRoute(() => (online ? { status: 204 } : 'network-error'));

    await h.engine.setCountry('PL');
    await h.engine.idle();
    const record = await h.db.outbox.toCollection().first();
    expect(record).toMatchObject({ state: 'pending', attempts: 1 });

    online = true;
    await h.engine.syncNow('online');

    const sent = h.api.calls('POST', 'user/set-country');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([record!.id, record!.id]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('marks a 420 rejected with the server message, keeps its data and restores the server’s user', async () => {
    await loggedInWithCountryRoute(() => ({ status: 420, body: { error: { code: 'COUNTRY_LOCKED', message: 'Country cannot be changed after approval' } } }));

    await h.engine.setCountry('PL');
    await h.engine.idle();

    expect(await h.db.outbox.toArray()).toMatchObject([
      { state: 'rejected', payload: { countryCode: 'PL' }, error: { status: 420, code: 'COUNTRY_LOCKED', message: 'Country cannot be changed after approval' } },
    ]);
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'LT' });

    // A rejected record is never resent.
    h.advance(60 * 60_000);
    await h.engine.drain({ ignoreBackoff: true });
    expect(h.api.calls('POST', 'user/set-country')).toHaveLength(1);
  });

  it('keeps the optimistic change over a pull while the record is unsent', async () => {
    await loggedInWithCountryRoute(() => 'network-error');

    await h.engine.setCountry('PL');
    await h.engine.idle();
    await h.engine.syncNow('manual', true);

    expect(h.server.user.countryCode).toBe('LT');
    expect(await h.db.user.get('me')).toMatchObject({ countryCode: 'PL' });
  });

  it('refreshes the token on a 401 during the drain and resends', async () => {
    await loggedInWithCountryRoute(() => ({ status: 204 }));
    h.api.validTokens.clear();
    h.api.on('POST', 'auth/token', () => {
      h.api.validTokens.add('renewed');
      return { status: 200, body: { token: 'renewed', refreshToken: 'renewed-r' } };
    });

    await h.engine.setCountry('PL');
    await h.engine.idle();

    expect(h.api.calls('POST', 'user/set-country').map((r) => r.headers.authorization)).toEqual(['Bearer access-1', 'Bearer renewed']);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('sends a queue in order, lets a rejected record not block it, and holds it behind a record in backoff', async () => {
    h = createHarness();
    await h.logIn();
    await h.db.user.put({ ...makeUser(), key: 'me' });
    const answers: Record<string, FakeAnswer> = {
      'task/t1/first': { status: 420, body: { error: { code: 'NOPE', message: 'No' } } },
      'task/t1/second': { status: 200, body: makeTask('t1', 'reserved') },
      'task/t1/third': serverError,
      'task/t1/fourth': { status: 200, body: makeTask('t1', 'in_progress') },
      'task/t2/only': { status: 200, body: makeTask('t2', 'reserved') },
    };
    for (const [path, answer] of Object.entries(answers)) h.api.on('POST', path, h.api.authed(() => answer));
    for (const path of ['task/t1/first', 'task/t2/only', 'task/t1/second', 'task/t1/third', 'task/t1/fourth']) {
      await enqueueMutation(h.db, { taskId: path.split('/')[1]!, kind: 'test', method: 'POST', path, payload: {} }, { now: h.now() });
    }

    await h.engine.drain({ ignoreBackoff: false });

    const t1Calls = h.api.requests.filter((r) => r.path.startsWith('task/t1/')).map((r) => r.path);
    expect(t1Calls).toEqual(['task/t1/first', 'task/t1/second', 'task/t1/third']);
    expect(h.api.calls('POST', 'task/t2/only')).toHaveLength(1);
    const states = Object.fromEntries((await h.db.outbox.toArray()).map((r) => [r.path, r.state]));
    expect(states).toEqual({ 'task/t1/first': 'rejected', 'task/t1/third': 'pending', 'task/t1/fourth': 'pending' });
    expect(await h.db.tasks.get('t2')).toMatchObject({ status: 'reserved' });
  });

  it('does not send records another tasker queued before logging out', async () => {
    h = createHarness();
    await h.logIn();
    await h.db.user.put({ ...makeUser({ id: 'u2' }), key: 'me' });
    h.api.on('POST', 'user/set-country', h.api.authed(() => ({ status: 204 })));
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
      ownerId: 'u1',
    });

    await h.engine.drain({ ignoreBackoff: true });

    expect(h.api.calls('POST', 'user/set-country')).toHaveLength(0);
    expect(await h.db.outbox.get('other-user-record')).toMatchObject({ state: 'pending' });
  });

  it('resends a record left "sending" by a crashed worker with its original key', async () => {
    h = createHarness();
    await h.logIn();
    await h.db.user.put({ ...makeUser(), key: 'me' });
    h.api.on('POST', 'user/set-country', h.api.authed(() => ({ status: 204 })));
    await h.db.outbox.add({
      id: 'crashed-mid-flight',
      taskId: null,
      kind: 'set-country',
      method: 'POST',
      path: 'user/set-country',
      payload: { countryCode: 'CZ' },
      createdAt: START.toISOString(),
      attempts: 1,
      state: 'sending',
      nextAttemptAt: null,
      error: null,
      ownerId: 'u1',
    });

    await h.engine.syncNow('start');

    expect(h.api.calls('POST', 'user/set-country').map((r) => r.headers['idempotency-key'])).toEqual(['crashed-mid-flight']);
    expect(await h.db.outbox.count()).toBe(0);
  });
});
