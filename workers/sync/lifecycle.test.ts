import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMutation } from '../../src/db/outbox';
import type { Task } from '../../src/domain/types';
import { HISTORY_RESET_AFTER_MS, SyncEngine } from './engine';
import { API_BASE, makeTask, makeUser } from './fake-api';
import type { HistoryCursor, SuggestionsState } from './pulls';
import { createHarness, START, type Harness } from './test-setup';

let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The fixtures' store (makeTask's place). */
const AT_STORE = { latitude: 54.687, longitude: 25.279 };
/** About 2 km north of the store. */
const TWO_KM_AWAY = { latitude: 54.705, longitude: 25.279 };
/** A window that is open at START (08:00 UTC). */
const OPEN_WINDOW = { timeWindowStart: '2026-11-21T07:00:00.000Z', timeWindowEnd: '2026-11-21T14:00:00.000Z' };

async function loggedInWith(tasks: Task[]): Promise<void> {
  h = createHarness();
  h.server.tasks = tasks;
  await h.logIn();
  await h.engine.syncNow('start');
  await h.engine.idle();
}

function offline(method: string, path: string): void {
  h.api.on(method, path, () => 'network-error');
}

/** The signal is back: drop the override so the fake server's lifecycle route answers. */
function online(method: string, path: string): void {
  h.api.off(method, path);
}

describe('reserveTask', () => {
  it('reserves online: the task is reserved in the mirror at once, then the limit and the lists are pulled again', async () => {
    await loggedInWith([makeTask('a1', 'available', { expectedDuration: 90 })]);
    const listPulls = h.api.calls('GET', 'task').length;

    const result = await h.engine.reserveTask('a1');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get('a1')).toMatchObject({ status: 'reserved', taskerId: 'u1' });
    await h.engine.idle();
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 210, limit: 600 });
    const reserve = h.api.calls('POST', 'task/a1/reserve');
    expect(reserve).toHaveLength(1);
    expect(reserve[0]?.headers['idempotency-key']).toMatch(UUID);
    expect(reserve[0]?.body).toBeNull();
    const statuses = h.api.calls('GET', 'task').slice(listPulls).map((r) => r.query.get('status'));
    expect(statuses.sort()).toEqual(['available', 'reserved']);
  });

  it('sends a fresh Idempotency-Key with every reserve', async () => {
    await loggedInWith([makeTask('a1', 'available'), makeTask('a2', 'available')]);

    await h.engine.reserveTask('a1');
    await h.engine.reserveTask('a2');

    const keys = [...h.api.calls('POST', 'task/a1/reserve'), ...h.api.calls('POST', 'task/a2/reserve')].map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('returns the server’s 420 and message and leaves the mirror as it was', async () => {
    await loggedInWith([makeTask('a1', 'available')]);
    // Another tasker won the race on the server.
    h.server.tasks = [makeTask('a1', 'reserved', { taskerId: 'u9', updatedAt: '2026-11-21T07:59:00.000Z' })];
    const before = await h.db.tasks.toArray();
    const requests = h.api.requests.length;

    const result = await h.engine.reserveTask('a1');
    await h.engine.idle();

    expect(result).toEqual({
      ok: false,
      error: { status: 420, code: 'TASK_NO_LONGER_AVAILABLE', message: 'This task is no longer available. Another user has already reserved it.' },
    });
    expect(await h.db.tasks.toArray()).toEqual(before);
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 120, limit: 600 });
    expect(h.api.requests.slice(requests).map((r) => r.path)).toEqual(['task/a1/reserve']);
  });

  it('answers NETWORK offline and neither queues nor changes anything', async () => {
    await loggedInWith([makeTask('a1', 'available')]);
    offline('POST', 'task/a1/reserve');
    const before = await h.db.tasks.toArray();

    const result = await h.engine.reserveTask('a1');
    await h.engine.idle();

    expect(result).toMatchObject({ ok: false, error: { status: 0, code: 'NETWORK' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.toArray()).toEqual(before);
    expect(h.server.tasks[0]?.status).toBe('available');
  });

  it('is not undone by a reserved-list pull that was already on its way', async () => {
    await loggedInWith([makeTask('a1', 'available')]);
    // The next reserved-list answer is a snapshot taken before the reserve, held until released.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const snapshot = { status: 200, body: { data: [], pageInfo: { startCursor: null, endCursor: null, hasNext: false, hasPrevious: false } } };
    let held = true;
    h.api.on(
      'GET',
      'task',
      h.api.authed(async (req) => {
        if (req.query.get('status') === 'reserved' && held) {
          held = false;
          await gate;
          return snapshot;
        }
        const status = req.query.get('status');
        return { status: 200, body: { data: h.server.tasks.filter((t) => t.status === status), pageInfo: snapshot.body.pageInfo } };
      }),
    );
    const deleted: string[] = [];
    h.db.tasks.hook('deleting', (id) => {
      deleted.push(String(id));
    });
    h.advance(61_000);
    const sync = h.engine.syncNow('timer');
    while (held) await new Promise((r) => setTimeout(r, 1));

    await h.engine.reserveTask('a1');
    release();
    await sync;
    await h.engine.idle();

    expect(deleted).not.toContain('a1');
    expect(await h.db.tasks.get('a1')).toMatchObject({ status: 'reserved' });
  });
});

