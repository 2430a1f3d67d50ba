/**
 * Attendance confirmation (spec sections 3–8): staff create a request for a reserved task (API and
 * CLI), approved taskers list their open ones, answer once (idempotent by key, field errors,
 * 'already submitted' as a 420), and a request left unanswered lapses and cancels the reservation
 * once — also with two runs at once and, on PostgreSQL, with two processes.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, startTestServer, SEED_TIME, type TestServer } from './helpers';
import { createTask, createTaskers, post, STAFF, statusOf, type Tasker } from './lifecycle-fixtures';
import { sql } from 'kysely';
import { lapseAttendanceRequests, LAPSE_JUSTIFICATION, startAttendanceJob } from '../../server/attendance/job';
import { remindAttendanceRequests } from '../../server/attendance/service';
import { runStaffCommand } from '../../server/staff/commands';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrations';
import { seedDemo } from '../../server/seed/demo';
import { FixedClock } from '../../server/clock';
import type { AttendanceRequest } from '#domain/attendance';
import type { ApiErrorBody } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Clock 10 March 09:00 Z; the task starts on the 11th. */
async function reservedTask(me: Tasker) {
  const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z', duration: 60 });
  me.token = await server.tokenFor(me.id);
  expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
  return task;
}

function ask(taskId: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return server.request({ method: 'POST', url: `/api/staff/tasks/${taskId}/attendance-request`, headers: { ...STAFF, ...headers }, payload });
}

