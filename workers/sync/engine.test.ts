import { afterEach, describe, expect, it } from 'vitest';
import type { Page, Task, User } from '#domain/types';
import { latestCode } from '../../test/server/helpers';
import { createHarness, gate, OPEN_WINDOW, START, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

async function harness(): Promise<Harness> {
  h = await createHarness(server());
  return h;
}

/** The statuses of the task-list pulls sent so far. */
const listStatuses = () => h.net.calls('GET', 'task').map((r) => r.query.get('status'));

/** The code the server mailed to `email` (the dev mailbox). */
const mailedCode = (email: string) => latestCode(server(), email);

describe('pulls', () => {
  it('writes the user, countries, trainings, reservation limit and task lists into the mirror, with meta', async () => {
    await harness();
    await h.world.tasks([['a1', {}], ['r1', { status: 'reserved' }], ['i1', { status: 'in_progress', ...OPEN_WINDOW }]]);
    await h.logIn();

    await h.engine.syncNow('start');

    expect(await h.db.user.get('me')).toMatchObject({ id: h.world.tasker.id, email: h.world.tasker.email, status: 'active' });
    expect((await h.db.countries.toArray()).map((c) => c.code).sort()).toEqual(['CZ', 'LT', 'PL', 'RO']);
    expect(await h.db.trainings.count()).toBe(await h.server.db.selectFrom('trainings').select('id').execute().then((rows) => rows.length));
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 120, limit: 1200 });
    expect((await h.db.tasks.toArray()).map((t) => [h.world.name(t.id), t.status, h.world.name(t.placeId)])).toEqual([
      ['a1', 'available', 'p-a1'],
      ['i1', 'in_progress', 'p-i1'],
      ['r1', 'reserved', 'p-r1'],
    ]);
    for (const key of ['user', 'countries', 'trainings', 'reservationLimit', 'tasks:available', 'tasks:reserved', 'tasks:in_progress']) {
      // The whole-list statuses keep the server's delta cursor beside the rows it describes.
      const cursor = key.startsWith('tasks:') ? { cursor: expect.any(String) } : {};
      expect(await h.db.meta.get(key), key).toEqual({ key, syncedAt: START.toISOString(), error: null, attemptedAt: START.toISOString(), ...cursor });
    }
  });

  it('follows pageInfo.endCursor through every page and keeps the server order in sortKey', async () => {
    await harness();
    await h.world.tasks(Array.from({ length: 120 }, (_, i) => [`a${String(i).padStart(3, '0')}`, { place: 'store' }]));
    await h.logIn();

    await h.engine.syncNow('start');

    const pages = h.net.calls('GET', 'task').filter((r) => r.query.get('status') === 'available');
    expect(pages.map((r) => r.query.get('first'))).toEqual(['50', '50', '50']);
    const endCursors = pages.map((r) => (r.response?.body as Page<Task>).pageInfo.endCursor);
    expect(pages.map((r) => r.query.get('after'))).toEqual([null, endCursors[0], endCursors[1]]);
    expect((pages[2]?.response?.body as Page<Task>).pageInfo.hasNext).toBe(false);
    const rows = await h.db.tasks.where('status').equals('available').toArray();
    expect(rows).toHaveLength(120);
    expect(rows.find((r) => r.id === h.id('a075'))?.sortKey).toBe(75);
  });

  it('replaces the rows of a status so tasks that left it disappear from the mirror', async () => {
    await harness();
    await h.world.tasks([['a1', {}], ['a2', {}], ['r1', { status: 'reserved' }]]);
    await h.logIn();
    await h.engine.syncNow('start');

    // Another tasker reserves a1: it leaves the available list.
    const other = await h.world.otherTasker('u9');
    await h.world.call(other.id, 'POST', `task/${h.id('a1')}/reserve`);
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(h.names((await h.db.tasks.toArray()).map((t) => t.id)).sort()).toEqual(['a2', 'r1']);
  });

  it('moves a task between lists when its status changed on the server', async () => {
    await harness();
    await h.world.task('a1', 'available');
    await h.logIn();
    await h.engine.syncNow('start');

    // Reserved from the tasker's other device.
    await h.world.call(h.world.tasker.id, 'POST', `task/${h.id('a1')}/reserve`);
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.get(h.id('a1'))).toMatchObject({ status: 'reserved', taskerId: h.world.tasker.id });
  });

  it('pulls no task list nor the reservation limit for a user who cannot see tasks (the server refuses them all)', async () => {
    await harness();
    await h.world.setUserStatus(h.world.tasker.id, 'new');
    await h.world.tasks([['a1', {}], ['r1', { status: 'reserved' }]]);
    await h.logIn();

    await h.engine.syncNow('start');

    // docs/api.md: new, rejected and deactivated accounts get 403 CANNOT_SEE_TASKS on every list,
    // so the worker asks for none (it asked for its own lists every minute and stored the refusal).
    expect(listStatuses()).toEqual([]);
    expect(h.net.calls('GET', 'task')).toHaveLength(0);
    expect(h.net.calls('GET', 'task/reservation-limit')).toHaveLength(0);
    expect(await h.db.meta.get('tasks:reserved')).toBeUndefined();
    expect(await h.db.tasks.count()).toBe(0);
  });

  it('drops mirrored available tasks once the user can no longer see tasks', async () => {
    await harness();
    await h.world.tasks([['a1', {}], ['r1', { status: 'reserved' }]]);
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.get(h.id('a1'))).toBeDefined();

    await h.world.setUserStatus(h.world.tasker.id, 'deactivated');
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.user.get('me')).toMatchObject({ status: 'deactivated', isDeactivated: true });
    // The reserved list is refused now (403), so the last pulled one stays.
    expect(h.names((await h.db.tasks.toArray()).map((t) => t.id))).toEqual(['r1']);
  });

  it('pulls history statuses only while a screen watches them', async () => {
    await harness();
    await h.world.task('h1', 'accepted', { endTime: '2026-11-20T12:00:00.000Z' });
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.get(h.id('h1'))).toBeUndefined();

    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    expect(await h.db.tasks.get(h.id('h1'))).toMatchObject({ status: 'accepted' });
  });

  it('pulls only what is due: lists after 60 s, the watched task after 30 s', async () => {
    await harness();
    const a1 = await h.world.task('a1', 'available');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.watch({ taskId: a1 });
    await h.engine.idle();
    const count = () => ({ user: h.net.calls('GET', 'user').length, list: h.net.calls('GET', 'task').length, task: h.net.calls('GET', `task/${a1}`).length });
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
    await harness();
    await h.world.tasks([['a1', {}], ['p1', { status: 'in_progress', ...OPEN_WINDOW }]]);
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    const calls = () => h.net.requests.map((r) => `${r.method} ${r.path}${r.query.get('status') ? `?${r.query.get('status')}` : ''}`);
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
    expect(h.net.calls('GET', 'user')).toHaveLength(1);
  });

  it('pulls everything again when forced', async () => {
    await harness();
    await h.logIn();
    await h.engine.syncNow('start');
    const before = h.net.calls('GET', 'user').length;

    await h.engine.syncNow('manual', true);

    expect(h.net.calls('GET', 'user')).toHaveLength(before + 1);
  });

  it('removes a watched task that answers 404 and reports why (another tasker took it: TASK_NO_LONGER_AVAILABLE)', async () => {
    await harness();
    const a1 = await h.world.task('a1', 'available');
    await h.logIn();
    await h.engine.syncNow('start');
    // Another tasker reserved it: for this tasker it no longer exists.
    const other = await h.world.otherTasker('u9');
    await h.world.call(other.id, 'POST', `task/${a1}/reserve`);

    const result = await h.engine.refreshTask(a1);

    expect(result).toEqual({ ok: false, error: { status: 404, code: 'TASK_NO_LONGER_AVAILABLE', message: 'This task is no longer available. Another user has already reserved it.' } });
    expect(await h.db.tasks.get(a1)).toBeUndefined();
    expect(await h.db.meta.get(`task:${a1}`)).toMatchObject({ error: 'TASK_NO_LONGER_AVAILABLE' });
  });

  it('never throws out of syncNow when the server is unreachable; errors land in meta and old data stays', async () => {
    await harness();
    await h.world.task('a1', 'available');
    await h.logIn();
    await h.engine.syncNow('start');
    h.net.offline = true;

    h.advance(61_000);
    await expect(h.engine.syncNow('timer')).resolves.toBeUndefined();

    expect(await h.db.meta.get('tasks:available')).toEqual({
      key: 'tasks:available',
      syncedAt: START.toISOString(),
      error: 'NETWORK',
      attemptedAt: new Date(START.getTime() + 61_000).toISOString(),
      // A failure keeps the cursor: the mirror still holds what it describes.
      cursor: expect.any(String),
    });
    expect(await h.db.tasks.get(h.id('a1'))).toBeDefined();
    expect(await h.db.user.get('me')).toBeDefined();
  });

  it('reports more than 500 tasks in one pull once', async () => {
    await harness();
    await h.world.tasks(Array.from({ length: 501 }, (_, i) => [`a${i}`, { place: 'store' }]));
    await h.logIn();

    await h.engine.syncNow('start');
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.count()).toBe(501);
    expect(h.warnings.filter((w) => w.includes('More than 500 tasks'))).toHaveLength(1);
  });

  it('sends the last known position as the Geolocation header', async () => {
    await harness();
    await h.logIn();
    await h.engine.setPosition({ latitude: 54.6872, longitude: 25.2797 });

    await h.engine.syncNow('start');

    expect(h.net.calls('GET', 'user')[0]?.headers.geolocation).toBe('54.6872,25.2797');
  });

  it('pulls only countries while logged out', async () => {
    await harness();

    await h.engine.syncNow('start');

    expect(h.net.requests.map((r) => r.path)).toEqual(['country']);
    expect((await h.db.countries.toArray()).map((c) => c.code).sort()).toEqual(['CZ', 'LT', 'PL', 'RO']);
  });
});