describe('cancelTask', () => {
  it('cancels early without a body field: the task is available again and the limit is pulled', async () => {
    await loggedInWith([makeTask('r1', 'reserved', { earlyCancelDeadline: '2026-11-21T12:00:00.000Z', lateCancelDeadline: '2026-11-21T20:00:00.000Z' })]);
    h.server.limit = { used: 180, limit: 600 };

    const result = await h.engine.cancelTask('r1', null);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'available', taskerId: null });
    const sent = h.api.calls('POST', 'task/r1/cancel')[0];
    expect(sent?.body).toEqual({});
    expect(sent?.headers['idempotency-key']).toMatch(UUID);
    await h.engine.idle();
    expect(await h.db.reservationLimit.get('me')).toEqual({ key: 'me', used: 120, limit: 600 });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'available' });
  });

  it('sends the justification of a late cancel and returns the field error when it is missing', async () => {
    await loggedInWith([makeTask('r1', 'reserved', { earlyCancelDeadline: '2026-11-21T06:00:00.000Z', lateCancelDeadline: '2026-11-21T20:00:00.000Z' })]);

    const missing = await h.engine.cancelTask('r1', null);
    expect(missing).toEqual({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fields: { justification: 'REQUIRED' } } });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved' });

    const result = await h.engine.cancelTask('r1', 'My child is ill');

    expect(result).toEqual({ ok: true, value: undefined });
    expect(h.api.calls('POST', 'task/r1/cancel')[1]?.body).toEqual({ justification: 'My child is ill' });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'available' });
  });

  it('returns CANCEL_DEADLINE_PASSED after both deadlines and keeps the task reserved', async () => {
    await loggedInWith([makeTask('r1', 'reserved', { earlyCancelDeadline: '2026-11-21T06:00:00.000Z', lateCancelDeadline: '2026-11-21T07:00:00.000Z' })]);

    const result = await h.engine.cancelTask('r1', 'Too late');

    expect(result).toMatchObject({ ok: false, error: { status: 420, code: 'CANCEL_DEADLINE_PASSED' } });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved' });
  });

  it('removes the cancelled task from the mirror when this tasker cannot see available tasks', async () => {
    await loggedInWith([makeTask('r1', 'reserved', { earlyCancelDeadline: '2026-11-21T12:00:00.000Z' })]);
    await h.db.user.update('me', { status: 'deactivated', isDeactivated: true });

    expect(await h.engine.cancelTask('r1', null)).toEqual({ ok: true, value: undefined });

    expect(await h.db.tasks.get('r1')).toBeUndefined();
  });

  it('answers NETWORK offline and changes nothing', async () => {
    await loggedInWith([makeTask('r1', 'reserved', { earlyCancelDeadline: '2026-11-21T12:00:00.000Z' })]);
    offline('POST', 'task/r1/cancel');

    expect(await h.engine.cancelTask('r1', null)).toMatchObject({ ok: false, error: { status: 0, code: 'NETWORK' } });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved' });
    expect(await h.db.outbox.count()).toBe(0);
  });
});

