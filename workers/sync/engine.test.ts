import { afterEach, describe, expect, it } from 'vitest';
import { makeTask, makeUser, pagedTasks } from './fake-api';
import { createHarness, START, type Harness } from './test-setup';

let h: Harness;
afterEach(async () => {
  await h.engine.idle();
  h.db.close();
});

describe('pulls', () => {
  it('writes the user, countries, trainings, reservation limit and task lists into the mirror, with meta', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available'), makeTask('r1', 'reserved'), makeTask('i1', 'in_progress')];
    await h.logIn();

    await h.engine.syncNow('start');

    expect(await h.db.user.get('me')).toMatchObject({ id: 'u1', email: 'ona@example.lt' });
    expect((await h.db.countries.toArray()).map((c) => c.code).sort()).toEqual(['LT', 'PL']);
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 120, limit: 600 });
    expect((await h.db.tasks.toArray()).map((t) => [t.id, t.status, t.placeId])).toEqual([
      ['a1', 'available', 'p-a1'],
      ['i1', 'in_progress', 'p-i1'],
      ['r1', 'reserved', 'p-r1'],
    ]);
    for (const key of ['user', 'countries', 'trainings', 'reservationLimit', 'tasks:available', 'tasks:reserved', 'tasks:in_progress']) {
      expect(await h.db.meta.get(key), key).toEqual({ key, syncedAt: START.toISOString(), error: null, attemptedAt: START.toISOString() });
    }
  });

  it('follows pageInfo.endCursor through every page and keeps the server order in sortKey', async () => {
    h = createHarness();
    h.server.tasks = Array.from({ length: 120 }, (_, i) => makeTask(`a${String(i).padStart(3, '0')}`, 'available'));
    await h.logIn();

    await h.engine.syncNow('start');

    const pages = h.api.calls('GET', 'task').filter((r) => r.query.get('status') === 'available');
    expect(pages.map((r) => [r.query.get('first'), r.query.get('after')])).toEqual([
      ['50', null],
      ['50', 'c49'],
      ['50', 'c99'],
    ]);
    const rows = await h.db.tasks.where('status').equals('available').toArray();
    expect(rows).toHaveLength(120);
    expect(rows.find((r) => r.id === 'a075')?.sortKey).toBe(75);
  });

  it('replaces the rows of a status so tasks that left it disappear from the mirror', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available'), makeTask('a2', 'available'), makeTask('r1', 'reserved')];
    await h.logIn();
    await h.engine.syncNow('start');

    h.server.tasks = [makeTask('a2', 'available'), makeTask('r1', 'reserved')];
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect((await h.db.tasks.toArray()).map((t) => t.id).sort()).toEqual(['a2', 'r1']);
  });

  it('moves a task between lists when its status changed on the server', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available')];
    await h.logIn();
    await h.engine.syncNow('start');

    h.server.tasks = [makeTask('a1', 'reserved', { updatedAt: '2026-11-21T08:00:30.000Z' })];
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.get('a1')).toMatchObject({ status: 'reserved' });
  });

  it('does not pull available tasks for a user who cannot see tasks, but pulls their own', async () => {
    h = createHarness();
    h.server.user = makeUser({ status: 'new', isNew: true, isApproved: false });
    h.server.tasks = [makeTask('a1', 'available'), makeTask('r1', 'reserved')];
    await h.logIn();

    await h.engine.syncNow('start');

    const statuses = h.api.calls('GET', 'task').map((r) => r.query.get('status'));
    expect(statuses).not.toContain('available');
    expect(statuses).toContain('reserved');
    expect(h.api.calls('GET', 'task/reservation-limit')).toHaveLength(0);
    expect((await h.db.tasks.toArray()).map((t) => t.id)).toEqual(['r1']);
  });

  it('drops mirrored available tasks once the user can no longer see tasks', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available'), makeTask('r1', 'reserved')];
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.get('a1')).toBeDefined();

    h.server.user = makeUser({ status: 'deactivated', isDeactivated: true });
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect((await h.db.tasks.toArray()).map((t) => t.id)).toEqual(['r1']);
  });

  it('pulls history statuses only while a screen watches them', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('h1', 'accepted')];
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.get('h1')).toBeUndefined();

    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    expect(await h.db.tasks.get('h1')).toMatchObject({ status: 'accepted' });
  });

  it('pulls only what is due: lists after 60 s, the watched task after 30 s', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available')];
    h.api.on('GET', 'task/a1', h.api.authed(() => ({ status: 200, body: h.server.tasks[0] })));
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.watch({ taskId: 'a1' });
    await h.engine.idle();
    const count = () => ({ user: h.api.calls('GET', 'user').length, list: h.api.calls('GET', 'task').length, task: h.api.calls('GET', 'task/a1').length });
    const first = count();

    h.advance(20_000);
    await h.engine.syncNow('timer');
    expect(count()).toEqual(first);

    h.advance(15_000); // 35 s: only the watched task is due
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ ...first, task: first.task + 1 });

    h.advance(30_000); // 65 s: everything is due
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ user: first.user + 1, list: first.list + 3, task: first.task + 2 });
  });

  it('on watch, pulls only the watched collection and only when it is due, without a full sync', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available'), makeTask('p1', 'in_progress')];
    await h.logIn();
    await h.engine.syncNow('start');
    const calls = () => h.api.requests.map((r) => `${r.method} ${r.path}${r.query.get('status') ? `?${r.query.get('status')}` : ''}`);
    const before = calls().length;

    // Fresh (synced just now): a mount costs no request at all.
    await h.engine.watch({ statuses: ['in_progress'] });
    await h.engine.idle();
    expect(calls().slice(before)).toEqual([]);

    // Past its interval: that list only — not the user, the other lists or the reservation limit.
    h.advance(61_000);
    await h.engine.watch({ statuses: ['available'] });
    await h.engine.idle();
    expect(calls().slice(before)).toEqual(['GET task?available']);
    expect(h.api.calls('GET', 'user')).toHaveLength(1);
  });

  it('pulls everything again when forced', async () => {
    h = createHarness();
    await h.logIn();
    await h.engine.syncNow('start');
    const before = h.api.calls('GET', 'user').length;

    await h.engine.syncNow('manual', true);

    expect(h.api.calls('GET', 'user')).toHaveLength(before + 1);
  });

  it('removes a watched task that answers 404 and reports TASK_NOT_FOUND', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available')];
    await h.logIn();
    await h.engine.syncNow('start');
    h.api.on('GET', 'task/a1', h.api.authed(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Task not found' } } })));

    const result = await h.engine.refreshTask('a1');

    expect(result).toEqual({ ok: false, error: { status: 404, code: 'TASK_NOT_FOUND', message: 'Task not found' } });
    expect(await h.db.tasks.get('a1')).toBeUndefined();
    expect(await h.db.meta.get('task:a1')).toMatchObject({ error: 'TASK_NOT_FOUND' });
  });

  it('never throws out of syncNow when the server is unreachable; errors land in meta and old data stays', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available')];
    await h.logIn();
    await h.engine.syncNow('start');
    for (const path of ['user', 'country', 'training', 'task/reservation-limit', 'task']) h.api.on('GET', path, () => 'network-error');

    h.advance(61_000);
    await expect(h.engine.syncNow('timer')).resolves.toBeUndefined();

    expect(await h.db.meta.get('tasks:available')).toEqual({
      key: 'tasks:available',
      syncedAt: START.toISOString(),
      error: 'NETWORK',
      attemptedAt: new Date(START.getTime() + 61_000).toISOString(),
    });
    expect(await h.db.tasks.get('a1')).toBeDefined();
    expect(await h.db.user.get('me')).toBeDefined();
  });

  it('reports more than 500 tasks in one pull once', async () => {
    h = createHarness();
    h.server.tasks = Array.from({ length: 501 }, (_, i) => makeTask(`a${i}`, 'available'));
    await h.logIn();

    await h.engine.syncNow('start');
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.count()).toBe(501);
    expect(h.warnings.filter((w) => w.includes('More than 500 tasks'))).toHaveLength(1);
  });

  it('sends the last known position as the Geolocation header', async () => {
    h = createHarness();
    await h.logIn();
    await h.engine.setPosition({ latitude: 54.6872, longitude: 25.2797 });

    await h.engine.syncNow('start');

    expect(h.api.calls('GET', 'user')[0]?.headers.geolocation).toBe('54.6872,25.2797');
  });

  it('pulls only countries while logged out', async () => {
    h = createHarness();

    await h.engine.syncNow('start');

    expect(h.api.requests.map((r) => r.path)).toEqual(['country']);
    expect(await h.db.countries.count()).toBe(2);
  });
});

