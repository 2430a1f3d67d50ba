/**
 * The task commands of the sync worker against the real server: reserve, cancel, start (online,
 * offline, refused), suggestions, history paging and the refresh schedule. Over 450 lines because
 * each describe block is one command's story; they share the fixtures below.
 */
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { enqueueMutation, type NewMutation } from './queue';
import { batchDelivery } from './outbox';
import type { Page, Task } from '#domain/types';
import { AT_STORE, createHarness, gate, OPEN_WINDOW, START, useSyncServer, type Harness } from '../../test/support/sync-harness';
import type { TaskSpec } from '../../test/support/sync-world';
import { HISTORY_RESET_AFTER_MS } from './features/tasks';
import type { HistoryCursor, SuggestionsState } from '#contracts/kv';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** About 2 km north of the store. */
const TWO_KM_AWAY = { latitude: 54.705, longitude: 25.279 };

/** Logged in as the world's tasker with `tasks` on the server, first sync done. */
async function loggedInWith(tasks: [string, TaskSpec][]): Promise<void> {
  h = await createHarness(server());
  if (tasks.length > 0) await h.world.tasks(tasks);
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

/** No signal for one route: its requests fail before reaching the server. */
function offline(method: string, path: string): void {
  h.net.fail(method, path, { kind: 'network-error' });
}

/** The signal is back for that route. */
function online(method: string, path: string): void {
  h.net.heal({ method, path });
}

/** The endCursor of the answers to `calls`, in order. */
const endCursors = (calls: { response: { body: unknown } | null }[]) => calls.map((r) => (r.response?.body as Page<Task>).pageInfo.endCursor);

describe('reserveTask', () => {
  it('reserves online: the task is reserved in the mirror at once, then the limit and the lists are pulled again', async () => {
    await loggedInWith([['a1', { expectedDuration: 90 }]]);
    const a1 = h.id('a1');
    const listPulls = h.net.calls('GET', 'task').length;

    const result = await h.engine.reserveTask(a1);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get(a1)).toMatchObject({ status: 'reserved', taskerId: h.world.tasker.id });
    await h.engine.idle();
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 90, limit: 1200 });
    const reserve = h.net.calls('POST', `task/${a1}/reserve`);
    expect(reserve).toHaveLength(1);
    expect(reserve[0]?.headers['idempotency-key']).toMatch(UUID);
    expect(reserve[0]?.body).toBeNull();
    expect((await h.world.serverTask('a1')).tasker_id).toBe(h.world.tasker.id);
    const statuses = h.net.calls('GET', 'task').slice(listPulls).map((r) => r.query.get('status'));
    expect(statuses.sort()).toEqual(['available', 'reserved']);
  });

  it('sends a fresh Idempotency-Key with every reserve', async () => {
    await loggedInWith([['a1', {}], ['a2', {}]]);

    await h.engine.reserveTask(h.id('a1'));
    await h.engine.reserveTask(h.id('a2'));

    const keys = [...h.net.calls('POST', `task/${h.id('a1')}/reserve`), ...h.net.calls('POST', `task/${h.id('a2')}/reserve`)].map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('returns the server’s 420 and message and leaves the mirror as it was', async () => {
    await loggedInWith([['a1', {}]]);
    const a1 = h.id('a1');
    // Another tasker won the race on the server.
    const other = await h.world.otherTasker('u9');
    await h.world.call(other.id, 'POST', `task/${a1}/reserve`);
    const before = await h.db.tasks.toArray();
    const requests = h.net.requests.length;

    const result = await h.engine.reserveTask(a1);
    await h.engine.idle();

    expect(result).toEqual({
      ok: false,
      error: { status: 420, code: 'TASK_NO_LONGER_AVAILABLE', message: 'This task is no longer available. Another user has already reserved it.' },
    });
    expect(await h.db.tasks.toArray()).toEqual(before);
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 0, limit: 1200 });
    expect(h.net.requests.slice(requests).map((r) => r.path)).toEqual([`task/${a1}/reserve`]);
  });

  it('answers NETWORK offline and neither queues nor changes anything', async () => {
    await loggedInWith([['a1', {}]]);
    const a1 = h.id('a1');
    offline('POST', `task/${a1}/reserve`);
    const before = await h.db.tasks.toArray();

    const result = await h.engine.reserveTask(a1);
    await h.engine.idle();

    expect(result).toMatchObject({ ok: false, error: { status: 0, code: 'NETWORK' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.toArray()).toEqual(before);
    expect((await h.world.serverTask('a1')).status).toBe('available');
  });

  it('is not undone by a reserved-list pull that was already on its way', async () => {
    await loggedInWith([['a1', {}]]);
    const a1 = h.id('a1');
    // The next reserved-list answer is taken before the reserve and reaches the phone after it.
    const held = gate();
    const isReservedList = (r: { query: URLSearchParams }) => r.query.get('status') === 'reserved';
    h.net.fail('GET', 'task', { kind: 'hold-response', until: held.until }, { times: 1, where: isReservedList });
    const deleted: string[] = [];
    h.db.tasks.hook('deleting', (id) => {
      deleted.push(String(id));
    });
    h.advance(61_000);
    const sync = h.engine.syncNow('timer');
    const answeredByServer = () => h.net.calls('GET', 'task').some((r) => isReservedList(r) && r.response !== null && !r.answered);
    while (!answeredByServer()) await new Promise((r) => setTimeout(r, 1));

    await h.engine.reserveTask(a1);
    held.open();
    await sync;
    await h.engine.idle();

    expect(deleted).not.toContain(a1);
    expect(await h.db.tasks.get(a1)).toMatchObject({ status: 'reserved' });
  });
});

