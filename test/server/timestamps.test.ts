/**
 * Timestamps a client sends are read with src/domain/time.ts: years 0000–0099 (which Date.parse
 * takes; PGlite answered 500 for year 0000 and stored year 0001 as 2015) and anything outside
 * 2000–2099 answer 400 with a field code, and nothing is saved.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { errorOf, getJson, newId, postJson, taskInStatus } from './execution-fixtures';
import { createTask, createTaskers, firstPlace, placeOf, post, STAFF, type Tasker } from './lifecycle-fixtures';
import { encodeCursor } from '../../server/tasks/map';
import type { ScannedItem } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  if (server) rmSync(server.config.photoDir, { recursive: true, force: true });
});

const EAN = '4006381333931';
const OUT_OF_RANGE = ['0000-01-01T00:00:00.000Z', '0001-06-15T10:00:00.000Z', '0099-12-31T23:59:59.000Z', '1999-12-31T23:59:59.000Z', '2100-01-01T00:00:00.000Z'];

describe('timestamps out of range', () => {
  it('scanned items: 400 items.<i>.timestamp OUT_OF_RANGE for years 0000–0099, and the saved list is unchanged', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const good: ScannedItem[] = [{ id: newId(), ean: EAN, facings: 2, timestamp: '2026-03-10T09:00:00.000Z' }];
    expect((await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: good })).statusCode).toBe(200);
    for (const timestamp of OUT_OF_RANGE) {
      const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: [...good, { id: newId(), ean: EAN, facings: 1, timestamp }] });
      expect(res.statusCode, `${timestamp}: ${res.body}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'items.1.timestamp': 'OUT_OF_RANGE' } });
    }
    expect((await getJson(server, `/api/task/${taskId}/scanned-items`, tasker.token)).json()).toEqual({ data: good });
  });

  it('scanned items: a real but impossible date (30 February) is INVALID, not rolled over to March', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: [{ id: newId(), ean: EAN, facings: 1, timestamp: '2026-02-30T09:00:00Z' }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).fields).toEqual({ 'items.0.timestamp': 'INVALID' });
  });

  it('Shelfwork-Recorded-At: 400 recordedAt OUT_OF_RANGE on every execution write', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    for (const recordedAt of OUT_OF_RANGE) {
      const res = await server.request({
        method: 'POST',
        url: `/api/task/${taskId}/done-checklist-items`,
        token: tasker.token,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'shelfwork-recorded-at': recordedAt },
        payload: JSON.stringify({ ids: [] }),
      });
      expect(res.statusCode, `${recordedAt}: ${res.body}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', fields: { recordedAt: 'OUT_OF_RANGE' } });
    }
  });

  it('start: startedAt in year 0001 is refused with a 400 field error (not a 5xx, not a start)', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z' });
    expect((await post(server, `/api/task/${task.id}/reserve`, me.token, {})).statusCode).toBe(200);
    for (const startedAt of OUT_OF_RANGE) {
      const res = await post(server, `/api/task/${task.id}/start`, me.token, { ...(await placeOf(server, task.place.id)), startedAt });
      expect(res.statusCode, `${startedAt}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields).toEqual({ startedAt: 'OUT_OF_RANGE' });
    }
    const row = await server.db.selectFrom('tasks').select('status').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('reserved');
  });

  it('staff task windows use the same rule: OUT_OF_RANGE for year 0001, INVALID for a time without offset (Date.parse read it as server-local time)', async () => {
    const placeId = await firstPlace(server);
    const create = (timeWindowStart: string, timeWindowEnd: string) =>
      server.request({ method: 'POST', url: '/api/staff/tasks', headers: STAFF, payload: { placeId, taskTypeId: 'shelf-photo', timeWindowStart, timeWindowEnd, expectedDuration: 60, reward: '10' } });
    const ancient = await create('0001-03-14T08:00:00Z', '0001-03-14T12:00:00Z');
    expect(ancient.statusCode, ancient.body).toBe(400);
    expect(errorOf(ancient).fields).toMatchObject({ timeWindowStart: 'OUT_OF_RANGE', timeWindowEnd: 'OUT_OF_RANGE' });
    const local = await create('2026-03-14T08:00:00', '2026-03-14T12:00:00');
    expect(local.statusCode, local.body).toBe(400);
    expect(errorOf(local).fields).toMatchObject({ timeWindowStart: 'INVALID', timeWindowEnd: 'INVALID' });
    expect((await create('2026-03-14T08:00:00Z', '2026-03-14T12:00:00+00:00')).statusCode).toBe(201);
  });

  it('task list cursors carrying a year-0000 time answer 400 CURSOR_INVALID', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z' });
    for (const v of ['0000-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z']) {
      const list = await server.request({ method: 'GET', url: `/api/task?after=${encodeCursor({ o: 'time_window_start', v, i: 'x' })}`, token: me.token });
      expect(list.statusCode, list.body).toBe(400);
      expect(errorOf(list).fields).toEqual({ after: 'CURSOR_INVALID' });
      const suggestions = await server.request({ method: 'GET', url: `/api/task/${task.id}/suggestions?after=${encodeCursor({ o: 'suggestions', v, i: 'x' })}`, token: me.token });
      expect(suggestions.statusCode, suggestions.body).toBe(400);
    }
  });
});