describe('auth', () => {
  it('logs in with an email code: stores the tokens, clears the expired notice and pulls the user', async () => {
    h = createHarness();
    await h.db.kv.put({ key: 'sessionExpired', value: true });
    h.api.on('POST', 'auth/login', (req) => {
      expect(req.body).toEqual({ code: '123456', type: 'email', email: 'ona@example.lt' });
      h.api.validTokens.add('fresh');
      return { status: 200, body: { token: 'fresh', refreshToken: 'fresh-refresh' } };
    });

    const result = await h.engine.loginWithCode('ona@example.lt', '123456');
    await h.engine.idle();

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.session.get('tokens')).toEqual({ key: 'tokens', tokens: { token: 'fresh', refreshToken: 'fresh-refresh' }, email: 'ona@example.lt' });
    expect(await h.db.kv.get('sessionExpired')).toBeUndefined();
    expect(await h.db.user.get('me')).toMatchObject({ id: 'u1' });
    expect(await h.db.meta.get('tasks:available')).toMatchObject({ error: null });
  });

  it('returns the server error of a wrong code and stores nothing', async () => {
    h = createHarness();
    h.api.on('POST', 'auth/login', () => ({ status: 420, body: { error: { code: 'WRONG_CODE', message: 'Wrong code' } } }));

    const result = await h.engine.loginWithCode('ona@example.lt', '000000');

    expect(result).toEqual({ ok: false, error: { status: 420, code: 'WRONG_CODE', message: 'Wrong code' } });
    expect(await h.db.session.count()).toBe(0);
  });

  it('logs in with a password through auth/password-login', async () => {
    h = createHarness();
    h.api.on('POST', 'auth/password-login', (req) => {
      expect(req.body).toEqual({ username: 'demo-lt@shelfwork.test', password: 'demo' });
      h.api.validTokens.add('pw');
      return { status: 200, body: { token: 'pw', refreshToken: 'pw-r' } };
    });

    expect(await h.engine.loginWithPassword('demo-lt@shelfwork.test', 'demo')).toEqual({ ok: true, value: undefined });
    expect(await h.db.session.get('tokens')).toMatchObject({ email: 'demo-lt@shelfwork.test' });
  });

  it('sends email codes and registrations without a token', async () => {
    h = createHarness();
    await h.logIn();
    h.api.on('POST', 'auth/send-email-code', () => ({ status: 204 }));
    h.api.on('POST', 'auth/register', () => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many codes' } } }));

    expect(await h.engine.sendEmailCode('a@b.lt')).toEqual({ ok: true, value: undefined });
    expect(await h.engine.register('a@b.lt', 'PL')).toEqual({ ok: false, error: { status: 429, code: 'RATE_LIMITED', message: 'Too many codes' } });
    expect(h.api.calls('POST', 'auth/register')[0]?.body).toEqual({ email: 'a@b.lt', country: 'PL' });
    expect(h.api.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('on a 401 refreshes the token once and retries the request with the new one', async () => {
    h = createHarness();
    await h.logIn('old');
    h.api.validTokens.delete('old'); // expired access token
    h.api.on('POST', 'auth/token', (req) => {
      expect(req.body).toEqual({ refreshToken: 'refresh-of-old' });
      h.api.validTokens.add('new');
      return { status: 200, body: { token: 'new', refreshToken: 'new-refresh' } };
    });

    h.api.on('GET', 'task/a1', h.api.authed(() => ({ status: 200, body: makeTask('a1', 'available') })));

    const result = await h.engine.refreshTask('a1');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get('a1')).toMatchObject({ id: 'a1' });

    expect(h.api.calls('POST', 'auth/token')).toHaveLength(1);
    expect(h.api.calls('GET', 'task/a1').map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect((await h.db.session.get('tokens'))?.tokens).toEqual({ token: 'new', refreshToken: 'new-refresh' });
  });

  it('shares one refresh among concurrent 401s', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available'), makeTask('r1', 'reserved')];
    await h.logIn('old');
    h.api.validTokens.delete('old');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.api.on('POST', 'auth/token', async () => {
      await gate; // hold the refresh so the other 401s arrive while it is in flight
      h.api.validTokens.add('new');
      return { status: 200, body: { token: 'new', refreshToken: 'new-refresh' } };
    });
    await h.db.user.put({ ...makeUser(), key: 'me' });
    await h.db.meta.put({ key: 'user', syncedAt: START.toISOString(), error: null, attemptedAt: START.toISOString() });

    const sync = h.engine.syncNow('start');
    while (h.api.calls('GET', 'task').length < 3) await new Promise((r) => setTimeout(r, 1));
    release();
    await sync;

    expect(h.api.calls('POST', 'auth/token')).toHaveLength(1);
    expect(await h.db.tasks.count()).toBe(2);
  });

  it('drops the tokens and marks the session expired when the refresh is refused', async () => {
    h = createHarness();
    await h.logIn('old');
    await h.db.user.put({ ...makeUser(), key: 'me' });
    h.api.validTokens.delete('old');
    h.api.on('POST', 'auth/token', () => ({ status: 401, body: { error: { code: 'REFRESH_TOKEN_INVALID', message: 'Token reused' } } }));

    await h.engine.syncNow('start');

    expect(await h.db.session.get('tokens')).toBeUndefined();
    expect(await h.db.kv.get('sessionExpired')).toEqual({ key: 'sessionExpired', value: true });
    expect(h.api.calls('POST', 'auth/token')).toHaveLength(1);
    expect(await h.db.meta.get('user')).toMatchObject({ error: 'SESSION_EXPIRED' });
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    h = createHarness();
    await h.logIn('old');
    h.api.validTokens.delete('old');
    h.api.on('POST', 'auth/token', () => 'network-error');

    await h.engine.syncNow('start');

    expect(await h.db.session.get('tokens')).toBeDefined();
    expect(await h.db.kv.get('sessionExpired')).toBeUndefined();
    expect(await h.db.meta.get('user')).toMatchObject({ error: 'NETWORK' });
  });

  it('logout clears tokens and mirrored data but keeps countries and unsent outbox records', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('a1', 'available')];
    await h.logIn();
    await h.engine.syncNow('start');
    h.api.on('POST', 'user/set-country', () => 'network-error');
    await h.engine.setCountry('PL');
    await h.engine.idle();

    await h.engine.logout();

    expect(await h.db.session.count()).toBe(0);
    expect(await h.db.user.count()).toBe(0);
    expect(await h.db.tasks.count()).toBe(0);
    expect(await h.db.reservationLimit.count()).toBe(0);
    expect((await h.db.meta.toArray()).map((m) => m.key)).toEqual(['countries']);
    expect(await h.db.countries.count()).toBe(2);
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'set-country', state: 'pending', ownerId: 'u1' }]);
  });

  it('wipes the previous account’s mirror when a different tasker logs in', async () => {
    h = createHarness();
    h.server.tasks = [makeTask('r1', 'reserved')];
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.count()).toBe(1);

    // The session expired, and someone else logs in on this phone.
    await h.db.session.clear();
    h.server.user = makeUser({ id: 'u2', email: 'jan@example.pl' });
    h.server.tasks = [];
    h.api.on('POST', 'auth/login', () => {
      h.api.validTokens.add('jan');
      return { status: 200, body: { token: 'jan', refreshToken: 'jan-r' } };
    });
    await h.engine.loginWithCode('jan@example.pl', '123456');
    await h.engine.idle();

    expect(await h.db.user.get('me')).toMatchObject({ id: 'u2' });
    expect(await h.db.tasks.count()).toBe(0);
  });

  it('serves pages from the fake in the order asked', () => {
    // Guards the fake server itself: the paging tests above mean nothing if it misbehaves.
    const handler = pagedTasks(() => [makeTask('x', 'available'), makeTask('y', 'available'), makeTask('z', 'reserved')]);
    const answer = handler({ method: 'GET', path: 'task', query: new URLSearchParams('status=available&first=1&after=c0'), headers: {}, body: null });
    expect(answer).toMatchObject({ status: 200, body: { data: [{ id: 'y' }], pageInfo: { hasNext: false, endCursor: 'c1' } } });
  });
});