describe('startTask', () => {
  it('offline: queues the start and shows the task in progress at once; a pull does not undo it', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');
    const startedAt = START.toISOString();

    const result = await h.engine.startTask('r1', AT_STORE, startedAt);

    expect(result).toEqual({ ok: true, value: undefined });
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'in_progress', startTime: startedAt });
    await h.engine.idle();
    expect(await h.db.outbox.toArray()).toMatchObject([
      {
        kind: 'start-task',
        taskId: 'r1',
        method: 'POST',
        path: 'task/r1/start',
        payload: { latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt },
        state: 'pending',
        attempts: 1,
        ownerId: 'u1',
      },
    ]);

    await h.engine.syncNow('manual', true);
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'in_progress', startTime: startedAt });
    expect(h.server.tasks[0]?.status).toBe('reserved');
  });

  it('is delivered when the signal returns, with the recorded time and position and the record’s key', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');
    await h.engine.startTask('r1', AT_STORE, START.toISOString());
    await h.engine.idle();
    const record = await h.db.outbox.toCollection().first();

    h.advance(20 * 60_000);
    await h.engine.syncNow('timer'); // still in the basement
    expect(await h.db.outbox.count()).toBe(1);

    online('POST', 'task/r1/start');
    await h.engine.syncNow('online');

    const sent = h.api.calls('POST', 'task/r1/start');
    expect(sent.at(-1)?.body).toEqual({ latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt: START.toISOString() });
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(sent.map(() => record!.id));
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.tasks[0]).toMatchObject({ status: 'in_progress', startTime: START.toISOString() });
    expect(await h.db.tasks.get('r1')).toMatchObject({
      status: 'in_progress',
      startTime: START.toISOString(),
      updatedAt: new Date(START.getTime() + 20 * 60_000).toISOString(),
    });
  });

  it('drains before the task’s later records', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');
    await h.engine.startTask('r1', AT_STORE, START.toISOString());
    await h.engine.idle();
    h.api.on('POST', 'task/r1/later', h.api.authed(() => ({ status: 204 })));
    await enqueueMutation(h.db, { taskId: 'r1', kind: 'test-later', method: 'POST', path: 'task/r1/later', payload: {} }, { now: h.now() });

    online('POST', 'task/r1/start');
    await h.engine.syncNow('online');

    const order = h.api.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(order).toEqual(['task/r1/start', 'task/r1/start', 'task/r1/later']);
  });

  it('rejected by the server (420 too far): the record stays rejected with the message and the task is restored from the server', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');
    await h.engine.startTask('r1', AT_STORE, START.toISOString());
    await h.engine.idle();
    // Meanwhile the place was corrected on the server: the recorded position is 2 km from it.
    h.server.tasks = h.server.tasks.map((t) => ({ ...t, place: { ...t.place, coordinates: TWO_KM_AWAY }, updatedAt: '2026-11-21T07:30:00.000Z' }));

    online('POST', 'task/r1/start');
    await h.engine.syncNow('online');
    await h.engine.idle();

    const [record] = await h.db.outbox.toArray();
    expect(record).toMatchObject({
      kind: 'start-task',
      state: 'rejected',
      payload: { latitude: AT_STORE.latitude, longitude: AT_STORE.longitude, startedAt: START.toISOString() },
      error: { status: 420, code: 'TOO_FAR_FROM_PLACE' },
    });
    expect(record?.error?.message).toMatch(/m away from the place/);
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved', startTime: null, place: { coordinates: TWO_KM_AWAY } });

    // Never resent.
    await h.engine.drain({ ignoreBackoff: true });
    expect(h.api.calls('POST', 'task/r1/start')).toHaveLength(2);
  });

  it('refuses locally what the domain rule refuses, queuing nothing', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW), makeTask('r2', 'reserved')]);

    const far = await h.engine.startTask('r1', TWO_KM_AWAY, START.toISOString());
    const early = await h.engine.startTask('r2', AT_STORE, START.toISOString());
    const unknown = await h.engine.startTask('zz', AT_STORE, START.toISOString());

    expect(far).toMatchObject({ ok: false, error: { status: 420, code: 'TOO_FAR_FROM_PLACE', fields: { distanceMeters: expect.stringMatching(/^\d+$/) } } });
    expect(far.ok ? Number.NaN : Number(far.error.fields?.distanceMeters)).toBeGreaterThan(1000);
    expect(early).toMatchObject({ ok: false, error: { status: 420, code: 'TASK_NOT_STARTABLE_YET', fields: { opensAt: '2026-11-22T07:00:00.000Z' } } });
    expect(unknown).toMatchObject({ ok: false, error: { status: 404, code: 'TASK_NOT_FOUND' } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved' });
  });

  it('refuses a start time the server would refuse (src/domain/time.ts: year 0001, 30 February), queuing nothing', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');

    const ancient = await h.engine.startTask('r1', AT_STORE, '0001-11-21T10:00:00.000Z');
    const impossible = await h.engine.startTask('r1', AT_STORE, '2026-02-30T10:00:00.000Z');

    expect(ancient).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { startedAt: 'OUT_OF_RANGE' } } });
    expect(impossible).toMatchObject({ ok: false, error: { status: 400, code: 'VALIDATION_FAILED', fields: { startedAt: 'INVALID' } } });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.tasks.get('r1')).toMatchObject({ status: 'reserved' });
  });

  it('does not queue a second start for a task already started', async () => {
    await loggedInWith([makeTask('r1', 'reserved', OPEN_WINDOW)]);
    offline('POST', 'task/r1/start');

    await h.engine.startTask('r1', AT_STORE, START.toISOString());
    const again = await h.engine.startTask('r1', AT_STORE, START.toISOString());

    expect(again).toMatchObject({ ok: false, error: { code: 'TASK_NOT_RESERVED' } });
    expect(await h.db.outbox.count()).toBe(1);
  });
});