async function openRequests(me: Tasker): Promise<AttendanceRequest[]> {
  me.token = await server.tokenFor(me.id);
  const res = await server.request({ method: 'GET', url: '/api/task/attendance-requests', token: me.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AttendanceRequest[] }>().data;
}

const answer = (me: Tasker, taskId: string, body: unknown, key?: string) =>
  post(server, `/api/task/${taskId}/attendance-request`, me.token, body, key ? { 'idempotency-key': key } : {});

describe('attendance requests', () => {
  it('staff ask for a reserved task once; the tasker lists it with the task and the place', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    const first = await ask(task.id, { expiresInMinutes: 120 }, { 'shelfwork-staff-name': 'Aistė' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ taskId: task.id, userId: me.id, status: 'pending', expiresAt: '2026-03-10T11:00:00.000Z', createdBy: 'Aistė' });
    // Asking again while one is open answers the same request.
    const again = await ask(task.id, { expiresInMinutes: 30 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const list = await openRequests(me);
    expect(list).toEqual([
      expect.objectContaining({ id: first.json().id, taskId: task.id, expiresAt: '2026-03-10T11:00:00.000Z', task: expect.objectContaining({ id: task.id, title: task.title, place: expect.objectContaining({ title: task.place.title }) }) }),
    ]);
    // Without an expiry: 24 h, but never after the task's start (11 March 08:00).
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    const soon = await reservedTask(other);
    expect((await ask(soon.id)).json().expiresAt).toBe('2026-03-11T08:00:00.000Z');
  });

  it('refuses tasks that are not reserved, unknown tasks and bad expiries', async () => {
    server.clock.set(SEED_TIME);
    const available = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z' });
    const res = await ask(available.id);
    expect(res.statusCode).toBe(420);
    expect(res.json<ApiErrorBody>().error.code).toBe('TASK_NOT_RESERVED');
    expect((await ask('no-such-task')).statusCode).toBe(404);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    expect((await ask(task.id, { expiresInMinutes: -5 })).json<ApiErrorBody>().error.fields).toEqual({ expiresInMinutes: 'OUT_OF_RANGE' });
    expect((await ask(task.id, { expiresAt: '2026-03-10T08:00:00Z' })).json<ApiErrorBody>().error.fields).toEqual({ expiresAt: 'OUT_OF_RANGE' });
    expect((await ask(task.id, { expiresAt: 'tomorrow' })).json<ApiErrorBody>().error.fields).toEqual({ expiresAt: 'INVALID' });
  });

  it('only approved taskers get requests (others an empty list)', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    expect((await ask(task.id)).statusCode).toBe(201);
    expect(await openRequests(me)).toHaveLength(1);
    await server.db.updateTable('users').set({ status: 'awaiting_approval' }).where('id', '=', me.id).execute();
    expect(await openRequests(me)).toEqual([]);
    await server.db.updateTable('users').set({ status: 'active' }).where('id', '=', me.id).execute();
    // Someone else's request is never listed.
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    expect(await openRequests(other)).toEqual([]);
    expect((await server.request({ method: 'GET', url: '/api/task/attendance-requests' })).statusCode).toBe(401);
  });

  it('validates the answer: yes needs nothing else; no needs a reason under 160 and the policy', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    expect((await ask(task.id)).statusCode).toBe(201);
    const fields = async (body: unknown) => {
      const res = await answer(me, task.id, body);
      expect(res.statusCode).toBe(400);
      return res.json<ApiErrorBody>().error.fields;
    };
    expect(await fields({})).toEqual({ accept: 'REQUIRED' });
    expect(await fields({ accept: 'no' })).toEqual({ accept: 'INVALID' });
    expect(await fields({ accept: false })).toEqual({ justification: 'REQUIRED', policyAgreed: 'REQUIRED' });
    expect(await fields({ accept: false, justification: '   ', policyAgreed: true })).toEqual({ justification: 'REQUIRED' });
    expect(await fields({ accept: false, justification: 'x'.repeat(160), policyAgreed: true })).toEqual({ justification: 'TOO_LONG' });
    expect(await fields({ accept: false, justification: 'Sick', policyAgreed: false })).toEqual({ policyAgreed: 'REQUIRED' });
    expect(await fields({ accept: false, justification: 42, policyAgreed: true })).toEqual({ justification: 'INVALID' });
    // Nothing was recorded by the refusals.
    expect(await openRequests(me)).toHaveLength(1);
    const ok = await answer(me, task.id, { accept: false, justification: ` ${'y'.repeat(159)} `, policyAgreed: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ taskId: task.id, status: 'declined', accept: false, justification: 'y'.repeat(159) });
  });

  it('an answer is recorded once: the same key replays, another answer is 420 already submitted; yes drops the reason', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    const created = (await ask(task.id)).json<{ id: string }>();
    const first = await answer(me, task.id, { accept: true, justification: 'ignored', policyAgreed: true }, 'key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: created.id, status: 'accepted', accept: true, justification: null });
    const replay = await answer(me, task.id, { accept: true, justification: 'ignored', policyAgreed: true }, 'key-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const second = await answer(me, task.id, { accept: false, justification: 'Changed my mind', policyAgreed: true }, 'key-2');
    expect(second.statusCode).toBe(420);
    expect(second.json<ApiErrorBody>().error.code).toBe('ATTENDANCE_ALREADY_SUBMITTED');
    // The request left the list; staff see one answer.
    expect(await openRequests(me)).toEqual([]);
    const staff = await server.request({ method: 'GET', url: `/api/staff/tasks/${task.id}/attendance-requests`, headers: STAFF });
    expect(staff.json().data).toEqual([expect.objectContaining({ id: created.id, status: 'accepted', accept: true, justification: null, policyAgreed: null })]);
    // A task never asked about.
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    const plain = await reservedTask(other);
    const none = await answer(other, plain.id, { accept: true });
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiErrorBody>().error.code).toBe('ATTENDANCE_REQUEST_NOT_FOUND');
    // Another tasker cannot answer my request.
    expect((await answer(other, task.id, { accept: true })).statusCode).toBe(404);
  });

  it('two answers at once: exactly one is recorded', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    expect((await ask(task.id)).statusCode).toBe(201);
    const results = await Promise.all([
      answer(me, task.id, { accept: true }, 'a'),
      answer(me, task.id, { accept: false, justification: 'Ill', policyAgreed: true }, 'b'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 420]);
    const rows = await server.db.selectFrom('attendance_requests').select(['status']).where('task_id', '=', task.id).execute();
    expect(rows).toHaveLength(1);
    expect(['accepted', 'declined']).toContain(rows[0]?.status);
  });

  it('an unanswered request lapses at its expiry and cancels the reservation once; answered ones do not', async () => {
    server.clock.set(SEED_TIME);
    const taskers = (await createTaskers(server, 3)) as [Tasker, Tasker, Tasker];
    const [silent, yes, started] = taskers;
    const silentTask = await reservedTask(silent);
    const yesTask = await reservedTask(yes);
    const startedTask = await reservedTask(started);
    for (const t of [silentTask, yesTask, startedTask]) expect((await ask(t.id, { expiresInMinutes: 60 })).statusCode).toBe(201);
    expect((await answer(yes, yesTask.id, { accept: true })).statusCode).toBe(200);
    // The third tasker's task moved on (started) before the lapse: its request lapses, the work stays.
    await server.db.updateTable('tasks').set({ status: 'in_progress', start_time: SEED_TIME }).where('id', '=', startedTask.id).execute();

    server.clock.set('2026-03-10T09:59:59Z');
    const early = await lapseAttendanceRequests(server.db, server.clock);
    expect(early.map((l) => l.taskId)).not.toContain(silentTask.id);
    expect(await statusOf(server, silentTask.id)).toEqual({ status: 'reserved', tasker_id: silent.id });

    server.clock.set('2026-03-10T10:00:00Z');
    const lapsed = await lapseAttendanceRequests(server.db, server.clock);
    const ours = lapsed.filter((l) => [silentTask.id, yesTask.id, startedTask.id].includes(l.taskId));
    expect(ours.map((l) => [l.taskId, l.cancelledReservation]).sort()).toEqual(
      [
        [silentTask.id, true],
        [startedTask.id, false],
      ].sort(),
    );
    expect(await statusOf(server, silentTask.id)).toEqual({ status: 'available', tasker_id: null });
    expect(await statusOf(server, yesTask.id)).toEqual({ status: 'reserved', tasker_id: yes.id });
    expect(await statusOf(server, startedTask.id)).toEqual({ status: 'in_progress', tasker_id: started.id });
    const cancellations = await server.db.selectFrom('task_cancellations').selectAll().where('task_id', '=', silentTask.id).execute();
    expect(cancellations).toEqual([expect.objectContaining({ user_id: silent.id, late: false, justification: LAPSE_JUSTIFICATION })]);
    // Gone from the tasker's list; a late answer says the request expired; a second run finds nothing.
    expect(await openRequests(silent)).toEqual([]);
    const late = await answer(silent, silentTask.id, { accept: true });
    expect(late.statusCode).toBe(420);
    expect(late.json<ApiErrorBody>().error.code).toBe('ATTENDANCE_REQUEST_EXPIRED');
    expect((await lapseAttendanceRequests(server.db, server.clock)).filter((l) => l.taskId === silentTask.id)).toEqual([]);
    const row = await server.db.selectFrom('attendance_requests').selectAll().where('task_id', '=', silentTask.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'lapsed', cancelled_reservation: true });
  });

  it('an unanswered request is reminded of once an hour before it lapses; a lapse that cancels the reservation says so', async () => {
    server.clock.set(SEED_TIME);
    const [me, answered, gone] = (await createTaskers(server, 3)) as [Tasker, Tasker, Tasker];
    const task = await reservedTask(me);
    const yesTask = await reservedTask(answered);
    const goneTask = await reservedTask(gone);
    for (const t of [task, yesTask, goneTask]) expect((await ask(t.id, { expiresInMinutes: 180 })).statusCode).toBe(201);
    expect((await answer(answered, yesTask.id, { accept: true })).statusCode).toBe(200);
    // This tasker no longer holds the task (its reservation ended): its open request reminds nobody.
    await server.db.updateTable('tasks').set({ status: 'available', tasker_id: null, reserved_at: null }).where('id', '=', goneTask.id).execute();
    const types = async (who: Tasker) => {
      const rows = await server.db.selectFrom('notifications' as never).select(['type' as never, 'resource_id' as never]).where('user_id' as never, '=', who.id as never).orderBy('created_at' as never).execute();
      return (rows as Array<{ type: string; resource_id: string | null }>).filter((r) => r.type.startsWith('attendance')).map((r) => `${r.type}:${r.resource_id}`);
    };
    server.clock.set('2026-03-10T10:59:59Z');
    await lapseAttendanceRequests(server.db, server.clock);
    expect(await types(me)).toEqual([`attendance_request:${task.id}`]);
    server.clock.set('2026-03-10T11:00:00Z');
    await lapseAttendanceRequests(server.db, server.clock);
    server.clock.set('2026-03-10T11:30:00Z');
    await lapseAttendanceRequests(server.db, server.clock);
    expect(await types(me)).toEqual([`attendance_request:${task.id}`, `attendance_request_reminder:${task.id}`]);
    expect(await types(answered)).toEqual([`attendance_request:${yesTask.id}`]);
    expect(await types(gone)).toEqual([`attendance_request:${goneTask.id}`]);
    server.clock.set('2026-03-10T12:00:00Z');
    await lapseAttendanceRequests(server.db, server.clock);
    expect(await types(me)).toEqual([`attendance_request:${task.id}`, `attendance_request_reminder:${task.id}`, `attendance_request_discarded:${task.id}`]);
    // Listed in the reader's language; the push went out with it.
    me.token = await server.tokenFor(me.id);
    const list = (await server.request({ method: 'GET', url: '/api/notifications', token: me.token })).json<{ data: Array<{ type: string; title: string }> }>().data;
    expect(list.find((n) => n.type === 'attendance_request_discarded')?.title).toBe('Reservation cancelled');
  });

  it('two runs at once lapse each request and cancel each reservation exactly once', async () => {
    server.clock.set(SEED_TIME);
    const taskers = await createTaskers(server, 4);
    const tasks: Awaited<ReturnType<typeof reservedTask>>[] = [];
    for (const t of taskers) tasks.push(await reservedTask(t));
    for (const t of tasks) expect((await ask(t.id, { expiresInMinutes: 10 })).statusCode).toBe(201);
    server.clock.set('2026-03-10T09:10:00Z');
    const [a, b] = await Promise.all([lapseAttendanceRequests(server.db, server.clock), lapseAttendanceRequests(server.db, server.clock)]);
    const ids = [...a, ...b].filter((l) => tasks.some((t) => t.id === l.taskId));
    expect(ids.map((l) => l.taskId).sort()).toEqual(tasks.map((t) => t.id).sort());
    const cancellations = await server.db.selectFrom('task_cancellations').select('task_id').where('task_id', 'in', tasks.map((t) => t.id)).execute();
    expect(cancellations).toHaveLength(tasks.length);
  });

  it('runs at once remind of each open request exactly once, and only while its tasker holds the task', { timeout: 120_000 }, async () => {
    server.clock.set(SEED_TIME);
    const taskers = await createTaskers(server, 8);
    const all: Awaited<ReturnType<typeof reservedTask>>[] = [];
    for (const t of taskers) all.push(await reservedTask(t));
    for (const t of all) expect((await ask(t.id, { expiresInMinutes: 180 })).statusCode).toBe(201);
    // Answered, or no longer this tasker's: nobody is reminded of these.
    const [answeredTask, goneTask, ...tasks] = all as [(typeof all)[number], (typeof all)[number], ...typeof all];
    expect((await answer(taskers[0] as Tasker, answeredTask.id, { accept: true })).statusCode).toBe(200);
    await server.db.updateTable('tasks').set({ status: 'available', tasker_id: null, reserved_at: null }).where('id', '=', goneTask.id).execute();
    // Many old, seen notifications: a run that looks through them takes a while, so on PostgreSQL
    // (several connections) one run commits its reminders while another is still choosing whom to remind.
    const bulk = 'bulk-seen-';
    if (process.env.DATABASE_URL) {
      await sql`insert into notifications (id, user_id, type, params, resource_id, created_at, seen_at)
        select ${bulk} || g, ${taskers[0]?.id}, 'task_accepted', '{}'::jsonb, null, ${new Date(SEED_TIME)}::timestamptz, ${new Date(SEED_TIME)}::timestamptz
        from generate_series(1, 100000) g`.execute(server.db);
      await sql`analyze notifications`.execute(server.db);
    }
    try {
      server.clock.set('2026-03-10T11:30:00Z');
      const runs = Array.from({ length: 8 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 15)).then(() => remindAttendanceRequests(server.db, server.clock)));
      const reminded = (await Promise.all(runs)).reduce((sum, n) => sum + n, 0);
      const rows = await server.db
        .selectFrom('notifications' as never)
        .select(['resource_id' as never])
        .where('type' as never, '=', 'attendance_request_reminder' as never)
        .where('resource_id' as never, 'in', all.map((t) => t.id) as never)
        .execute();
      expect((rows as Array<{ resource_id: string }>).map((r) => r.resource_id).sort(), 'one reminder per request').toEqual(tasks.map((t) => t.id).sort());
      expect(reminded).toBe(tasks.length);
      // A later run finds every request reminded already.
      server.clock.set('2026-03-10T11:45:00Z');
      expect(await remindAttendanceRequests(server.db, server.clock)).toBe(0);
    } finally {
      await sql`delete from notifications where id like ${`${bulk}%`}`.execute(server.db);
    }
  });

  it('the scheduled job lapses on its interval and stops cleanly; staff can run it now', async () => {
    server.clock.set(SEED_TIME);
    const [me, other] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const task = await reservedTask(me);
    expect((await ask(task.id, { expiresInMinutes: 5 })).statusCode).toBe(201);
    server.clock.set('2026-03-10T09:05:00Z');
    const lines: string[] = [];
    const job = startAttendanceJob(server.db, server.clock, (line) => lines.push(line), 20);
    for (let i = 0; i < 100 && (await statusOf(server, task.id)).status !== 'available'; i++) await new Promise((r) => setTimeout(r, 20));
    await job.stop();
    expect(await statusOf(server, task.id)).toEqual({ status: 'available', tasker_id: null });
    expect(lines.some((l) => l.startsWith('[attendance]'))).toBe(true);

    server.clock.set('2026-03-10T09:06:00Z');
    const second = await reservedTask(other);
    expect((await ask(second.id, { expiresInMinutes: 1 })).statusCode).toBe(201);
    server.clock.set('2026-03-10T09:07:00Z');
    const run = await server.request({ method: 'POST', url: '/api/staff/attendance-requests/lapse', headers: STAFF });
    expect(run.statusCode).toBe(200);
    expect(run.json().data).toEqual([expect.objectContaining({ taskId: second.id, cancelledReservation: true })]);
    // Taskers cannot reach the staff routes.
    expect((await post(server, '/api/staff/attendance-requests/lapse', other.token)).statusCode).toBe(401);
  });

  it('the CLI asks, lists and lapses', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await reservedTask(me);
    const out: string[] = [];
    const err: string[] = [];
    const deps = { db: server.db, storage: server.context as never, photoDir: '/tmp', now: new Date(SEED_TIME), out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    expect(await runStaffCommand(['attendance', 'request', task.id, '--expires-in', '15', '--by', 'Jonas'], deps)).toBe(0);
    expect(JSON.parse(out.at(-1) ?? '')).toMatchObject({ taskId: task.id, status: 'pending', expiresAt: '2026-03-10T09:15:00.000Z', createdBy: 'Jonas' });
    expect(await runStaffCommand(['attendance', 'list', task.id], deps)).toBe(0);
    expect(JSON.parse(out.at(-1) ?? '')).toHaveLength(1);
    expect(await runStaffCommand(['attendance', 'request', 'no-such-task'], deps)).toBe(1);
    expect(err.at(-1)).toMatch(/^TASK_NOT_FOUND/);
    expect(await runStaffCommand(['attendance', 'lapse', '--at', '2026-03-10T09:15:00Z'], deps)).toBe(0);
    expect(JSON.parse(out.at(-1) ?? '')).toEqual(expect.arrayContaining([expect.objectContaining({ taskId: task.id, cancelledReservation: true })]));
    expect(await statusOf(server, task.id)).toEqual({ status: 'available', tasker_id: null });
    expect(await runStaffCommand(['attendance', 'frobnicate'], deps)).toBe(2);
  });
});

