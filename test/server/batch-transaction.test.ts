/**
 * POST /api/batch applies consecutive execution records in one transaction, a savepoint per record
 * (server/http/batch.ts, server/http/idempotency.ts): exactly once when a batch comes twice, a
 * record that fails in the middle undoes only itself, order per task, access rules unchanged.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { getJson, taskInStatus } from './execution-fixtures';
import type { ChecklistItem, ScannedItem } from '#domain/types';

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

async function batch(token: string, records: unknown[]): Promise<Result[]> {
  const res = await server.request({ method: 'POST', url: '/api/batch', token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: Result[] }>().results;
}

function record(taskId: string, path: string, body: unknown) {
  const key = randomUUID();
  return { id: key, queue: taskId, method: 'POST', path: `task/${taskId}/${path}`, body, idempotencyKey: key, recordedAt: server.clock.now().toISOString() };
}
const ticks = (taskId: string, ids: string[]) => record(taskId, 'done-checklist-items', { ids });
const scans = (taskId: string, items: { id: string; ean: string }[]) =>
  record(taskId, 'scanned-items', { items: items.map((i) => ({ ...i, facings: 1, timestamp: server.clock.now().toISOString() })) });

async function checklist(taskId: string, token: string): Promise<ChecklistItem[]> {
  return (await getJson(server, `/api/task/${taskId}/checklist-items`, token)).json<{ data: ChecklistItem[] }>().data;
}
async function doneIds(taskId: string, token: string): Promise<string[]> {
  return (await checklist(taskId, token)).filter((i) => i.isDone).map((i) => i.id);
}
async function scannedEans(taskId: string, token: string): Promise<string[]> {
  return (await getJson(server, `/api/task/${taskId}/scanned-items`, token)).json<{ data: ScannedItem[] }>().data.map((s) => s.ean);
}
async function keyRows(scope: string, keys: string[]): Promise<number> {
  return (await server.db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).where('key', 'in', keys).execute()).length;
}

describe('POST /api/batch in one transaction', () => {
  it('the same batch sent twice is applied once: the second answers each record from its idempotency row', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const [a, b] = (await checklist(taskId, tasker.token)) as [ChecklistItem, ChecklistItem];
    const records = [ticks(taskId, [a.id]), ticks(taskId, [a.id, b.id]), record(taskId, 'complete', { taskerComment: 'done' })];
    const first = await batch(tasker.token, records);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(first[2]?.body).toMatchObject({ id: taskId, status: 'awaiting_confirmation' });
    // Applied again, the completion would be refused (420 TASK_NOT_IN_PROGRESS) and the ticks too.
    const second = await batch(tasker.token, records);
    expect(second).toEqual(first);
    expect(await keyRows(tasker.id, records.map((r) => r.idempotencyKey))).toBe(3);
    expect((await doneIds(taskId, tasker.token)).sort()).toEqual([a.id, b.id].sort());
  });

  it('a record failing in the middle undoes only itself: earlier records stand, its task waits, other tasks go on', async () => {
    const tasker = (await taskInStatus(server)).tasker;
    const t1 = (await taskInStatus(server, { tasker })).taskId;
    const t2 = (await taskInStatus(server, { tasker })).taskId;
    const [a] = (await checklist(t1, tasker.token)) as [ChecklistItem];
    const [c] = (await checklist(t2, tasker.token)) as [ChecklistItem];
    const ok = { id: randomUUID(), ean: '4006381333931' };
    const boom = { id: randomUUID(), ean: '5901234123457' };
    // The database refuses this one EAN half-way through the scan list's replacement (after its delete ran).
    await sql`CREATE FUNCTION batch_test_refuse_scan() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.ean = '5901234123457' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(server.db);
    await sql`CREATE TRIGGER batch_test_refuse_scan BEFORE INSERT ON scanned_items FOR EACH ROW EXECUTE FUNCTION batch_test_refuse_scan()`.execute(server.db);
    try {
      const records = [
        scans(t1, [ok]),
        ticks(t1, [a.id]),
        scans(t1, [ok, boom]), // fails: 500, rolled back to its own savepoint
        ticks(t2, [c.id]),
        ticks(t1, []), // same task after the failure: not attempted
        scans(t2, [ok]),
      ];
      const results = await batch(tasker.token, records);
      expect(results.map((r) => [r.status, r.skipped ?? false])).toEqual([
        [200, false],
        [200, false],
        [500, false],
        [200, false],
        [424, true],
        [200, false],
      ]);
      // Earlier records of t1 stand, the failed one left nothing (its delete undone), t2 went on.
      expect(await scannedEans(t1, tasker.token)).toEqual([ok.ean]);
      expect(await doneIds(t1, tasker.token)).toEqual([a.id]);
      expect(await doneIds(t2, tasker.token)).toEqual([c.id]);
      expect(await scannedEans(t2, tasker.token)).toEqual([ok.ean]);
      // The failure is not remembered: sent again once the database takes it, it is applied.
      expect(await keyRows(tasker.id, [records[2]!.idempotencyKey, records[4]!.idempotencyKey])).toBe(0);
    } finally {
      await sql`DROP TRIGGER batch_test_refuse_scan ON scanned_items`.execute(server.db);
      await sql`DROP FUNCTION batch_test_refuse_scan()`.execute(server.db);
    }
  });

  it('keeps the order per task when the records of two tasks are interleaved', async () => {
    const tasker = (await taskInStatus(server)).tasker;
    const t1 = (await taskInStatus(server, { tasker })).taskId;
    const t2 = (await taskInStatus(server, { tasker })).taskId;
    const [a1, a2] = (await checklist(t1, tasker.token)) as [ChecklistItem, ChecklistItem];
    const [b1, b2] = (await checklist(t2, tasker.token)) as [ChecklistItem, ChecklistItem];
    const records = [ticks(t1, [a1.id]), ticks(t2, [b1.id]), ticks(t1, [a2.id]), ticks(t2, [b2.id]), ticks(t2, [b1.id, b2.id])];
    const results = await batch(tasker.token, records);
    expect(results.map((r) => r.id)).toEqual(records.map((r) => r.id));
    expect(results.map((r) => (r.body as { doneChecklistItemIds: string[] }).doneChecklistItemIds.length)).toEqual([1, 1, 1, 1, 2]);
    expect(results[2]?.body).toEqual({ doneChecklistItemIds: [a2.id] });
    expect(await doneIds(t1, tasker.token)).toEqual([a2.id]);
    expect((await doneIds(t2, tasker.token)).sort()).toEqual([b1.id, b2.id].sort());
  });

  it('a staff path among shared records is still 404, and the records around it are applied', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const [a, b] = (await checklist(taskId, tasker.token)) as [ChecklistItem, ChecklistItem];
    const key = randomUUID();
    const records = [
      ticks(taskId, [a.id]),
      { id: key, queue: taskId, method: 'POST', path: 'staff/tasks', body: { title: 'not from a tasker' }, idempotencyKey: key },
      ticks(taskId, [b.id]),
    ];
    const results = await batch(tasker.token, records);
    expect(results.map((r) => r.status)).toEqual([200, 404, 200]);
    expect(await doneIds(taskId, tasker.token)).toEqual([b.id]);
    const task = await server.db.selectFrom('tasks').select('status').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task.status).toBe('in_progress');
  });
});