describe('pullSuggestions', () => {
  function storeWith(count: number): Task[] {
    const here = makeTask('t0', 'reserved').place;
    const suggestions = Array.from({ length: count }, (_, i) => makeTask(`s${String(i).padStart(2, '0')}`, 'available', { place: here }));
    return [makeTask('t0', 'reserved'), ...suggestions, makeTask('elsewhere', 'available')];
  }

  async function suggestions(): Promise<SuggestionsState | undefined> {
    return (await h.db.kv.get('suggestions:t0'))?.value as SuggestionsState | undefined;
  }

  it('pulls 25 per page, appends with `more`, stops at the end and starts over without `more`', async () => {
    await loggedInWith(storeWith(30));

    expect(await h.engine.pullSuggestions('t0')).toEqual({ ok: true, value: undefined });
    const first = await suggestions();
    expect(first).toMatchObject({ total: null, pageInfo: { hasNext: true }, syncedAt: START.toISOString() });
    expect(first?.taskIds).toEqual(Array.from({ length: 25 }, (_, i) => `s${String(i).padStart(2, '0')}`));

    await h.engine.pullSuggestions('t0', true);
    const all = await suggestions();
    expect(all?.taskIds).toHaveLength(30);
    expect(all).toMatchObject({ pageInfo: { hasNext: false } });
    expect(await h.db.tasks.where('id').anyOf(all!.taskIds).count()).toBe(30);

    await h.engine.pullSuggestions('t0', true);
    const calls = h.api.calls('GET', 'task/t0/suggestions');
    expect(calls.map((r) => [r.query.get('first'), r.query.get('after')])).toEqual([
      ['25', null],
      ['25', 'c24'],
    ]);

    await h.engine.pullSuggestions('t0');
    expect((await suggestions())?.taskIds).toHaveLength(25);
  });

  it('keeps suggested tasks through the next available-list pull while they are available, drops them when not', async () => {
    await loggedInWith([makeTask('t0', 'reserved')]);
    h.server.tasks = storeWith(3); // appeared after the last available-list pull
    await h.engine.pullSuggestions('t0');
    expect(await h.db.tasks.get('s01')).toMatchObject({ status: 'available' });

    h.server.tasks = h.server.tasks.map((t) => (t.id === 's02' ? { ...t, status: 'reserved' as const, taskerId: 'u9' } : t));
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await h.db.tasks.get('s00')).toMatchObject({ status: 'available' });
    expect(await h.db.tasks.get('s01')).toMatchObject({ status: 'available' });
    expect(await h.db.tasks.get('s02')).toBeUndefined();
  });

  it('takes the total from the server’s totalCount when the page carries one', async () => {
    await loggedInWith(storeWith(2));
    h.api.on('GET', 'task/t0/suggestions', () => ({
      status: 200,
      body: { data: [h.server.tasks[1]], pageInfo: { startCursor: 'c0', endCursor: 'c0', hasNext: true, hasPrevious: false }, totalCount: 40 },
    }));

    await h.engine.pullSuggestions('t0');

    expect(await suggestions()).toMatchObject({ taskIds: ['s00'], total: 40 });
  });

  it('returns the error and keeps the previous suggestions when offline', async () => {
    await loggedInWith(storeWith(2));
    await h.engine.pullSuggestions('t0');
    offline('GET', 'task/t0/suggestions');

    expect(await h.engine.pullSuggestions('t0')).toMatchObject({ ok: false, error: { code: 'NETWORK' } });
    expect((await suggestions())?.taskIds).toEqual(['s00', 's01']);
    expect(await h.db.meta.get('suggestions:t0')).toMatchObject({ error: 'NETWORK', syncedAt: START.toISOString() });
  });

  it('is cleared with the rest of the account on logout', async () => {
    await loggedInWith(storeWith(2));
    await h.engine.pullSuggestions('t0');
    await h.engine.setPosition(AT_STORE);

    await h.engine.logout();

    expect(await suggestions()).toBeUndefined();
    expect(await h.db.kv.get('position')).toBeDefined();
  });
});