describe('cancelTask', () => {
  it('cancels early without a body field: the task is available again and the limit is pulled', async () => {
    await loggedInWith([['r1', { status: 'reserved', earlyCancelDeadline: '2026-11-21T12:00:00.000Z', lateCancelDeadline: '2026-11-21T20:00:00.000Z' }]]);
    const r1 = h.id('r1');
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 60, limit: 1200 });

    const result = await h.engine.cancelTask(r1, null);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'available', taskerId: null });
    const sent = h.net.calls('POST', `task/${r1}/cancel`)[0];
    expect(sent?.body).toEqual({});
    expect(sent?.headers['idempotency-key']).toMatch(UUID);
    await h.engine.idle();
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 0, limit: 1200 });
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'available' });
    expect(await h.world.serverTask('r1')).toMatchObject({ status: 'available', tasker_id: null });
  });

  it('sends the justification of a late cancel and returns the field error when it is missing', async () => {
    await loggedInWith([['r1', { status: 'reserved', earlyCancelDeadline: '2026-11-21T06:00:00.000Z', lateCancelDeadline: '2026-11-21T20:00:00.000Z' }]]);
    const r1 = h.id('r1');

    const missing = await h.engine.cancelTask(r1, null);
    expect(missing).toEqual({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'A late cancel needs a reason', fields: { justification: 'REQUIRED' } } });
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'reserved' });

    const result = await h.engine.cancelTask(r1, 'My child is ill');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(h.net.calls('POST', `task/${r1}/cancel`)[1]?.body).toEqual({ justification: 'My child is ill' });
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'available' });
  });

  it('returns CANCEL_DEADLINE_PASSED after both deadlines and keeps the task reserved', async () => {
    await loggedInWith([['r1', { status: 'reserved', earlyCancelDeadline: '2026-11-21T06:00:00.000Z', lateCancelDeadline: '2026-11-21T07:00:00.000Z' }]]);

    const result = await h.engine.cancelTask(h.id('r1'), 'Too late');

    expect(result).toMatchObject({ ok: false, error: { status: 420, code: 'CANCEL_DEADLINE_PASSED' } });
    expect(await h.db.tasks.get(h.id('r1'))).toMatchObject({ status: 'reserved' });
  });

  it('removes the cancelled task from the mirror when this tasker cannot see available tasks', async () => {
    await loggedInWith([['r1', { status: 'reserved', earlyCancelDeadline: '2026-11-21T12:00:00.000Z' }]]);
    await h.db.user.update('me', { status: 'deactivated', isDeactivated: true });

    expect(await h.engine.cancelTask(h.id('r1'), null)).toEqual({ ok: true, value: undefined });

    expect(await h.db.tasks.get(h.id('r1'))).toBeUndefined();
  });

  it('answers NETWORK offline and changes nothing', async () => {
    await loggedInWith([['r1', { status: 'reserved', earlyCancelDeadline: '2026-11-21T12:00:00.000Z' }]]);
    offline('POST', `task/${h.id('r1')}/cancel`);

    expect(await h.engine.cancelTask(h.id('r1'), null)).toMatchObject({ ok: false, error: { status: 0, code: 'NETWORK' } });
    expect(await h.db.tasks.get(h.id('r1'))).toMatchObject({ status: 'reserved' });
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('startTask', () => {
  it('offline: queues the start and shows the task in progress at once; a pull does not undo it', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);
    const startedAt = START.toISOString();

    const result = await h.engine.startTask(r1, AT_STORE, startedAt);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'in_progress', startTime: startedAt });
    await h.engine.idle();
    expect(await h.db.outbox.toArray()).toMatchObject([
      {
        kind: 'start-task',
        taskId: r1,
        method: 'POST',
        path: `task/${r1}/start`,
        payload: { latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt },
        state: 'pending',
        attempts: 1,
        ownerId: h.world.tasker.id,
      },
    ]);

    await h.engine.syncNow('manual', true);
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'in_progress', startTime: startedAt });
    expect((await h.world.serverTask('r1')).status).toBe('reserved');
  });

  it('is delivered when the signal returns, with the recorded time and position and the record’s key', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);
    await h.engine.startTask(r1, AT_STORE, START.toISOString());
    await h.engine.idle();
    const record = await h.db.outbox.toCollection().first();

    h.advance(20 * 60_000);
    await h.engine.syncNow('timer'); // still in the basement
    expect(await h.db.outbox.count()).toBe(1);

    online('POST', `task/${r1}/start`);
    await h.engine.syncNow('online');

    const sent = h.net.calls('POST', `task/${r1}/start`);
    expect(sent.at(-1)?.body).toEqual({ latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt: START.toISOString() });
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(sent.map(() => record!.id));
    expect(await h.db.outbox.count()).toBe(0);
    const onServer = await h.world.serverTask('r1');
    expect(onServer.status).toBe('in_progress');
    expect(new Date(onServer.start_time!).toISOString()).toBe(START.toISOString());
    expect(await h.db.tasks.get(r1)).toMatchObject({
      status: 'in_progress',
      startTime: START.toISOString(),
      updatedAt: new Date(START.getTime() + 20 * 60_000).toISOString(),
    });
  });

  it('drains before the task’s later records', async () => {
    batchDelivery.enabled = false; // one request per record is what this test reads (batches: batch.test.ts)
    onTestFinished(() => {
      batchDelivery.enabled = true;
    });
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);
    await h.engine.startTask(r1, AT_STORE, START.toISOString());
    await h.engine.idle();
    // A later record of the task that the server takes only once the task is in progress.
    await enqueueMutation(h.db, { taskId: r1, kind: 'test-later', method: 'POST', path: `task/${r1}/done-checklist-items`, payload: { ids: [] } } as unknown as NewMutation, { now: h.now() });

    online('POST', `task/${r1}/start`);
    await h.engine.syncNow('online');

    const order = h.net.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.response?.status ?? 'no answer']);
    expect(order).toEqual([
      [`task/${r1}/start`, 'no answer'],
      [`task/${r1}/start`, 200],
      [`task/${r1}/done-checklist-items`, 200],
    ]);
  });

  it('rejected by the server (420 too far): the record stays rejected with the message and the task is restored from the server', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);
    await h.engine.startTask(r1, AT_STORE, START.toISOString());
    await h.engine.idle();
    // Meanwhile staff corrected the store's position: the recorded position is 2 km from it.
    await h.world.movePlace('p-r1', TWO_KM_AWAY);

    online('POST', `task/${r1}/start`);
    await h.engine.syncNow('online');
    await h.engine.idle();

    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({
      kind: 'start-task',
      state: 'rejected',
      payload: { latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt: START.toISOString() },
      error: { status: 420, code: 'TOO_FAR_FROM_PLACE', message: 'You are too far from the store. Tasks can be started within 1000 m of the store.' },
    });
    const refusal = h.net.calls('POST', `task/${r1}/start`).at(-1)?.response?.body as { error: { fields?: Record<string, string> } };
    expect(Number(refusal.error.fields?.distanceMeters)).toBeGreaterThan(1000);
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'reserved', startTime: null, place: { coordinates: TWO_KM_AWAY } });
    expect((await h.world.serverTask('r1')).status).toBe('reserved');

    // Never resent.
    await h.engine.drain({ ignoreBackoff: true });
    expect(h.net.calls('POST', `task/${r1}/start`)).toHaveLength(2);
  });

  it('refuses locally what the domain rule refuses, queuing nothing', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }], ['r2', { status: 'reserved' }]]);

    const far = await h.engine.startTask(h.id('r1'), TWO_KM_AWAY, START.toISOString());
    const early = await h.engine.startTask(h.id('r2'), AT_STORE, START.toISOString());
    const unknown = await h.engine.startTask(h.id('zz'), AT_STORE, START.toISOString());

    expect(far).toMatchObject({ ok: false, error: { status: 420, code: 'TOO_FAR_FROM_PLACE', fields: { distanceMeters: expect.stringMatching(/^\d+$/) } } });
    expect(far.ok ? Number.NaN : Number(far.error.fields?.distanceMeters)).toBeGreaterThan(1000);
    expect(early).toMatchObject({ ok: false, error: { status: 420, code: 'TASK_NOT_STARTABLE_YET', fields: { opensAt: '2026-11-22T07:00:00.000Z' } } });
    expect(unknown).toMatchObject({ ok: false, error: { status: 404, code: 'TASK_NOT_FOUND' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.get(h.id('r1'))).toMatchObject({ status: 'reserved' });
    expect(h.net.requests.filter((r) => r.path.endsWith('/start'))).toHaveLength(0);
  });

  it('refuses a start time the server would refuse (src/domain/time.ts: year 0001, 30 February), queuing nothing', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);

    const ancient = await h.engine.startTask(r1, AT_STORE, '0001-11-21T10:00:00.000Z');
    const impossible = await h.engine.startTask(r1, AT_STORE, '2026-02-30T10:00:00.000Z');

    expect(ancient).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { startedAt: 'OUT_OF_RANGE' } } });
    expect(impossible).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { startedAt: 'INVALID' } } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.get(r1)).toMatchObject({ status: 'reserved' });
  });

  it('does not queue a second start for a task already started', async () => {
    await loggedInWith([['r1', { status: 'reserved', ...OPEN_WINDOW }]]);
    const r1 = h.id('r1');
    offline('POST', `task/${r1}/start`);

    await h.engine.startTask(r1, AT_STORE, START.toISOString());
    const again = await h.engine.startTask(r1, AT_STORE, START.toISOString());

    expect(again).toMatchObject({ ok: false, error: { code: 'TASK_NOT_RESERVED' } });
    expect(await h.db.outbox.count()).toBe(1);
  });
});

