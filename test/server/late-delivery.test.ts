/**
 * Late delivery (the basement case): the tasker does the work offline inside the window, the
 * window ends, the expiry job expires the task, then the signal returns and the outbox delivers,
 * each record carrying `Shelfwork-Recorded-At`. Work recorded inside the window is taken (and the
 * completion moves the expired task to awaiting_confirmation); work recorded after the end, or
 * sent without a recorded time, or more than LATE_WORK_GRACE_MS late, is refused with 420
 * TASK_WINDOW_ENDED and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { createTask, createTaskers, placeOf, type Tasker } from './lifecycle-fixtures';
import { errorOf, jpegBytes, putJpeg, sha256 } from './execution-fixtures';
import { execDb } from '../../server/execution/tables';
import { expireOverdueTasks } from '../../server/jobs/expiry';
import { LATE_WORK_GRACE_MS } from '#domain/lifecycle';
import type { ChecklistItem, Defect, PhotoUploadTarget, Task } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A POST as the outbox sends it: its own Idempotency-Key and the time the phone recorded it. */
function deliver(url: string, token: string, payload: unknown, recordedAt: string | null, key = randomUUID()): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': key };
  if (recordedAt !== null) headers['shelfwork-recorded-at'] = recordedAt;
  return server.request({ method: 'POST', url, token, headers, payload: JSON.stringify(payload) });
}

