/**
 * Staff review (accept / reject with a reduced reward) and the issue-3 reads: suggestions
 * paging, last-week earnings, retailer, task-type photos, acceptedTaskCount and history filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from './helpers';
import { STAFF, createTask, createTaskers, firstPlace, post, type Tasker } from './lifecycle-fixtures';
import type { ApiErrorBody, Page, Retailer, Task, User } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const staffPost = (url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.request({ method: 'POST', url, headers: { ...STAFF, ...headers }, ...(payload ? { payload } : {}) });

/** A task of a fresh tasker, reserved through the API and then put in awaiting_confirmation. */
async function awaitingTask(reducedReward: string | null = null): Promise<{ task: Task; me: Tasker }> {
  const task = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z', reward: '20.00' });
  const [me] = (await createTaskers(server, 1)) as [Tasker];
  expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
  await server.db
    .updateTable('tasks')
    .set({ status: 'awaiting_confirmation', start_time: '2026-03-14T08:10:00Z', end_time: '2026-03-14T09:10:00Z', reduced_reward: reducedReward })
    .where('id', '=', task.id)
    .execute();
  return { task, me };
}

async function taskAs(token: string, id: string): Promise<Task> {
  const res = await server.request({ method: 'GET', url: `/api/task/${id}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<Task>();
}

describe('staff review', () => {
  it('accepts a task awaiting confirmation; the tasker sees it accepted and counted', async () => {
    const { task, me } = await awaitingTask();
    const userBefore = (await server.request({ method: 'GET', url: '/api/user', token: me.token })).json<User>();
    expect(userBefore.acceptedTaskCount).toBe(0);
    const res = await staffPost(`/api/staff/tasks/${task.id}/accept`, { resultComment: 'Nice photos' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Task>()).toMatchObject({ id: task.id, status: 'accepted', resultComment: 'Nice photos', reducedReward: null });
    expect(res.json<Task>().finalizationTime).toBe(server.clock.now().toISOString());
    expect(await taskAs(me.token, task.id)).toMatchObject({ status: 'accepted', resultComment: 'Nice photos' });
    const user = (await server.request({ method: 'GET', url: '/api/user', token: me.token })).json<User>();
    expect(user.acceptedTaskCount).toBe(1);
    expect(user.historicalTaskCount).toBe(1);
    // Accepting without a body works too (the comment is optional).
    const other = await awaitingTask();
    expect((await staffPost(`/api/staff/tasks/${other.task.id}/accept`)).statusCode).toBe(200);
  });

  it('rejects with a comment and a reduced reward that the tasker then sees', async () => {
    const { task, me } = await awaitingTask();
    const res = await staffPost(`/api/staff/tasks/${task.id}/reject`, { resultComment: 'Blurry photos', reducedReward: '7.5' });
    expect(res.statusCode).toBe(200);
    const seen = await taskAs(me.token, task.id);
    expect(seen).toMatchObject({ status: 'rejected', resultComment: 'Blurry photos', reducedReward: { amount: '7.50', currencyCode: 'EUR' } });
  });

  it('shows a reduced reward only for accepted or rejected tasks', async () => {
    const { task, me } = await awaitingTask('5.00');
    expect((await taskAs(me.token, task.id)).reducedReward).toBeNull();
    expect((await staffPost(`/api/staff/tasks/${task.id}/accept`, {})).statusCode).toBe(200);
    expect((await taskAs(me.token, task.id)).reducedReward).toMatchObject({ amount: '5.00' });
  });

  it('validates review bodies and refuses tasks that are not awaiting confirmation', async () => {
    const { task } = await awaitingTask();
    const noComment = await staffPost(`/api/staff/tasks/${task.id}/reject`, {});
    expect(noComment.statusCode).toBe(400);
    expect(errorOf(noComment).fields).toEqual({ resultComment: 'REQUIRED' });
    const tooHigh = await staffPost(`/api/staff/tasks/${task.id}/reject`, { resultComment: 'x', reducedReward: '20.01' });
    expect(tooHigh.statusCode).toBe(400);
    expect(errorOf(tooHigh).fields).toEqual({ reducedReward: 'TOO_HIGH' });
    const notOnAccept = await staffPost(`/api/staff/tasks/${task.id}/accept`, { reducedReward: '1.00' });
    expect(errorOf(notOnAccept).fields).toEqual({ reducedReward: 'NOT_ALLOWED' });

    const reserved = await createTask(server, { start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const refused = await staffPost(`/api/staff/tasks/${reserved.id}/accept`, {});
    expect(refused.statusCode).toBe(420);
    expect(errorOf(refused).code).toBe('TASK_NOT_AWAITING_CONFIRMATION');
    expect((await staffPost(`/api/staff/tasks/${task.id}/accept`, {})).statusCode).toBe(200);
    const twice = await staffPost(`/api/staff/tasks/${task.id}/reject`, { resultComment: 'changed my mind' });
    expect(twice.statusCode).toBe(420);
    expect((await staffPost('/api/staff/tasks/no-such-task/accept', {})).statusCode).toBe(404);
    const tasker = await server.login('lt@demo.shelfwork.app');
    expect((await server.request({ method: 'POST', url: `/api/staff/tasks/${task.id}/accept`, token: tasker.token, payload: {} })).statusCode).toBe(401);
  });

  it('replays an accept with the same key without deciding twice', async () => {
    const { task } = await awaitingTask();
    const key = { 'idempotency-key': `accept-${task.id}` };
    const first = await staffPost(`/api/staff/tasks/${task.id}/accept`, { resultComment: 'ok' }, key);
    expect(first.statusCode).toBe(200);
    server.clock.advance(60_000);
    const replay = await staffPost(`/api/staff/tasks/${task.id}/accept`, { resultComment: 'ok' }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const row = await server.db.selectFrom('tasks').select('finalization_time').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(new Date(row.finalization_time as Date).toISOString()).toBe(first.json<Task>().finalizationTime);
  });
});

describe('suggestions', () => {
  it('pages the other available tasks at the same store, 25 at a time', async () => {
    const placeId = (await server.db.selectFrom('places').select('id').where('country_code', '=', 'LT').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const created: Task[] = [];
    for (let i = 0; i < 28; i++) {
      created.push(await createTask(server, { placeId, start: `2026-03-${String(12 + (i % 10)).padStart(2, '0')}T08:00:00Z`, end: `2026-03-${String(12 + (i % 10)).padStart(2, '0')}T12:00:00Z` }));
    }
    const anchor = created[0] as Task;
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const expected = await server.db
      .selectFrom('tasks')
      .select('id')
      .where('place_id', '=', placeId)
      .where('status', '=', 'available')
      .where('id', '<>', anchor.id)
      .execute();
    expect(expected.length).toBeGreaterThanOrEqual(27);

    const seen: Task[] = [];
    let url = `/api/task/${anchor.id}/suggestions`;
    for (let page = 0; page < 5; page++) {
      const res = await server.request({ method: 'GET', url, token: me.token });
      expect(res.statusCode).toBe(200);
      const body = res.json<Page<Task>>();
      expect(body.data.length).toBeLessThanOrEqual(25);
      if (page === 0) expect(body.data).toHaveLength(25);
      seen.push(...body.data);
      if (!body.pageInfo.hasNext) break;
      url = `/api/task/${anchor.id}/suggestions?first=25&after=${body.pageInfo.endCursor}`;
    }
    expect(seen.map((t) => t.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const t of seen) expect(t).toMatchObject({ status: 'available', place: { id: placeId } });
    const starts = seen.map((t) => t.timeWindowStart);
    expect([...starts].sort()).toEqual(starts);

    // The tasker's own reserved task has suggestions too.
    expect((await post(server, `/api/task/${anchor.id}/reserve`, me.token)).statusCode).toBe(200);
    const own = await server.request({ method: 'GET', url: `/api/task/${anchor.id}/suggestions?first=3`, token: me.token });
    expect(own.json<Page<Task>>().data).toHaveLength(3);
  });

  it('refuses bad paging input and unknown tasks', async () => {
    const task = await createTask(server, { placeId: await firstPlace(server), start: '2026-03-14T08:00:00Z', end: '2026-03-14T12:00:00Z' });
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const big = await server.request({ method: 'GET', url: `/api/task/${task.id}/suggestions?first=26`, token: me.token });
    expect(big.statusCode).toBe(400);
    expect(errorOf(big).fields).toEqual({ first: 'OUT_OF_RANGE' });
    const cursor = await server.request({ method: 'GET', url: `/api/task/${task.id}/suggestions?after=abc`, token: me.token });
    expect(errorOf(cursor).fields).toEqual({ after: 'CURSOR_INVALID' });
    expect((await server.request({ method: 'GET', url: '/api/task/nope/suggestions', token: me.token })).statusCode).toBe(404);
  });
});

describe('reads', () => {
  it('last-week-earn sums the paid work of the last 7 days in a market (accepted, and rejected with a reduced reward)', async () => {
    const now = server.clock.now();
    const row = await server.db
      .selectFrom('tasks')
      .select([sql<string>`coalesce(sum(coalesce(reduced_reward, reward)), 0)::numeric(14,2)::text`.as('amount'), sql<number>`count(*)::int`.as('n')])
      .where((eb) => eb.or([eb('status', '=', 'accepted'), eb.and([eb('status', '=', 'rejected'), eb('reduced_reward', '>', '0')])]))
      .where('country_code', '=', 'PL')
      .where('finalization_time', '>', new Date(now.getTime() - 7 * 86_400_000))
      .where('finalization_time', '<=', now)
      .executeTakeFirstOrThrow();
    expect(row.n).toBeGreaterThan(0);
    const res = await server.request({ method: 'GET', url: '/api/task/last-week-earn?country=PL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ amount: { amount: row.amount, currencyCode: 'PLN', currencySymbol: 'zł' }, tasksCount: row.n });
    const bad = await server.request({ method: 'GET', url: '/api/task/last-week-earn?country=XX' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ country: 'COUNTRY_INVALID' });
    expect((await server.request({ method: 'GET', url: '/api/task/last-week-earn' })).statusCode).toBe(400);
  });

  it('returns a retailer and the photos of a task type', async () => {
    const { token } = await server.login('lt@demo.shelfwork.app');
    const retailer = await server.request({ method: 'GET', url: '/api/task/retailer/iki', token });
    expect(retailer.json<Retailer>()).toEqual({ id: 'iki', name: 'Iki', logo: '/logos/iki.svg' });
    expect((await server.request({ method: 'GET', url: '/api/task/retailer/nobody', token })).statusCode).toBe(404);
    const photos = await server.request({ method: 'GET', url: '/api/task/task_type/shelf-photo/photos', token });
    expect(photos.statusCode).toBe(200);
    const stored = await server.db.selectFrom('task_types').select('photos').where('id', '=', 'shelf-photo').executeTakeFirstOrThrow();
    expect(photos.json()).toEqual({ data: (stored.photos as string[]).map((url) => ({ url })) });
    expect((await server.request({ method: 'GET', url: '/api/task/task_type/nothing/photos', token })).statusCode).toBe(404);
  });

  it('history lists by status newest end first, and filters outstanding disputes', async () => {
    const { token } = await server.login('lt@demo.shelfwork.app');
    const res = await server.request({ method: 'GET', url: '/api/task?status=accepted,rejected,expired,awaiting_confirmation&orderBy=-end_time', token });
    const tasks = res.json<Page<Task>>().data;
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(['accepted', 'rejected', 'expired', 'awaiting_confirmation']));
    const ends = tasks.map((t) => t.endTime ?? t.timeWindowEnd);
    expect([...ends].sort().reverse()).toEqual(ends);
    const disputed = (await server.request({ method: 'GET', url: '/api/task?status=rejected&hasOutstandingDispute=true', token })).json<Page<Task>>().data;
    expect(disputed.length).toBeGreaterThan(0);
    for (const t of disputed) expect(t).toMatchObject({ status: 'rejected', hasOutstandingDispute: true });
    const calm = (await server.request({ method: 'GET', url: '/api/task?status=rejected&hasOutstandingDispute=false', token })).json<Page<Task>>().data;
    expect(calm.length).toBeGreaterThan(0);
    for (const t of calm) expect(t.hasOutstandingDispute).toBe(false);
  });

  it('GET user counts the demo tasker’s accepted tasks', async () => {
    const { token } = await server.login('ro@demo.shelfwork.app');
    const user = (await server.request({ method: 'GET', url: '/api/user', token })).json<User>();
    const n = await server.db
      .selectFrom('tasks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tasker_id', '=', user.id)
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    expect(n.n).toBeGreaterThanOrEqual(3);
    expect(user.acceptedTaskCount).toBe(n.n);
  });
});

describe('demo seed', () => {
  it('gives tasks windows that look real in the market’s local time, on quarter hours', async () => {
    const rows = await server.db
      .selectFrom('tasks as t')
      .innerJoin('countries as c', 'c.code', 't.country_code')
      .select(['t.time_window_start', 't.time_window_end', 'c.time_zone'])
      .where('t.created_at', '<', new Date('2026-03-10T00:00:00Z'))
      .execute();
    expect(rows.length).toBeGreaterThan(200);
    const seed = Date.parse('2026-03-10T09:00:00Z');
    for (const r of rows) {
      const start = new Date(r.time_window_start);
      const end = new Date(r.time_window_end);
      expect(start.getUTCMinutes() % 15).toBe(0);
      expect(end.getUTCMinutes() % 15).toBe(0);
      // Windows open at seeding time exist so demos can start tasks at any hour.
      if (start.getTime() <= seed && end.getTime() > seed) continue;
      const local = (d: Date) => {
        const [h, m] = new Intl.DateTimeFormat('en-GB', { timeZone: r.time_zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d).split(':').map(Number) as [number, number];
        return h * 60 + m;
      };
      const hours = (end.getTime() - start.getTime()) / 3_600_000;
      const daytime = local(start) >= 7 * 60 && local(end) <= 16 * 60 && hours >= 2 && hours <= 6;
      const evening = local(start) >= 17 * 60 && local(start) < 21 * 60 && hours >= 1 && hours <= 2;
      expect(daytime || evening, `${start.toISOString()}–${end.toISOString()} ${r.time_zone}`).toBe(true);
    }
  });

  it('gives each approved demo tasker a startable reservation, accepted and awaiting tasks', async () => {
    for (const email of ['lt', 'pl', 'cz', 'ro'].map((c) => `${c}@demo.shelfwork.app`)) {
      const { token } = await server.login(email);
      const startable = (await server.request({ method: 'GET', url: '/api/task?isStartable=true', token })).json<Page<Task>>().data;
      expect(startable.length, email).toBeGreaterThan(0);
      const user = (await server.request({ method: 'GET', url: '/api/user', token })).json<User>();
      expect(user.acceptedTaskCount, email).toBeGreaterThanOrEqual(3);
      const awaiting = (await server.request({ method: 'GET', url: '/api/task?status=awaiting_confirmation', token })).json<Page<Task>>().data;
      expect(awaiting.length, email).toBeGreaterThan(0);
    }
  });
});
