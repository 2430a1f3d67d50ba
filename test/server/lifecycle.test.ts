/**
 * Reserve, cancel and start through HTTP: races settled by the database, the reservation limit
 * under parallel requests, idempotent replays, every refusal code, and the server clock deciding
 * deadlines and windows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { createTask, createTaskers, placeOf, post, statusOf, type Tasker } from './lifecycle-fixtures';
import { NO_LONGER_AVAILABLE_MESSAGE } from '../../server/tasks/lifecycle';
import type { ApiErrorBody, ReservationLimit, Task } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  server.clock.set(SEED_TIME);
});

/** Sets the server clock and re-signs the taskers' tokens (access tokens live 15 minutes). */
async function at(iso: string, ...taskers: Tasker[]): Promise<void> {
  server.clock.set(iso);
  for (const t of taskers) t.token = await server.tokenFor(t.id);
}

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

/** ~metres north of a point (1° of latitude ≈ 111,195 m on the mean Earth sphere). */
const north = (p: { latitude: number; longitude: number }, metres: number) => ({ latitude: p.latitude + metres / 111_195, longitude: p.longitude });

describe('reserve', () => {
  it('of 20 taskers reserving one task at once, exactly one wins and the others hear it is no longer available', async () => {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const taskers = await createTaskers(server, 20);
    const results = await Promise.all(taskers.map((t) => post(server, `/api/task/${task.id}/reserve`, t.token)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(19);
    for (const r of losers) {
      expect(r.statusCode).toBe(420);
      expect(errorOf(r)).toEqual({ code: 'TASK_NO_LONGER_AVAILABLE', message: NO_LONGER_AVAILABLE_MESSAGE });
    }
    const won = (winners[0] as (typeof results)[number]).json<Task>();
    expect(won.status).toBe('reserved');
    const row = await statusOf(server, task.id);
    expect(row).toEqual({ status: 'reserved', tasker_id: won.taskerId });
    expect(taskers.map((t) => t.id)).toContain(won.taskerId);
  });

  it('parallel reserves by one tasker never take more minutes than the limit', async () => {
    const [tasker] = await createTaskers(server, 1, 'LT', 150);
    const me = tasker as Tasker;
    const tasks = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTask(server, { start: `2026-03-1${5 + (i % 3)}T08:00:00Z`, end: `2026-03-1${5 + (i % 3)}T12:00:00Z`, duration: 60 })),
    );
    const results = await Promise.all(tasks.map((t) => post(server, `/api/task/${t.id}/reserve`, me.token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(420);
      expect(errorOf(r).code).toBe('RESERVATION_LIMIT_EXCEEDED');
    }
    const limit = (await server.request({ method: 'GET', url: '/api/task/reservation-limit', token: me.token })).json<ReservationLimit>();
    expect(limit).toEqual({ used: 120, limit: 150 });
  });

  it('records who reserved and when, and answers with the task as the tasker now sees it', async () => {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const res = await post(server, `/api/task/${task.id}/reserve`, me.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<Task>();
    expect(body).toMatchObject({ id: task.id, status: 'reserved', taskerId: me.id, isReservable: false, isStartable: false });
    const row = await server.db.selectFrom('tasks').select(['reserved_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(new Date(row.reserved_at as Date).toISOString()).toBe(SEED_TIME);
  });

  it('refuses unapproved profiles, missing trainings and a full limit with their codes', async () => {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z', duration: 90 });
    const pending = await server.login('pending@demo.shelfwork.app');
    const notApproved = await post(server, `/api/task/${task.id}/reserve`, pending.token);
    expect(notApproved.statusCode).toBe(420);
    expect(errorOf(notApproved).code).toBe('PROFILE_NOT_APPROVED');

    // The demo LT tasker has not done the promo training that promo-display tasks need.
    const promo = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z', taskTypeId: 'promo-display' });
    const lt = await server.login('lt@demo.shelfwork.app');
    const missing = await post(server, `/api/task/${promo.id}/reserve`, lt.token);
    expect(missing.statusCode).toBe(420);
    expect(errorOf(missing).code).toBe('TRAININGS_MISSING');

    const [small] = (await createTaskers(server, 1, 'LT', 60)) as [Tasker];
    const full = await post(server, `/api/task/${task.id}/reserve`, small.token);
    expect(full.statusCode).toBe(420);
    expect(errorOf(full).code).toBe('RESERVATION_LIMIT_EXCEEDED');
    expect(await statusOf(server, task.id)).toEqual({ status: 'available', tasker_id: null });
  });

  it('answers 404 for tasks the tasker cannot see and 403 for accounts that cannot see tasks', async () => {
    const plTask = await createTask(server, { placeId: (await server.db.selectFrom('places').select('id').where('country_code', '=', 'PL').executeTakeFirstOrThrow()).id, start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${plTask.id}/reserve`, me.token)).statusCode).toBe(404);
    expect((await post(server, '/api/task/no-such-task/reserve', me.token)).statusCode).toBe(404);
    const ltTask = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const fresh = await server.login('new@demo.shelfwork.app');
    const res = await post(server, `/api/task/${ltTask.id}/reserve`, fresh.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('CANNOT_SEE_TASKS');
    expect((await post(server, `/api/task/${ltTask.id}/reserve`, '')).statusCode).toBe(401);
  });

  it('replays a reserve with the same Idempotency-Key: same body, no second effect', async () => {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const key = { 'idempotency-key': `reserve-${task.id}` };
    const first = await post(server, `/api/task/${task.id}/reserve`, me.token, undefined, key);
    expect(first.statusCode).toBe(200);
    const before = await server.db.selectFrom('tasks').select(['updated_at', 'reserved_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    server.clock.advance(5_000);
    const replay = await post(server, `/api/task/${task.id}/reserve`, me.token, undefined, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const after = await server.db.selectFrom('tasks').select(['updated_at', 'reserved_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const limit = (await server.request({ method: 'GET', url: '/api/task/reservation-limit', token: me.token })).json<ReservationLimit>();
    expect(limit.used).toBe(60);
    // Without the key it is a new request, refused because the task is taken (by this tasker).
    const again = await post(server, `/api/task/${task.id}/reserve`, me.token);
    expect(again.statusCode).toBe(420);
    expect(errorOf(again).code).toBe('TASK_NO_LONGER_AVAILABLE');
  });

  it('replays a refusal too, even after the reason went away', async () => {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z', duration: 90 });
    const [me] = (await createTaskers(server, 1, 'LT', 60)) as [Tasker];
    const key = { 'idempotency-key': `refused-${task.id}` };
    const first = await post(server, `/api/task/${task.id}/reserve`, me.token, undefined, key);
    expect(first.statusCode).toBe(420);
    await server.db.updateTable('users').set({ reservation_limit_minutes: 1000 }).where('id', '=', me.id).execute();
    const replay = await post(server, `/api/task/${task.id}/reserve`, me.token, undefined, key);
    expect(replay.statusCode).toBe(420);
    expect(replay.json()).toEqual(first.json());
    expect(await statusOf(server, task.id)).toEqual({ status: 'available', tasker_id: null });
  });
});

describe('cancel', () => {
  // Window 14 March 08:00–12:00 Z, 60 min: early deadline 12 March 11:00 Z, late deadline 14 March 07:00 Z.
  async function reserved(): Promise<{ task: Task; me: Tasker }> {
    const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z', duration: 60 });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    return { task, me };
  }

  const cancellations = (taskId: string) => server.db.selectFrom('task_cancellations').selectAll().where('task_id', '=', taskId).execute();

  it('an early cancel frees the task and the minutes, with no reason needed', async () => {
    const { task, me } = await reserved();
    await at('2026-03-12T10:59:00Z', me);
    const res = await post(server, `/api/task/${task.id}/cancel`, me.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>()).toMatchObject({ id: task.id, status: 'available', taskerId: null, isReservable: true });
    expect(await statusOf(server, task.id)).toEqual({ status: 'available', tasker_id: null });
    const rows = await cancellations(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: me.id, late: false, justification: null });
    expect((await server.request({ method: 'GET', url: '/api/task/reservation-limit', token: me.token })).json<ReservationLimit>().used).toBe(0);
  });

  it('a late cancel needs a reason under 160 characters and records it as late', async () => {
    const { task, me } = await reserved();
    await at('2026-03-12T11:00:00Z', me);
    const none = await post(server, `/api/task/${task.id}/cancel`, me.token, {});
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { justification: 'REQUIRED' } });
    const blank = await post(server, `/api/task/${task.id}/cancel`, me.token, { justification: '   ' });
    expect(errorOf(blank).fields).toEqual({ justification: 'REQUIRED' });
    const long = await post(server, `/api/task/${task.id}/cancel`, me.token, { justification: 'x'.repeat(160) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields).toEqual({ justification: 'TOO_LONG' });
    expect(await statusOf(server, task.id)).toMatchObject({ status: 'reserved', tasker_id: me.id });
    const reason = `${'y'.repeat(150)} sick kid`;
    expect(reason.length).toBe(159);
    const ok = await post(server, `/api/task/${task.id}/cancel`, me.token, { justification: reason });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Task>().status).toBe('available');
    const rows = await cancellations(task.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ late: true, justification: reason });
  });

  it('after both deadlines the task cannot be canceled', async () => {
    const { task, me } = await reserved();
    await at('2026-03-14T07:00:00Z', me);
    const res = await post(server, `/api/task/${task.id}/cancel`, me.token, { justification: 'too late' });
    expect(res.statusCode).toBe(420);
    expect(errorOf(res).code).toBe('CANCEL_DEADLINE_PASSED');
    expect(await statusOf(server, task.id)).toMatchObject({ status: 'reserved', tasker_id: me.id });
    expect(await cancellations(task.id)).toHaveLength(0);
  });

  it('refuses to cancel a task the tasker has not reserved, and hides other taskers’ tasks', async () => {
    const { task } = await reserved();
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${task.id}/cancel`, other.token, {})).statusCode).toBe(404);
    const free = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const res = await post(server, `/api/task/${free.id}/cancel`, other.token, {});
    expect(res.statusCode).toBe(420);
    expect(errorOf(res).code).toBe('TASK_NOT_RESERVED');
    const bad = await post(server, `/api/task/${free.id}/cancel`, other.token, { justification: 42 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ justification: 'INVALID' });
  });

  it('replays a cancel with the same key: same body, one cancellation, even after someone else reserved', async () => {
    const { task, me } = await reserved();
    const key = { 'idempotency-key': `cancel-${task.id}` };
    const first = await post(server, `/api/task/${task.id}/cancel`, me.token, {}, key);
    expect(first.statusCode).toBe(200);
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${task.id}/reserve`, other.token)).statusCode).toBe(200);
    const replay = await post(server, `/api/task/${task.id}/cancel`, me.token, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await cancellations(task.id)).toHaveLength(1);
    expect(await statusOf(server, task.id)).toEqual({ status: 'reserved', tasker_id: other.id });
  });
});

describe('start', () => {
  // Window 10 March 08:00–10:00 Z; the clock starts at 09:00 Z, inside it.
  async function reservedOpen(window = { start: '2026-03-10T08:00:00Z', end: '2026-03-10T10:00:00Z' }) {
    const task = await createTask(server, { ...window, duration: 60 });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    const place = await placeOf(server, task.place.id);
    return { task, me, place };
  }

  it('starts within 1000 m of the store while the window is open', async () => {
    const { task, me, place } = await reservedOpen();
    const res = await post(server, `/api/task/${task.id}/start`, me.token, north(place, 900));
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>()).toMatchObject({ id: task.id, status: 'in_progress', startTime: SEED_TIME, isStartable: false });
    const row = await server.db.selectFrom('tasks').select(['start_latitude', 'start_received_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row.start_latitude).toBeCloseTo(north(place, 900).latitude, 9);
    expect((await server.request({ method: 'GET', url: '/api/task/reservation-limit', token: me.token })).json<ReservationLimit>().used).toBe(60);
  });

  it('refuses further than 1000 m away and says how far', async () => {
    const { task, me, place } = await reservedOpen();
    const res = await post(server, `/api/task/${task.id}/start`, me.token, north(place, 2000));
    expect(res.statusCode).toBe(420);
    const error = errorOf(res);
    expect(error.code).toBe('TOO_FAR_FROM_PLACE');
    expect(Math.abs(Number(error.fields?.distanceMeters) - 2000)).toBeLessThanOrEqual(5);
    expect(await statusOf(server, task.id)).toMatchObject({ status: 'reserved' });
  });

  it('takes the position from the Geolocation header when the body has none, and needs one', async () => {
    const { task, me, place } = await reservedOpen();
    const none = await post(server, `/api/task/${task.id}/start`, me.token, {});
    expect(none.statusCode).toBe(420);
    expect(errorOf(none).code).toBe('POSITION_REQUIRED');
    const res = await post(server, `/api/task/${task.id}/start`, me.token, undefined, { geolocation: `${place.latitude},${place.longitude}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>().status).toBe('in_progress');
  });

  it('refuses before the window opens and after it ended', async () => {
    const early = await reservedOpen({ start: '2026-03-11T08:00:00Z', end: '2026-03-11T12:00:00Z' });
    const res = await post(server, `/api/task/${early.task.id}/start`, early.me.token, early.place);
    expect(res.statusCode).toBe(420);
    expect(errorOf(res)).toMatchObject({ code: 'TASK_NOT_STARTABLE_YET', fields: { opensAt: '2026-03-11T08:00:00.000Z' } });

    const late = await reservedOpen();
    await at('2026-03-10T10:00:00Z', late.me);
    const ended = await post(server, `/api/task/${late.task.id}/start`, late.me.token, late.place);
    expect(ended.statusCode).toBe(420);
    expect(errorOf(ended).code).toBe('TASK_WINDOW_ENDED');
  });

  it('accepts an offline start recorded inside the window that arrives after the window ended', async () => {
    const { task, me, place } = await reservedOpen();
    await at('2026-03-10T10:30:00Z', me);
    const res = await post(server, `/api/task/${task.id}/start`, me.token, { ...place, startedAt: '2026-03-10T09:40:00.000Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>()).toMatchObject({ status: 'in_progress', startTime: '2026-03-10T09:40:00.000Z' });
    const row = await server.db.selectFrom('tasks').select('start_received_at').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(new Date(row.start_received_at as Date).toISOString()).toBe('2026-03-10T10:30:00.000Z');
  });

  it('judges a recorded start time: before the window is refused, in the future or before the reservation is bad input', async () => {
    const { task, me, place } = await reservedOpen({ start: '2026-03-10T08:58:00Z', end: '2026-03-10T10:00:00Z' });
    const before = await post(server, `/api/task/${task.id}/start`, me.token, { ...place, startedAt: '2026-03-10T08:57:59.000Z' });
    // Reserved at 09:00, so 08:57:59 is before the reservation by more than the 2-minute skew allowance.
    expect(before.statusCode).toBe(400);
    expect(errorOf(before).fields).toEqual({ startedAt: 'BEFORE_RESERVATION' });
    const future = await post(server, `/api/task/${task.id}/start`, me.token, { ...place, startedAt: '2026-03-10T09:02:01.000Z' });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toEqual({ startedAt: 'IN_FUTURE' });
    const skew = await post(server, `/api/task/${task.id}/start`, me.token, { ...place, startedAt: '2026-03-10T09:01:30.000Z' });
    expect(skew.statusCode).toBe(200);
    // A client clock slightly ahead is clamped to the server's time.
    expect(skew.json<Task>().startTime).toBe(SEED_TIME);
  });

  it('clamps a recorded start slightly before the reservation (client clock behind) to the reservation time', async () => {
    const { task, me, place } = await reservedOpen();
    const res = await post(server, `/api/task/${task.id}/start`, me.token, { ...place, startedAt: '2026-03-10T08:58:30.000Z' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>().startTime).toBe(SEED_TIME);
  });

  it('answers 400 with field codes for malformed coordinates and timestamps', async () => {
    const { task, me } = await reservedOpen();
    const cases: [unknown, Record<string, string>][] = [
      [{ latitude: 'north', longitude: 25 }, { latitude: 'INVALID' }],
      [{ latitude: 95, longitude: 25 }, { latitude: 'OUT_OF_RANGE' }],
      [{ latitude: 54.7 }, { longitude: 'REQUIRED' }],
      [{ latitude: 54.7, longitude: 25.3, startedAt: 'yesterday' }, { startedAt: 'INVALID' }],
      [{ latitude: 54.7, longitude: 25.3, startedAt: 1_700_000_000 }, { startedAt: 'INVALID' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(server, `/api/task/${task.id}/start`, me.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).fields).toEqual(fields);
    }
    const arr = await server.request({ method: 'POST', url: `/api/task/${task.id}/start`, token: me.token, payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(arr.statusCode).toBe(400);
    expect(await statusOf(server, task.id)).toMatchObject({ status: 'reserved' });
  });

  it('refuses to start a task that is not reserved by the tasker', async () => {
    const { task, place } = await reservedOpen();
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    expect((await post(server, `/api/task/${task.id}/start`, other.token, place)).statusCode).toBe(404);
    const free = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T10:00:00Z' });
    const res = await post(server, `/api/task/${free.id}/start`, other.token, place);
    expect(res.statusCode).toBe(420);
    expect(errorOf(res).code).toBe('TASK_NOT_RESERVED');
  });

  it('replays a start with the same key: same body, started once', async () => {
    const { task, me, place } = await reservedOpen();
    const key = { 'idempotency-key': `start-${task.id}` };
    const first = await post(server, `/api/task/${task.id}/start`, me.token, place, key);
    expect(first.statusCode).toBe(200);
    const before = await server.db.selectFrom('tasks').select(['start_time', 'start_received_at', 'updated_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    server.clock.advance(60_000);
    const replay = await post(server, `/api/task/${task.id}/start`, me.token, place, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const after = await server.db.selectFrom('tasks').select(['start_time', 'start_received_at', 'updated_at']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const again = await post(server, `/api/task/${task.id}/start`, me.token, place);
    expect(again.statusCode).toBe(420);
    expect(errorOf(again).code).toBe('TASK_NOT_RESERVED');
  });
});