describe('auth', () => {
  it('logs in with an email code: stores the tokens, clears the expired notice and pulls the user', async () => {
    await harness();
    const { email } = h.world.tasker;
    await h.db.kv.put({ key: 'sessionExpired', value: true });
    expect(await h.engine.sendEmailCode(email)).toEqual({ ok: true, value: undefined });
    const code = await mailedCode(email);

    const result = await h.engine.loginWithCode(email, code);
    await h.engine.idle();

    expect(result).toEqual({ ok: true, value: undefined });
    const [login] = h.net.calls('POST', 'auth/login');
    expect(login?.body).toEqual({ code, type: 'email', email });
    expect(await h.db.session.get('tokens')).toEqual({ key: 'tokens', tokens: login?.response?.body, email });
    expect(await h.db.kv.get('sessionExpired')).toBeUndefined();
    expect(await h.db.user.get('me')).toMatchObject({ id: h.world.tasker.id });
    expect(await h.db.meta.get('tasks:available')).toMatchObject({ error: null });
  });

  it('returns the server error of a wrong code and stores nothing', async () => {
    await harness();
    const { email } = h.world.tasker;
    await h.engine.sendEmailCode(email);
    const wrong = (await mailedCode(email)) === '000000' ? '111111' : '000000';

    const result = await h.engine.loginWithCode(email, wrong);

    expect(result).toEqual({ ok: false, error: { status: 420, code: 'WRONG_CODE', message: 'Wrong code' } });
    expect(await h.db.session.count()).toBe(0);
  });

  it('logs in with a password through auth/password-login', async () => {
    await harness();
    const jan = await h.world.otherTasker('u2', { password: 'demo-secret' });

    expect(await h.engine.loginWithPassword(jan.email, 'demo-secret')).toEqual({ ok: true, value: undefined });

    expect(h.net.calls('POST', 'auth/password-login')[0]?.body).toEqual({ username: jan.email, password: 'demo-secret' });
    expect(await h.db.session.get('tokens')).toMatchObject({ email: jan.email });
  });

  it('sends email codes and registrations without a token, and returns the server’s refusal', async () => {
    await harness();
    await h.logIn();
    const { email } = h.world.tasker;

    expect(await h.engine.sendEmailCode(email)).toEqual({ ok: true, value: undefined });
    expect(await h.engine.register(email, 'PL')).toEqual({
      ok: false,
      error: { status: 420, code: 'EMAIL_ALREADY_REGISTERED', message: 'This email is already registered. Please log in.' },
    });
    expect(h.net.calls('POST', 'auth/register')[0]?.body).toEqual({ email, country: 'PL' });
    expect(h.net.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('on a 401 refreshes the token once and retries the request with the new one', async () => {
    await harness();
    const a1 = await h.world.task('a1', 'available');
    const old = await h.logIn({ accessExpired: true });

    const result = await h.engine.refreshTask(a1);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get(a1)).toMatchObject({ id: a1 });
    const refreshes = h.net.calls('POST', 'auth/token');
    expect(refreshes.map((r) => r.body)).toEqual([{ refreshToken: old.refreshToken }]);
    const renewed = refreshes[0]?.response?.body as { token: string; refreshToken: string };
    expect(renewed.token).not.toBe(old.token);
    const reads = h.net.calls('GET', `task/${a1}`);
    expect(reads.map((r) => [r.headers.authorization, r.response?.status])).toEqual([
      [`Bearer ${old.token}`, 401],
      [`Bearer ${renewed.token}`, 200],
    ]);
    expect(reads[0]?.response?.body).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    expect((await h.db.session.get('tokens'))?.tokens).toEqual(renewed);
  });

  it('shares one refresh among concurrent 401s', async () => {
    await harness();
    await h.world.tasks([['a1', {}], ['r1', { status: 'reserved' }]]);
    const user = await h.world.call<User>(h.world.tasker.id, 'GET', 'user');
    await h.logIn({ accessExpired: true });
    // Hold the refresh so the other 401s arrive while it is in flight.
    const held = gate();
    h.net.fail('POST', 'auth/token', { kind: 'hold-request', until: held.until });
    await h.db.user.put({ ...user, key: 'me' });
    await h.db.meta.put({ key: 'user', syncedAt: START.toISOString(), error: null, attemptedAt: START.toISOString() });

    const sync = h.engine.syncNow('start');
    while (h.net.calls('GET', 'task').length < 3) await new Promise((r) => setTimeout(r, 1));
    held.open();
    await sync;

    expect(h.net.calls('POST', 'auth/token')).toHaveLength(1);
    expect(await h.db.tasks.count()).toBe(2);
  });

  it('drops the tokens and marks the session expired when the refresh is refused', async () => {
    await harness();
    const user = await h.world.call<User>(h.world.tasker.id, 'GET', 'user');
    const tokens = await h.logIn({ accessExpired: true });
    await h.db.user.put({ ...user, key: 'me' });
    // The refresh token was already spent (by another holder): using it again is refused.
    const spent = await h.server.request({ method: 'POST', url: '/api/auth/token', payload: { refreshToken: tokens.refreshToken } });
    expect(spent.statusCode).toBe(200);

    await h.engine.syncNow('start');

    expect(h.net.calls('POST', 'auth/token').map((r) => [r.response?.status, (r.response?.body as { error?: { code: string } }).error?.code])).toEqual([
      [401, 'REFRESH_TOKEN_REUSED'],
    ]);
    expect(await h.db.session.get('tokens')).toBeUndefined();
    expect(await h.db.kv.get('sessionExpired')).toEqual({ key: 'sessionExpired', value: true });
    expect(await h.db.meta.get('user')).toMatchObject({ error: 'SESSION_EXPIRED' });
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    await harness();
    await h.logIn({ accessExpired: true });
    h.net.fail('POST', 'auth/token', { kind: 'network-error' });

    await h.engine.syncNow('start');

    expect(await h.db.session.get('tokens')).toBeDefined();
    expect(await h.db.kv.get('sessionExpired')).toBeUndefined();
    expect(await h.db.meta.get('user')).toMatchObject({ error: 'NETWORK' });
  });

  it('logout clears tokens and mirrored data but keeps countries and unsent outbox records', async () => {
    await harness();
    await h.world.task('a1', 'available');
    // A tasker still awaiting approval may change their market (an approved one may not).
    await h.world.setUserStatus(h.world.tasker.id, 'awaiting_approval');
    await h.logIn();
    await h.engine.syncNow('start');
    h.net.fail('POST', 'user/set-country', { kind: 'network-error' });
    await h.engine.setCountry('PL');
    await h.engine.idle();

    await h.engine.logout();

    expect(await h.db.session.count()).toBe(0);
    expect(await h.db.user.count()).toBe(0);
    expect(await h.db.tasks.count()).toBe(0);
    expect(await h.db.reservationLimit.count()).toBe(0);
    expect((await h.db.meta.toArray()).map((m) => m.key)).toEqual(['countries']);
    expect(await h.db.countries.count()).toBe(4);
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'set-country', state: 'pending', ownerId: h.world.tasker.id }]);
  });

  it('wipes the previous account’s mirror when a different tasker logs in', async () => {
    await harness();
    await h.world.task('r1', 'reserved');
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.count()).toBe(1);

    // The session expired, and someone else logs in on this phone.
    await h.db.session.clear();
    const jan = await h.world.otherTasker('u2');
    await h.engine.sendEmailCode(jan.email);
    await h.engine.loginWithCode(jan.email, await mailedCode(jan.email));
    await h.engine.idle();

    expect(await h.db.user.get('me')).toMatchObject({ id: jan.id });
    expect(await h.db.tasks.count()).toBe(0);
  });
});