async function taskRow(taskId: string) {
  return server.db.selectFrom('tasks').select(['status', 'start_time', 'end_time', 'finalization_time', 'done_checklist_item_ids']).where('id', '=', taskId).executeTakeFirstOrThrow();
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * A 'defects' task of a new tasker with a window on `day` from 08:00 to 10:00 Z, reserved at 07:30
 * (and started at 08:10 at the store when `started`), then expired by the job at 10:00:30.
 */
async function expiredTask(day: string, started: boolean): Promise<{ task: Task; me: Tasker; items: ChecklistItem[]; defects: Defect[] }> {
  server.clock.set(`${day}T07:00:00Z`);
  const [me] = (await createTaskers(server, 1)) as [Tasker];
  const task = await createTask(server, { start: `${day}T08:00:00Z`, end: `${day}T10:00:00Z`, duration: 60, taskTypeId: 'defects' });
  server.clock.set(`${day}T07:30:00Z`);
  me.token = await server.tokenFor(me.id);
  expect((await deliver(`/api/task/${task.id}/reserve`, me.token, {}, null)).statusCode).toBe(200);
  const items = (await server.request({ method: 'GET', url: `/api/task/${task.id}/checklist-items`, token: me.token })).json<{ data: ChecklistItem[] }>().data;
  const defects = (await server.request({ method: 'GET', url: `/api/task/${task.id}/defects`, token: me.token })).json<{ data: Defect[] }>().data;
  if (started) {
    server.clock.set(`${day}T08:10:00Z`);
    me.token = await server.tokenFor(me.id);
    expect((await deliver(`/api/task/${task.id}/start`, me.token, await placeOf(server, task.place.id), null)).statusCode).toBe(200);
  }
  server.clock.set(`${day}T10:00:30Z`);
  const expired = await expireOverdueTasks(server.db, server.clock);
  expect(expired.map((e) => e.id)).toContain(task.id);
  // The signal comes back at noon.
  server.clock.set(`${day}T12:00:00Z`);
  me.token = await server.tokenFor(me.id);
  return { task, me, items, defects };
}

describe('work recorded inside the window, delivered after the task expired', () => {
  it('takes ticks, defects, scans, photos and the completion recorded in time; the task ends awaiting confirmation', async () => {
    const day = '2026-03-11';
    const { task, me, items, defects } = await expiredTask(day, true);
    expect((await taskRow(task.id)).status).toBe('expired');
    const at = (time: string) => `${day}T${time}Z`;

    const ticks = await deliver(`/api/task/${task.id}/done-checklist-items`, me.token, { ids: items.map((i) => i.id) }, at('09:20:00.000'));
    expect(ticks.statusCode, ticks.body).toBe(200);
    const regular = defects.filter((d) => d.type === 'regular').map((d) => d.id).slice(0, 1);
    expect((await deliver(`/api/task/${task.id}/defects`, me.token, { defectIds: regular }, at('09:25:00.000'))).statusCode).toBe(200);
    const scans = [{ id: randomUUID(), ean: '4006381333931', facings: 2, timestamp: at('09:26:00.000') }];
    expect((await deliver(`/api/task/${task.id}/scanned-items`, me.token, { items: scans }, at('09:26:00.000'))).statusCode).toBe(200);

    const photoId = randomUUID();
    const created = await deliver(`/api/task/${task.id}/photos`, me.token, { photos: [{ id: photoId, comment: 'Shelf, 09:30', tags: [] }] }, at('09:30:00.000'));
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json<{ data: PhotoUploadTarget[] }>().data[0]!;
    const bytes = jpegBytes(4096);
    const put = await putJpeg(server, target.presignedUrl, bytes);
    expect(put.statusCode, put.body).toBe(200);
    expect((await deliver(`/api/task/${task.id}/photos/${photoId}/update`, me.token, { comment: 'Shelf, left side' }, at('09:31:00.000'))).statusCode).toBe(200);

    const completeKey = randomUUID();
    const done = await deliver(`/api/task/${task.id}/complete`, me.token, { taskerComment: 'Done in the basement' }, at('09:45:00.000'), completeKey);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Task>().status).toBe('awaiting_confirmation');

    const row = await taskRow(task.id);
    expect(row.status).toBe('awaiting_confirmation');
    expect(iso(row.start_time)).toBe(at('08:10:00.000'));
    // Ended when the phone recorded it; finalised when it arrived.
    expect(iso(row.end_time)).toBe(at('09:45:00.000'));
    expect(iso(row.finalization_time)).toBe(at('12:00:00.000'));
    expect(row.done_checklist_item_ids).toEqual(items.map((i) => i.id));
    const photos = await execDb(server.db).selectFrom('photos').select(['id', 'sha256', 'comment']).where('task_id', '=', task.id).execute();
    expect(photos).toEqual([{ id: photoId, sha256: sha256(bytes), comment: 'Shelf, left side' }]);
    const checked = await server.db.selectFrom('task_defects').select('defect_id').where('task_id', '=', task.id).where('checked', '=', true).execute();
    expect(checked.map((d) => d.defect_id)).toEqual(regular);
    expect(await execDb(server.db).selectFrom('scanned_items').select('ean').where('task_id', '=', task.id).execute()).toEqual([{ ean: '4006381333931' }]);

    // The replay of the completion is answered from its stored response; nothing moves.
    const replay = await deliver(`/api/task/${task.id}/complete`, me.token, { taskerComment: 'Done in the basement' }, at('09:45:00.000'), completeKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(iso((await taskRow(task.id)).finalization_time)).toBe(at('12:00:00.000'));
  });

  it('refuses work recorded at or after the end, or with no recorded time, and changes nothing', async () => {
    const day = '2026-03-12';
    const { task, me, items } = await expiredTask(day, true);
    const cases: [string, string | null][] = [
      ['recorded at the end', `${day}T10:00:00.000Z`],
      ['recorded after the end', `${day}T11:00:00.000Z`],
      ['recorded "in the future" (counts as now)', `${day}T13:00:00.000Z`],
      ['no recorded time', null],
    ];
    for (const [name, recordedAt] of cases) {
      const res = await deliver(`/api/task/${task.id}/done-checklist-items`, me.token, { ids: items.map((i) => i.id) }, recordedAt);
      expect(res.statusCode, name).toBe(420);
      expect(errorOf(res), name).toMatchObject({ code: 'TASK_WINDOW_ENDED', message: 'The time window of this task has ended.' });
      const complete = await deliver(`/api/task/${task.id}/complete`, me.token, { taskerComment: '' }, recordedAt);
      expect(complete.statusCode, name).toBe(420);
      expect(errorOf(complete).code, name).toBe('TASK_WINDOW_ENDED');
      const photo = await deliver(`/api/task/${task.id}/photos`, me.token, { photos: [{ id: randomUUID(), comment: '', tags: [] }] }, recordedAt);
      expect(photo.statusCode, name).toBe(420);
    }
    const row = await taskRow(task.id);
    expect(row.status).toBe('expired');
    expect(row.done_checklist_item_ids).toEqual([]);
    expect(await execDb(server.db).selectFrom('photos').select('id').where('task_id', '=', task.id).execute()).toEqual([]);
  });

  it('refuses work delivered more than the grace period after the window ended', async () => {
    const day = '2026-03-13';
    const { task, me, items } = await expiredTask(day, true);
    server.clock.set(new Date(Date.parse(`${day}T10:00:00Z`) + LATE_WORK_GRACE_MS + 1000).toISOString());
    me.token = await server.tokenFor(me.id);
    const res = await deliver(`/api/task/${task.id}/done-checklist-items`, me.token, { ids: items.map((i) => i.id) }, `${day}T09:00:00.000Z`);
    expect(res.statusCode).toBe(420);
    expect(errorOf(res).code).toBe('TASK_WINDOW_ENDED');
  });

  it('takes an offline start recorded in the window after the reserved task expired, then the work and the completion', async () => {
    const day = '2026-03-14';
    const { task, me, items } = await expiredTask(day, false);
    const place = await placeOf(server, task.place.id);
    // Recorded after the end: refused, the task stays as it was.
    const tooLate = await deliver(`/api/task/${task.id}/start`, me.token, { ...place, startedAt: `${day}T10:05:00.000Z` }, `${day}T10:05:00.000Z`);
    expect(tooLate.statusCode).toBe(420);
    expect(errorOf(tooLate).code).toBe('TASK_WINDOW_ENDED');
    // Without a recorded start time there is nothing to judge: the window is over now.
    expect(errorOf(await deliver(`/api/task/${task.id}/start`, me.token, place, null)).code).toBe('TASK_WINDOW_ENDED');
    // Recorded in the window but far from the store: the usual geofence refusal.
    const far = await deliver(`/api/task/${task.id}/start`, me.token, { latitude: place.latitude + 0.05, longitude: place.longitude, startedAt: `${day}T09:00:00.000Z` }, null);
    expect(errorOf(far).code).toBe('TOO_FAR_FROM_PLACE');
    expect((await taskRow(task.id)).start_time).toBeNull();

    const start = await deliver(`/api/task/${task.id}/start`, me.token, { ...place, startedAt: `${day}T09:00:00.000Z` }, `${day}T09:00:00.000Z`);
    expect(start.statusCode, start.body).toBe(200);
    // The window is over: the task stays expired, but it has its start now.
    expect(start.json<Task>().status).toBe('expired');
    expect(iso((await taskRow(task.id)).start_time)).toBe(`${day}T09:00:00.000Z`);
    // A second start (another key) is not a second effect.
    expect((await deliver(`/api/task/${task.id}/start`, me.token, { ...place, startedAt: `${day}T09:01:00.000Z` }, null)).statusCode).toBe(420);

    expect((await deliver(`/api/task/${task.id}/done-checklist-items`, me.token, { ids: items.map((i) => i.id) }, `${day}T09:30:00.000Z`)).statusCode).toBe(200);
    // Recorded before the start it follows: counted from the start, never earlier.
    const done = await deliver(`/api/task/${task.id}/complete`, me.token, { taskerComment: '' }, `${day}T08:30:00.000Z`);
    expect(done.statusCode, done.body).toBe(200);
    const row = await taskRow(task.id);
    expect(row.status).toBe('awaiting_confirmation');
    expect(iso(row.end_time)).toBe(`${day}T09:00:00.000Z`);
  });

  it('answers a malformed recorded time with 400 and a field code, never a 500', async () => {
    const day = '2026-03-15';
    const { task, me, items } = await expiredTask(day, true);
    for (const bad of ['yesterday', '2026-13-45T99:99', 'x'.repeat(100), '2026-03-15']) {
      const res = await deliver(`/api/task/${task.id}/done-checklist-items`, me.token, { ids: items.map((i) => i.id) }, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).fields, bad).toEqual({ recordedAt: 'INVALID' });
    }
  });

  it("someone else's expired task stays invisible", async () => {
    const day = '2026-03-16';
    const { task, items } = await expiredTask(day, true);
    const [other] = (await createTaskers(server, 1)) as [Tasker];
    const res = await deliver(`/api/task/${task.id}/done-checklist-items`, other.token, { ids: items.map((i) => i.id) }, `${day}T09:00:00.000Z`);
    expect(res.statusCode).toBe(404);
  });
});