/** The staff CLI as its own process (what a second server process's job is to the database). */
function cliProcess(databaseUrl: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/staff/cli.ts', ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.skipIf(!process.env.DATABASE_URL)('attendance lapse in two processes (PostgreSQL)', () => {
  it('two processes lapsing at once cancel each reservation exactly once', { timeout: 120_000 }, async () => {
    const created = await createEmptyPostgresDatabase(process.env.DATABASE_URL as string);
    const opened = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
    try {
      await migrateToLatest(opened.db);
      await seedDemo(opened.db, new Date(SEED_TIME));
      const db = opened.db;
      // 60 reserved tasks, each with a request due at 10:00.
      const tasks = await db.selectFrom('tasks').select(['id']).where('status', '=', 'available').orderBy('id').limit(60).execute();
      const user = await db.selectFrom('users').select('id').where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
      const clock = new FixedClock(SEED_TIME);
      for (const [i, t] of tasks.entries()) {
        await db.updateTable('tasks').set({ status: 'reserved', tasker_id: user.id, reserved_at: clock.now() }).where('id', '=', t.id).execute();
        await db
          .insertInto('attendance_requests')
          .values({ id: `two-proc-${i}`, task_id: t.id, user_id: user.id, expires_at: '2026-03-10T10:00:00Z', created_by: 'test', created_at: clock.now() })
          .execute();
      }
      const [a, b] = await Promise.all([
        cliProcess(created.url, ['attendance', 'lapse', '--at', '2026-03-10T10:00:00Z']),
        cliProcess(created.url, ['attendance', 'lapse', '--at', '2026-03-10T10:00:00Z']),
      ]);
      expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
      const lapsed = [...(JSON.parse(a.stdout) as { id: string }[]), ...(JSON.parse(b.stdout) as { id: string }[])];
      expect(lapsed.map((l) => l.id).sort()).toEqual(tasks.map((_, i) => `two-proc-${i}`).sort());
      const cancellations = await db.selectFrom('task_cancellations').select('task_id').where('task_id', 'in', tasks.map((t) => t.id)).execute();
      expect(cancellations).toHaveLength(tasks.length);
      const still = await db.selectFrom('tasks').select('id').where('id', 'in', tasks.map((t) => t.id)).where('status', '!=', 'available').execute();
      expect(still).toEqual([]);
    } finally {
      await opened.db.destroy();
      await created.drop();
    }
  });
});
