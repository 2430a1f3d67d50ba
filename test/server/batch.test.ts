/**
 * POST /api/batch: records applied as if sent alone, in order, each with its own answer;
 * a record replayed alone or in a batch answers the same; bad input is a 4xx; only tasker routes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { getJson, postJson, taskInStatus } from './execution-fixtures';
import type { ChecklistItem } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Result {
  id: string;
  status: number;
  body: unknown;
  skipped?: boolean;
}

function batch(token: string, payload: unknown) {
  return server.request({ method: 'POST', url: '/api/batch', token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
}

function checklistRecord(taskId: string, ids: string[], key = randomUUID()) {
  return { id: key, queue: taskId, method: 'POST', path: `task/${taskId}/done-checklist-items`, body: { ids }, idempotencyKey: key, recordedAt: server.clock.now().toISOString() };
}

async function itemsOf(taskId: string, token: string): Promise<ChecklistItem[]> {
  return (await getJson(server, `/api/task/${taskId}/checklist-items`, token)).json<{ data: ChecklistItem[] }>().data;
}

describe('POST /api/batch', () => {
  it('applies records in order, each with its own answer; a refusal does not stop the queue', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const [a, b] = (await itemsOf(taskId, tasker.token)) as [ChecklistItem, ChecklistItem];
    const records = [checklistRecord(taskId, [a.id]), checklistRecord(taskId, ['not-an-item']), checklistRecord(taskId, [a.id, b.id]), checklistRecord(taskId, [b.id])];
    const res = await batch(tasker.token, { records });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{ results: Result[] }>().results;
    expect(results.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(results.map((r) => r.status)).toEqual([200, 400, 200, 200]);
    expect(results[0]?.body).toEqual({ doneChecklistItemIds: [a.id] });
    // The server answers the done ids in its own order (the checklist's), so compare them as a set.
    expect([...(results[2]?.body as { doneChecklistItemIds: string[] }).doneChecklistItemIds].sort()).toEqual([a.id, b.id].sort());
    // Last one wins: applied in the order sent.
    expect((await itemsOf(taskId, tasker.token)).filter((i) => i.isDone).map((i) => i.id)).toEqual([b.id]);
  });

  it('a record replayed alone or in a batch gets the same answer, with no second effect', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const [a, b] = (await itemsOf(taskId, tasker.token)) as [ChecklistItem, ChecklistItem];
    const first = checklistRecord(taskId, [a.id]);
    const alone = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, first.body, first.idempotencyKey);
    expect(alone.statusCode).toBe(200);
    // A later state, then the first record again inside a batch: replayed, the later state stands.
    const later = await batch(tasker.token, { records: [checklistRecord(taskId, [b.id])] });
    expect(later.json<{ results: Result[] }>().results[0]?.status).toBe(200);
    const replay = await batch(tasker.token, { records: [first] });
    const [replayed] = replay.json<{ results: Result[] }>().results;
    expect(replayed).toEqual({ id: first.id, status: 200, body: alone.json() });
    expect((await itemsOf(taskId, tasker.token)).filter((i) => i.isDone).map((i) => i.id)).toEqual([b.id]);
    // And the other way round: sent in a batch first, then alone.
    const second = checklistRecord(taskId, [a.id, b.id]);
    const inBatch = (await batch(tasker.token, { records: [second] })).json<{ results: Result[] }>().results[0];
    const again = await postJson(server, `/api/task/${taskId}/done-checklist-items`, tasker.token, second.body, second.idempotencyKey);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: inBatch?.status, body: inBatch?.body });
    // The same key with another body is refused, in a batch too (422), never applied.
    const reused = (await batch(tasker.token, { records: [{ ...second, body: { ids: [] } }] })).json<{ results: Result[] }>().results[0];
    expect(reused?.status).toBe(422);
  });

  it('refuses a staff path, a public path, an unknown path and the batch itself per record (404), and needs a tasker token', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const key = () => randomUUID();
    const records = [
      { id: 'staff', method: 'POST', path: `staff/tasks/${taskId}/review`, body: { decision: 'accept' }, idempotencyKey: key() },
      { id: 'staff-users', method: 'POST', path: 'staff/users/x/approve', body: {}, idempotencyKey: key() },
      { id: 'public', method: 'POST', path: 'auth/login', body: { email: 'lt@demo.shelfwork.app', password: 'demo1234' }, idempotencyKey: key() },
      { id: 'unknown', method: 'POST', path: 'nothing/here', body: {}, idempotencyKey: key() },
      { id: 'nested', method: 'POST', path: 'batch', body: { records: [] }, idempotencyKey: key() },
      { id: 'upload', method: 'PUT', path: 'uploads/abc', body: {}, idempotencyKey: key() },
    ];
    const res = await batch(tasker.token, { records });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{ results: Result[] }>().results;
    expect(results.map((r) => [r.id, r.status])).toEqual(records.map((r) => [r.id, 404]));
    const staff = await server.request({ method: 'POST', url: '/api/batch', headers: { authorization: 'Bearer test-staff-token', 'content-type': 'application/json' }, payload: JSON.stringify({ records: [checklistRecord(taskId, [])] }) });
    expect(staff.statusCode).toBe(401);
    const none = await server.request({ method: 'POST', url: '/api/batch', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records: [checklistRecord(taskId, [])] }) });
    expect(none.statusCode).toBe(401);
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const good = checklistRecord(taskId, []);
    const bodies: unknown[] = [
      null,
      [],
      'x',
      {},
      { records: [] },
      { records: 'x' },
      { records: [null] },
      { records: [{ ...good, method: 'GET' }] },
      { records: [{ ...good, method: 'PATCH' }] },
      { records: [{ ...good, path: '/abs' }] },
      { records: [{ ...good, path: '../staff/x' }] },
      { records: [{ ...good, path: 'a'.repeat(600) }] },
      { records: [{ ...good, idempotencyKey: '' }] },
      { records: [{ ...good, idempotencyKey: 'bad key' }] },
      { records: [{ ...good, id: 5 }] },
      { records: [good, good] },
      { records: [{ ...good, queue: 5 }] },
      { records: [{ ...good, recordedAt: 7 }] },
      { records: [{ ...good, body: { ids: ['a\u0000b'] } }] },
      { records: Array.from({ length: 201 }, () => checklistRecord(taskId, [])) },
    ];
    for (const body of bodies) {
      const res = await batch(tasker.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    // Bad inner input is that record's 4xx: a wrong body, a bad recorded time, a path with odd encoding.
    const inner = await batch(tasker.token, {
      records: [
        { ...checklistRecord(taskId, []), body: 'nope' },
        { ...checklistRecord(taskId, []), body: { ids: 'x' } },
        { ...checklistRecord(taskId, []), recordedAt: 'yesterday' },
        { ...checklistRecord(taskId, []), path: 'task/%zz/done-checklist-items' },
      ],
    });
    expect(inner.statusCode).toBe(200);
    for (const r of inner.json<{ results: Result[] }>().results) {
      expect(r.status, JSON.stringify(r)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(r)).toBeLessThan(500);
    }
  });
});