describe('pullSuggestions', () => {
  /** t0 reserved at 'store', `count` available tasks there (s00…), one available elsewhere. */
  function storeWith(count: number): [string, TaskSpec][] {
    const suggestions = Array.from({ length: count }, (_, i): [string, TaskSpec] => [`s${String(i).padStart(2, '0')}`, { place: 'store' }]);
    return [['t0', { status: 'reserved', place: 'store' }], ...suggestions, ['elsewhere', {}]];
  }

  async function suggestions(): Promise<SuggestionsState | undefined> {
    return (await h.db.kv.get(`suggestions:${h.id('t0')}`))?.value as SuggestionsState | undefined;
  }

  const names = (count: number) => Array.from({ length: count }, (_, i) => `s${String(i).padStart(2, '0')}`);

  it('pulls 25 per page, appends with `more`, stops at the end and starts over without `more`', async () => {
    await loggedInWith(storeWith(30));
    const t0 = h.id('t0');

    expect(await h.engine.pullSuggestions(t0)).toEqual({ ok: true, value: undefined });
    const first = await suggestions();
    expect(first).toMatchObject({ total: null, pageInfo: { hasNext: true }, syncedAt: START.toISOString() });
    expect(h.names(first?.taskIds ?? [])).toEqual(names(25));

    await h.engine.pullSuggestions(t0, true);
    const all = await suggestions();
    expect(h.names(all?.taskIds ?? [])).toEqual(names(30));
    expect(all).toMatchObject({ pageInfo: { hasNext: false } });
    expect(await h.db.tasks.where('id').anyOf(all!.taskIds).count()).toBe(30);

    await h.engine.pullSuggestions(t0, true);
    const calls = h.net.calls('GET', `task/${t0}/suggestions`);
    expect(calls.map((r) => [r.query.get('first'), r.query.get('after')])).toEqual([
      ['25', null],
      ['25', endCursors(calls)[0]],
    ]);

    await h.engine.pullSuggestions(t0);
    expect((await suggestions())?.taskIds).toHaveLength(25);
  });

  it('keeps suggested tasks through the next available-list pull while they are available, drops them when not', async () => {
    await loggedInWith([['t0', { status: 'reserved', place: 'store' }]]);
    // They appeared after the last available-list pull.
    await h.world.tasks(storeWith(3).slice(1));
    await h.engine.pullSuggestions(h.id('t0'));
    expect(await h.db.tasks.get(h.id('s01'))).toMatchObject({ status: 'available' });

    const other = await h.world.otherTasker('u9');
    await h.world.call(other.id, 'POST', `task/${h.id('s02')}/reserve`);
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.get(h.id('s00'))).toMatchObject({ status: 'available' });
    expect(await h.db.tasks.get(h.id('s01'))).toMatchObject({ status: 'available' });
    expect(await h.db.tasks.get(h.id('s02'))).toBeUndefined();
  });

  it('leaves the total unknown: the server’s pages carry no totalCount', async () => {
    await loggedInWith(storeWith(2));

    await h.engine.pullSuggestions(h.id('t0'));

    expect(h.net.calls('GET', `task/${h.id('t0')}/suggestions`)[0]?.response?.body).not.toHaveProperty('totalCount');
    const state = await suggestions();
    expect(h.names(state?.taskIds ?? [])).toEqual(['s00', 's01']);
    expect(state).toMatchObject({ total: null, pageInfo: { hasNext: false } });
  });

  it('returns the error and keeps the previous suggestions when offline', async () => {
    await loggedInWith(storeWith(2));
    const t0 = h.id('t0');
    await h.engine.pullSuggestions(t0);
    offline('GET', `task/${t0}/suggestions`);

    expect(await h.engine.pullSuggestions(t0)).toMatchObject({ ok: false, error: { code: 'NETWORK' } });
    expect(h.names((await suggestions())?.taskIds ?? [])).toEqual(['s00', 's01']);
    expect(await h.db.meta.get(`suggestions:${t0}`)).toMatchObject({ error: 'NETWORK', syncedAt: START.toISOString() });
  });

  it('is cleared with the rest of the account on logout', async () => {
    await loggedInWith(storeWith(2));
    await h.engine.pullSuggestions(h.id('t0'));
    await h.engine.setPosition(AT_STORE);

    await h.engine.logout();

    expect(await suggestions()).toBeUndefined();
    expect(await h.db.kv.get('position')).toBeDefined();
  });
});