describe('history', () => {
  /** `count` accepted tasks ending one hour apart, newest first: h000 ended last. */
  function accepted(count: number): Task[] {
    return Array.from({ length: count }, (_, i) =>
      makeTask(`h${String(i).padStart(3, '0')}`, 'accepted', { endTime: new Date(START.getTime() - (i + 1) * 3_600_000).toISOString() }),
    );
  }

  async function cursor(): Promise<HistoryCursor | undefined> {
    return (await h.db.kv.get('cursor:tasks:accepted'))?.value as HistoryCursor | undefined;
  }

  const acceptedIds = async () => (await h.db.tasks.where('status').equals('accepted').primaryKeys()).sort();

  it('pulls only the first page, newest end first, while a screen watches the status', async () => {
    await loggedInWith(accepted(120));

    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    const pulls = h.api.calls('GET', 'task').filter((r) => r.query.get('status') === 'accepted');
    expect(pulls.map((r) => [r.query.get('orderBy'), r.query.get('first'), r.query.get('after')])).toEqual([['-end_time', '50', null]]);
    expect(await acceptedIds()).toEqual(accepted(50).map((t) => t.id));
    expect(await cursor()).toMatchObject({ pages: 1, hasNext: true, endCursor: 'c49' });
  });

  it('pullMoreTasks appends the next pages, and the next first-page pull does not delete them', async () => {
    await loggedInWith(accepted(120));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toHaveLength(100);
    expect(await cursor()).toMatchObject({ pages: 2, hasNext: true, endCursor: 'c99' });

    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(await acceptedIds()).toHaveLength(100);
    expect(await cursor()).toMatchObject({ pages: 2, endCursor: 'c99' });

    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toEqual(accepted(120).map((t) => t.id));
    expect(await cursor()).toMatchObject({ pages: 3, hasNext: false });

    const more = h.api.requests.length;
    expect(await h.engine.pullMoreTasks('accepted')).toEqual({ ok: true, value: undefined });
    expect(h.api.requests.length).toBe(more);
  });

  it('deletes, on the first-page pull, a task that left the status within the first page', async () => {
    await loggedInWith(accepted(60));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();
    await h.engine.pullMoreTasks('accepted');

    h.server.tasks = h.server.tasks.filter((t) => t.id !== 'h003');
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

    await h.engine.watch({ statuses: [], taskId: 'h070' });
    h.advance(61_000);
    await h.engine.watch({ statuses: ['accepted'], taskId: null });
    await h.engine.idle();
    expect(await acceptedIds()).toHaveLength(100);

    await h.engine.watch({ statuses: [] });
    h.advance(HISTORY_RESET_AFTER_MS);
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();

    expect(await acceptedIds()).toHaveLength(50);
    expect(await cursor()).toMatchObject({ pages: 1, endCursor: 'c49' });
  });

  it('after an app restart, starts the list from its first page as soon as it is opened, even if fresh', async () => {
    await loggedInWith(accepted(120));
    await h.engine.watch({ statuses: ['accepted'] });
    await h.engine.idle();
    await h.engine.pullMoreTasks('accepted');
    expect(await acceptedIds()).toHaveLength(100);

    const restarted = new SyncEngine({ db: h.db, apiBase: API_BASE, fetchImpl: h.api.fetch, now: h.now, random: () => 0.5, locks: null, warn: () => undefined });
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

    h.server.tasks = accepted(3).slice(1);
    h.advance(61_000);
    await h.engine.syncNow('timer');

    expect(await acceptedIds()).toEqual(['h001', 'h002']);
    expect(await cursor()).toMatchObject({ hasNext: false });
  });

  it('pullMoreTasks does nothing for lists that are always pulled whole', async () => {
    await loggedInWith([makeTask('r1', 'reserved')]);
    const requests = h.api.requests.length;

    expect(await h.engine.pullMoreTasks('reserved')).toEqual({ ok: true, value: undefined });
    expect(h.api.requests.length).toBe(requests);
  });
});

describe('refresh schedule', () => {
  it('keeps the reservation limit on 60 s and the watched task on 30 s', async () => {
    await loggedInWith([makeTask('a1', 'available')]);
    h.server.user = makeUser();
    await h.engine.watch({ taskId: 'a1' });
    await h.engine.idle();
    const count = () => ({ limit: h.api.calls('GET', 'task/reservation-limit').length, task: h.api.calls('GET', 'task/a1').length });
    const first = count();

    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ limit: first.limit, task: first.task + 1 });

    h.advance(30_000); // 61 s after the first pulls
    await h.engine.syncNow('timer');
    expect(count()).toEqual({ limit: first.limit + 1, task: first.task + 2 });
  });
});
