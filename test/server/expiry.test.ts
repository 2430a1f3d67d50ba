/**
 * The expiry job with a moved server clock: reserved and in-progress tasks whose window ended
 * become expired once, the reservation-limit minutes come back, nothing else changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { createTask, createTaskers, placeOf, post, statusOf, type Tasker } from './lifecycle-fixtures';
import { expireOverdueTasks, startExpiryJob } from '../../server/jobs/expiry';
import type { ReservationLimit } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function used(me: Tasker): Promise<number> {
  me.token = await server.tokenFor(me.id);
  return (await server.request({ method: 'GET', url: '/api/task/reservation-limit', token: me.token })).json<ReservationLimit>().used;
}

describe('expiry job', () => {
  it('expires reserved and in-progress tasks whose window ended, once, and frees their minutes', async () => {
    // Clock 10 March 09:00 Z. Two tasks end at 10:00, one at 16:00.
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const reserved = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T10:00:00Z', duration: 60 });
    const started = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T10:00:00Z', duration: 30 });
    const later = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z', duration: 45 });
    const untouched = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T10:00:00Z', duration: 30 });
    for (const t of [reserved, started, later]) expect((await post(server, `/api/task/${t.id}/reserve`, me.token)).statusCode).toBe(200);
    expect((await post(server, `/api/task/${started.id}/start`, me.token, await placeOf(server, started.place.id))).statusCode).toBe(200);
    expect(await used(me)).toBe(135);

    // Just before the end nothing of ours expires.
    server.clock.set('2026-03-10T09:59:59Z');
    const early = await expireOverdueTasks(server.db, server.clock);
    expect(early.map((e) => e.id)).not.toContain(reserved.id);
    expect(await statusOf(server, reserved.id)).toMatchObject({ status: 'reserved' });

    server.clock.set('2026-03-10T10:00:30Z');
    const expired = await expireOverdueTasks(server.db, server.clock);
    const ours = expired.filter((e) => e.taskerId === me.id);
    expect(ours.map((e) => e.id).sort()).toEqual([reserved.id, started.id].sort());
    expect(ours.find((e) => e.id === started.id)?.previousStatus).toBe('in_progress');
    expect(await statusOf(server, reserved.id)).toEqual({ status: 'expired', tasker_id: me.id });
    expect(await statusOf(server, started.id)).toEqual({ status: 'expired', tasker_id: me.id });
    expect(await statusOf(server, later.id)).toEqual({ status: 'reserved', tasker_id: me.id });
    // Available tasks are not the job's business (nobody holds them).
    expect(await statusOf(server, untouched.id)).toEqual({ status: 'available', tasker_id: null });
    expect(await used(me)).toBe(45);
    // Every due task of any tasker is gone now; a second run finds nothing.
    const left = await server.db
      .selectFrom('tasks')
      .select('id')
      .where('status', 'in', ['reserved', 'in_progress'])
      .where('time_window_end', '<=', server.clock.now())
      .execute();
    expect(left).toEqual([]);
    expect(await expireOverdueTasks(server.db, server.clock)).toEqual([]);
  });

  it('two runs at once expire each task exactly once', async () => {
    const taskers = await createTaskers(server, 3);
    server.clock.set('2026-03-10T11:00:00Z');
    for (const t of taskers) t.token = await server.tokenFor(t.id);
    const tasks = await Promise.all(taskers.map(() => createTask(server, { start: '2026-03-10T12:00:00Z', end: '2026-03-10T14:00:00Z', duration: 30 })));
    for (const [i, t] of tasks.entries()) expect((await post(server, `/api/task/${t.id}/reserve`, (taskers[i] as Tasker).token)).statusCode).toBe(200);
    server.clock.set('2026-03-10T14:00:01Z');
    const [a, b] = await Promise.all([expireOverdueTasks(server.db, server.clock), expireOverdueTasks(server.db, server.clock)]);
    const ids = [...a, ...b].map((e) => e.id).filter((id) => tasks.some((t) => t.id === id));
    expect(ids.sort()).toEqual(tasks.map((t) => t.id).sort());
  });

  it('the scheduled job runs at once and on its interval, and stops cleanly', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    server.clock.set('2026-03-10T15:00:00Z');
    me.token = await server.tokenFor(me.id);
    const task = await createTask(server, { start: '2026-03-10T15:30:00Z', end: '2026-03-10T17:00:00Z', duration: 30 });
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token)).statusCode).toBe(200);
    server.clock.set('2026-03-10T17:00:00Z');
    const lines: string[] = [];
    const job = startExpiryJob(server.db, server.clock, (line) => lines.push(line), 20);
    for (let i = 0; i < 100 && (await statusOf(server, task.id)).status !== 'expired'; i++) await new Promise((r) => setTimeout(r, 20));
    await job.stop();
    expect(await statusOf(server, task.id)).toMatchObject({ status: 'expired' });
    expect(lines.some((l) => l.startsWith('[expiry] expired'))).toBe(true);
  });
});