describe('history', () => {
  /** `count` accepted tasks ending one hour apart, newest first: h000 ended last. */
  function accepted(count: number): [string, TaskSpec][] {
    return Array.from({ length: count }, (_, i): [string, TaskSpec] => {
      const end = START.getTime() - (i + 1) * 3_600_000;
      return [`h${String(i).padStart(3, '0')}`, { status: 'accepted', startTime: new Date(end - 3_600_000).toISOString(), endTime: new Date(end).toISOString() }];
    });
  }

  async function cursor(): Promise<HistoryCursor | undefined> {
    return (await h.db.kv.get('cursor:tasks:accepted'))?.value as HistoryCursor | undefined;
  }

  const acceptedIds = async () => h.names(await h.db.tasks.where('status').equals('accepted').primaryKeys()).sort();
  const acceptedPulls = () => h.net.calls('GET', 'task').filter((r) => r.query.get('status') === 'accepted');
  const names = (count: number) => accepted(count).map(([name]) => name);

  it('pulls only the first page, newest end first, while a screen watches the status', async () => {
    await loggedInWith(accepted(120));

    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    const pulls = acceptedPulls();
    expect(pulls.map((r) => [r.query.get('orderBy'), r.query.get('first'), r.query.get('after')])).toEqual([['-end_time', '50', null]]);
    expect(await acceptedIds()).toEqual(names(50));
    expect(await cursor()).toMatchObject({ pages: 1, hasNext: true, endCursor: endCursors(pulls)[0] });
  });

  it('pullMoreTasks appends the next pages, and the next first-page pull does not delete them', async () => {
    await loggedInWith(accepted(120));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toHaveLength(100);
    const second = endCursors(acceptedPulls())[1];
    expect(acceptedPulls()[1]?.query.get('after')).toBe(endCursors(acceptedPulls())[0]);
    expect(await cursor()).toMatchObject({ pages: 2, hasNext: true, endCursor: second });

    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(await acceptedIds()).toHaveLength(100);
    expect(await cursor()).toMatchObject({ pages: 2, endCursor: second });

    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toEqual(names(120));
    expect(await cursor()).toMatchObject({ pages: 3, hasNext: false });

    const more = h.net.requests.length;
    expect(await h.engine.pullMoreTasks('accepted')).toEqual({ ok: true, value: undefined });
    expect(h.net.requests.length).toBe(more);
  });

  it('deletes, on the first-page pull, a task that left the status within the first page', async () => {
    await loggedInWith(accepted(60));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();
    await h.engine.pullMoreTasks('accepted');

    // The review of h003 was changed on the server: it is no longer accepted.
    await h.world.updateTask('h003', { status: 'rejected' });
    h.advance(61_000);
    await h.engine.syncNow('timer');

    const ids = await acceptedIds();
    expect(ids).not.toContain('h003');
    expect(ids).toHaveLength(59);
    expect(ids).toContain('h059');
  });

  it('keeps loaded pages when the tasker comes back from a task, and starts afresh when the list is reopened later', async () => {
    await loggedInWith(accepted(120));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();
    await h.engine.pullMoreTasks('accepted');

    await h.engine.watch({ statuses: [], taskId: h.id('h070') });
    h.advance(61_000);
    await h.engine.watch({ statuses: ['accepted'], taskId: null });
    await h.engine.idle();
    expect(await acceptedIds()).toHaveLength(100);

    await h.engine.watch({ statuses: [] });
    h.advance(HISTORY_RESET_AFTER_MS);
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    expect(await acceptedIds()).toHaveLength(50);
    expect(await cursor()).toMatchObject({ pages: 1, endCursor: endCursors(acceptedPulls()).at(-1) });
  });

  it('after an app restart, starts the list from its first page as soon as it is opened, even if fresh', async () => {
    await loggedInWith(accepted(120));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();
    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toHaveLength(100);

    const restarted = h.restartEngine();
    h.advance(5_000);
    await restarted.watch({ statuses: ['accepted'] });
    await restarted.idle();

    expect(await acceptedIds()).toHaveLength(50);
    expect(await cursor()).toMatchObject({ pages: 1 });
    await restarted.pullMoreTasks('accepted');
    expect(await acceptedIds()).toHaveLength(100);
  });

  it('replaces a short history list whole', async () => {
    await loggedInWith(accepted(3));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    await h.world.updateTask('h000', { status: 'rejected' });
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await acceptedIds()).toEqual(['h001', 'h002']);
    expect(await cursor()).toMatchObject({ hasNext: false });
  });

  it('pullMoreTasks does nothing for lists that are always pulled whole', async () => {
    await loggedInWith([['r1', { status: 'reserved' }]]);
    const requests = h.net.requests.length;

    expect(await h.engine.pullMoreTasks('reserved')).toEqual({ ok: true, value: undefined });
    expect(h.net.requests.length).toBe(requests);
  });
});

describe('refresh schedule', () => {
  it('keeps the reservation limit on 60 s and the watched task on 30 s', async () => {
    await loggedInWith([['a1', {}]]);
    const a1 = h.id('a1');
    await h.engine.watch({ taskId: a1 });
    await h.engine.idle();
    const count = () => ({ limit: h.net.calls('GET', 'task/reservation-limit').length, task: h.net.calls('GET', `task/${a1}`).length });
    const first = count();

    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ limit: first.limit, task: first.task + 1 });

    h.advance(30_000); // 61 s after the first pulls
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ limit: first.limit + 1, task: first.task + 2 });
  });
});
