/**
 * Scan lists and defect sets are full replacements on the wire but written by difference
 * (server/execution/service.ts): only the rows that change are written, the answer is
 * the list a read-back gives, and the final state is the same. In a batch segment the locked task
 * row and the scan list are kept between records (the segment's memo), and forgotten when a record
 * rolls back. EXECUTION_FULL_WRITES=1 keeps the old whole writes (bench:outbox's old side).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { getJson, postJson, taskInStatus } from './execution-fixtures';
import type { Defect, ScannedItem } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Every row written to scanned_items or task_defects (insert or update) is counted here.
  await sql`CREATE TABLE diff_test_writes (tbl text NOT NULL)`.execute(server.db);
  await sql`CREATE FUNCTION diff_test_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO diff_test_writes VALUES (TG_TABLE_NAME); RETURN NEW; END $$`.execute(server.db);
  await sql`CREATE TRIGGER diff_test_scans AFTER INSERT OR UPDATE ON scanned_items FOR EACH ROW EXECUTE FUNCTION diff_test_count()`.execute(server.db);
  await sql`CREATE TRIGGER diff_test_defects AFTER INSERT OR UPDATE ON task_defects FOR EACH ROW EXECUTE FUNCTION diff_test_count()`.execute(server.db);
  await sql`CREATE TRIGGER diff_test_tasks AFTER UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION diff_test_count()`.execute(server.db);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  delete process.env.EXECUTION_FULL_WRITES;
  delete process.env.BATCH_DEFERRED_WRITES;
});

async function writes(tbl: string): Promise<number> {
  const n = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM diff_test_writes WHERE tbl = ${tbl}`.execute(server.db)).rows[0]?.n ?? 0;
  await sql`DELETE FROM diff_test_writes`.execute(server.db);
  return n;
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 9, minute, 0, 123)).toISOString();
const item = (ean: string, facings: number, minute: number, id: string = randomUUID()) => ({ id, ean, facings, timestamp: at(minute) });

async function listed(taskId: string, token: string): Promise<ScannedItem[]> {
  return (await getJson(server, `/api/task/${taskId}/scanned-items`, token)).json<{ data: ScannedItem[] }>().data;
}

describe('scan lists written by difference', () => {
  it('writes only the new and changed rows; answers the list as read back; the final state is the list sent', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const b = item('5901234123457', 2, 2);
    const c = item('96385074', 3, 3);
    const post = async (items: unknown[]) => {
      const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: ScannedItem[] }>().data;
    };
    await writes('scanned_items');
    expect(await post([a, b])).toEqual(await listed(taskId, tasker.token));
    expect(await writes('scanned_items')).toBe(2);

    // One item more: one row written (the old code deleted and re-inserted all three).
    const grown = await post([a, b, c]);
    expect(await writes('scanned_items')).toBe(1);
    expect(grown).toEqual(await listed(taskId, tasker.token));
    expect(grown.map((s) => s.id)).toEqual([a.id, b.id, c.id]);

    // a removed (b and c move up), c's facings changed: b and c rewritten, a deleted.
    const changed = await post([b, { ...c, facings: 7 }]);
    expect(await writes('scanned_items')).toBe(2);
    expect(changed).toEqual(await listed(taskId, tasker.token));
    expect(changed).toEqual([
      { id: b.id, ean: b.ean, facings: 2, timestamp: b.timestamp },
      { id: c.id, ean: c.ean, facings: 7, timestamp: c.timestamp },
    ]);

    // The same list again: nothing written, same answer.
    expect(await post([b, { ...c, facings: 7 }])).toEqual(changed);
    expect(await writes('scanned_items')).toBe(0);

    // A time written with an offset is the same instant: the answer gives it in UTC, as stored.
    const offset = await post([b, { ...c, facings: 7, timestamp: '2026-03-10T10:03:00.123+01:00' }]);
    expect(await writes('scanned_items')).toBe(0);
    expect(offset).toEqual(changed);

    // Emptied.
    expect(await post([])).toEqual([]);
    expect(await listed(taskId, tasker.token)).toEqual([]);
  });

  it('EXECUTION_FULL_WRITES=1 writes the whole list, as before, with the same answer', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const b = item('5901234123457', 2, 2);
    process.env.EXECUTION_FULL_WRITES = '1';
    await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: [a] });
    await writes('scanned_items');
    const res = await postJson(server, `/api/task/${taskId}/scanned-items`, tasker.token, { items: [a, b] });
    expect(await writes('scanned_items')).toBe(2);
    expect(res.json<{ data: ScannedItem[] }>().data).toEqual(await listed(taskId, tasker.token));
  });
});

describe('defect sets written by difference', () => {
  it('updates only the rows whose flag changes; answers the whole applicable list, as read back', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const before = (await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data;
    const regular = before.filter((d) => d.type === 'regular').map((d) => d.id);
    expect(regular.length).toBeGreaterThanOrEqual(3);
    const post = async (defectIds: string[]) => {
      const res = await postJson(server, `/api/task/${taskId}/defects`, tasker.token, { defectIds });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: Defect[] }>().data;
      expect(data).toEqual((await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data);
      return data;
    };
    await writes('task_defects');
    // The first set materialises the task's rows: every applicable defect is written once.
    await post([regular[0]!]);
    expect(await writes('task_defects')).toBe(before.length);
    // {0} → {0, 1, 2}: two rows change (the old code upserted every row).
    const set = await post([regular[0]!, regular[1]!, regular[2]!]);
    expect(await writes('task_defects')).toBe(2);
    expect(set.filter((d) => d.checked).map((d) => d.id).sort()).toEqual([regular[0], regular[1], regular[2]].sort());
    // {0, 1, 2} → {2}: two rows change; the same set again: none.
    await post([regular[2]!]);
    expect(await writes('task_defects')).toBe(2);
    await post([regular[2]!]);
    expect(await writes('task_defects')).toBe(0);
  });
});

describe('in a batch segment', () => {
  async function batch(token: string, records: unknown[]) {
    const res = await server.request({ method: 'POST', url: '/api/batch', token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: { id: string; status: number; body: unknown }[] }>().results;
  }
  const record = (taskId: string, path: string, body: unknown) => {
    const key = randomUUID();
    return { id: key, queue: taskId, method: 'POST', path: `task/${taskId}/${path}`, body, idempotencyKey: key, recordedAt: server.clock.now().toISOString() };
  };

  it('a record rolled back leaves nothing remembered: the next record of the segment writes against the database', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const boom = item('5901234123457', 2, 2);
    const y = item('96385074', 3, 3);
    await sql`CREATE FUNCTION diff_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.ean = '5901234123457' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`.execute(server.db);
    await sql`CREATE TRIGGER diff_test_refuse BEFORE INSERT ON scanned_items FOR EACH ROW EXECUTE FUNCTION diff_test_refuse()`.execute(server.db);
    try {
      const results = await batch(tasker.token, [
        record(taskId, 'scanned-items', { items: [a] }),
        // a's facings change, then the insert of boom fails: the record rolls back, a keeps 1 facing.
        record(taskId, 'scanned-items', { items: [{ ...a, facings: 9 }, boom] }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 500]);
      // A later batch of the same task (its queue stopped in the first one): a with 9 facings must be written.
      const next = await batch(tasker.token, [record(taskId, 'scanned-items', { items: [a] }), record(taskId, 'scanned-items', { items: [{ ...a, facings: 9 }, y] })]);
      expect(next.map((r) => r.status)).toEqual([200, 200]);
      expect(await listed(taskId, tasker.token)).toEqual([
        { id: a.id, ean: a.ean, facings: 9, timestamp: a.timestamp },
        { id: y.id, ean: y.ean, facings: 3, timestamp: y.timestamp },
      ]);
    } finally {
      await sql`DROP TRIGGER diff_test_refuse ON scanned_items`.execute(server.db);
    }
  });

  it('a refused record in the middle of a segment: the records after it see the database, not what the refused one wrote', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const b = item('5901234123457', 2, 2);
    const bad = { id: randomUUID(), ean: '1234', facings: 1, timestamp: at(4) };
    const results = await batch(tasker.token, [
      record(taskId, 'scanned-items', { items: [a] }),
      record(taskId, 'scanned-items', { items: [a, bad] }),
      record(taskId, 'scanned-items', { items: [a, b] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 400, 200]);
    expect((results[2]?.body as { data: ScannedItem[] }).data).toEqual(await listed(taskId, tasker.token));
    expect((await listed(taskId, tasker.token)).map((s) => s.id)).toEqual([a.id, b.id]);
  });

  it('a write after the completion in the same segment is refused: the remembered task row follows the completion', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const results = await batch(tasker.token, [
      record(taskId, 'scanned-items', { items: [a] }),
      record(taskId, 'complete', { taskerComment: 'done' }),
      record(taskId, 'scanned-items', { items: [a, item('5901234123457', 2, 2)] }),
      record(taskId, 'done-checklist-items', { ids: [] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 420, 420]);
    expect((await listed(taskId, tasker.token)).map((s) => s.id)).toEqual([a.id]);
  });

  it('ticks then a tick answer in one segment: each answer is the state after that record', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const items = (await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token)).json<{ data: { id: string }[] }>().data.map((i) => i.id);
    expect(items.length).toBeGreaterThanOrEqual(2);
    const results = await batch(tasker.token, [
      record(taskId, 'done-checklist-items', { ids: [items[0]] }),
      record(taskId, 'done-checklist-items', { ids: [items[0], items[1]] }),
      record(taskId, 'done-checklist-items', { ids: [items[1]] }),
    ]);
    expect(results.map((r) => r.body)).toEqual([{ doneChecklistItemIds: [items[0]] }, { doneChecklistItemIds: [items[0], items[1]] }, { doneChecklistItemIds: [items[1]] }]);
    const task = (await getJson(server, `/api/task/${taskId}`, tasker.token)).json<{ doneChecklistItemIds: string[] }>();
    expect(task.doneChecklistItemIds).toEqual([items[1]]);
  });
});

describe('idempotency rows of a batch segment', () => {
  async function batchRes(token: string, records: unknown[]) {
    return server.request({ method: 'POST', url: '/api/batch', token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
  }
  const record = (taskId: string, path: string, body: unknown) => {
    const key = randomUUID();
    return { id: key, queue: taskId, method: 'POST', path: `task/${taskId}/${path}`, body, idempotencyKey: key, recordedAt: server.clock.now().toISOString() };
  };

  it('are written in one statement for the whole segment, answers and refusals alike', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    await sql`CREATE TABLE diff_test_key_statements (n int)`.execute(server.db);
    await sql`CREATE FUNCTION diff_test_key_statement() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO diff_test_key_statements VALUES (1); RETURN NULL; END $$`.execute(server.db);
    await sql`CREATE TRIGGER diff_test_key_statement AFTER INSERT ON idempotency_keys FOR EACH STATEMENT EXECUTE FUNCTION diff_test_key_statement()`.execute(server.db);
    try {
      const records = [
        record(taskId, 'scanned-items', { items: [item('4006381333931', 1, 1)] }),
        record(taskId, 'done-checklist-items', { ids: ['no-such-item'] }),
        record(taskId, 'scanned-items', { items: [item('5901234123457', 2, 2)] }),
      ];
      const res = await batchRes(tasker.token, records);
      expect(res.json<{ results: { status: number }[] }>().results.map((r) => r.status)).toEqual([200, 400, 200]);
      const statements = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM diff_test_key_statements`.execute(server.db)).rows[0]?.n;
      expect(statements).toBe(1);
      const rows = await server.db.selectFrom('idempotency_keys').select(['key', 'status_code']).where('scope', '=', tasker.id).where('key', 'in', records.map((r) => r.idempotencyKey)).execute();
      expect(new Map(rows.map((r) => [r.key, r.status_code]))).toEqual(new Map(records.map((r, i) => [r.idempotencyKey, i === 1 ? 400 : 200])));
      // The same batch again replays every answer, the refusal included.
      const again = await batchRes(tasker.token, records);
      expect(again.json()).toEqual(res.json());
    } finally {
      await sql`DROP TRIGGER diff_test_key_statement ON idempotency_keys`.execute(server.db);
    }
  });

  it('a key stored meanwhile by another request fails the whole segment (nothing committed); the resend applies it once', async () => {
    const { taskId, tasker } = await taskInStatus(server);
    const a = item('4006381333931', 1, 1);
    const b = item('5901234123457', 2, 2);
    const first = record(taskId, 'scanned-items', { items: [a] });
    const second = record(taskId, 'scanned-items', { items: [a, b] });
    // Stands in for a concurrent request with the same key committing while this segment runs.
    await sql`CREATE FUNCTION diff_test_steal_key() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO idempotency_keys (scope, key, method, path, request_hash, status_code, response, created_at)
        VALUES (${sql.lit(tasker.id)}, ${sql.lit(second.idempotencyKey)}, 'POST', 'x', 'x', 200, 'null', now()) ON CONFLICT DO NOTHING;
        RETURN NEW; END $$`.execute(server.db);
    await sql`CREATE TRIGGER diff_test_steal_key AFTER INSERT ON scanned_items FOR EACH ROW EXECUTE FUNCTION diff_test_steal_key()`.execute(server.db);
    let failed;
    try {
      failed = await batchRes(tasker.token, [first, second]);
    } finally {
      await sql`DROP TRIGGER diff_test_steal_key ON scanned_items`.execute(server.db);
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('1');
    expect(failed.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(await listed(taskId, tasker.token)).toEqual([]);
    expect(await server.db.selectFrom('idempotency_keys').select('key').where('key', 'in', [first.idempotencyKey, second.idempotencyKey]).execute()).toEqual([]);
    const resent = await batchRes(tasker.token, [first, second]);
    expect(resent.json<{ results: { status: number }[] }>().results.map((r) => r.status)).toEqual([200, 200]);
    expect((await listed(taskId, tasker.token)).map((s) => s.id)).toEqual([a.id, b.id]);
  });

  it('defect sets and ticks in one segment: each answer is the state after its record, as when sent alone', async () => {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const regular = (await getJson(server, `/api/task/${taskId}/defects`, tasker.token))
      .json<{ data: Defect[] }>()
      .data.filter((d) => d.type === 'regular')
      .map((d) => d.id);
    const sets = [[regular[0]!], [regular[0]!, regular[1]!], [regular[1]!], [regular[1]!], []];
    const records = sets.map((defectIds) => record(taskId, 'defects', { defectIds }));
    const inBatch = (await batchRes(tasker.token, records)).json<{ results: { status: number; body: { data: Defect[] } }[] }>().results;
    // The same sets sent alone to a twin task give the same answers.
    const twin = await taskInStatus(server, { taskTypeId: 'defects', tasker });
    for (const [i, defectIds] of sets.entries()) {
      const alone = await postJson(server, `/api/task/${twin.taskId}/defects`, tasker.token, { defectIds });
      expect(inBatch[i]?.status).toBe(200);
      expect(inBatch[i]?.body).toEqual(alone.json());
    }
    expect((await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json()).toEqual(inBatch[sets.length - 1]?.body);
  });
});

describe('deferred writes in a batch segment (server/http/batch.ts)', () => {
  const batchRes = (token: string, records: unknown[]) =>
    server.request({ method: 'POST', url: '/api/batch', token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ records }) });
  /**
   * Three tick states, three scan lists (one item whose facings change) and three defect sets
   * (one flag flipped on, off, on) in one segment, then the completion: each answer is the state
   * after its record, and each kind is written once, at the segment's flush. With
   * BATCH_DEFERRED_WRITES=off the same batch writes every record (the counts tell them apart).
   */
  async function run(): Promise<{ statuses: number[]; bodies: unknown[]; writes: Record<string, number>; applicable: number }> {
    const { taskId, tasker } = await taskInStatus(server, { taskTypeId: 'defects' });
    const items = (await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token)).json<{ data: { id: string }[] }>().data.map((i) => i.id);
    const applicable = (await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data;
    const regular = applicable.filter((d) => d.type === 'regular').map((d) => d.id);
    const a = item('4006381333931', 1, 1);
    const record = (path: string, body: unknown) => {
      const key = randomUUID();
      return { id: key, queue: taskId, method: 'POST', path: `task/${taskId}/${path}`, body, idempotencyKey: key, recordedAt: server.clock.now().toISOString() };
    };
    await writes('tasks');
    const res = await batchRes(tasker.token, [
      record('done-checklist-items', { ids: [items[0]] }),
      record('scanned-items', { items: [a] }),
      record('defects', { defectIds: [regular[0]] }),
      record('done-checklist-items', { ids: items }),
      record('scanned-items', { items: [{ ...a, facings: 2 }] }),
      record('defects', { defectIds: [] }),
      record('scanned-items', { items: [{ ...a, facings: 3 }] }),
      record('defects', { defectIds: [regular[0]] }),
      record('done-checklist-items', { ids: items.slice(0, 2) }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{ results: { status: number; body: unknown }[] }>().results;
    const counted = (await sql<{ tbl: string; n: number }>`SELECT tbl, count(*)::int AS n FROM diff_test_writes GROUP BY tbl`.execute(server.db)).rows;
    await sql`DELETE FROM diff_test_writes`.execute(server.db);
    const final: unknown[] = [
      (await getJson(server, `/api/task/${taskId}`, tasker.token)).json<{ doneChecklistItemIds: string[] }>().doneChecklistItemIds,
      await listed(taskId, tasker.token),
      (await getJson(server, `/api/task/${taskId}/defects`, tasker.token)).json<{ data: Defect[] }>().data.filter((d) => d.checked).map((d) => d.id),
    ];
    // Answers are compared without the ids that differ from task to task.
    const bodies = results.map((r) => JSON.parse(JSON.stringify(r.body).replaceAll(taskId, 'T').replace(new RegExp(items.join('|') || '^$', 'g'), (m) => `item${items.indexOf(m)}`)) as unknown);
    expect(final[0]).toEqual(items.slice(0, 2));
    expect(final[1]).toEqual([{ id: a.id, ean: a.ean, facings: 3, timestamp: a.timestamp }]);
    expect(final[2]).toEqual([regular[0]]);
    return {
      statuses: results.map((r) => r.status),
      bodies: bodies.map((b) => (b && typeof b === 'object' && 'data' in b && Array.isArray(b.data) ? (b.data as { id?: string }[]).map((d) => ({ ...d, id: d.id === a.id ? 'a' : d.id })) : b)),
      writes: Object.fromEntries(counted.map((r) => [r.tbl, r.n])),
      applicable: applicable.length,
    };
  }

  it('answers each record from the state after it, and writes each kind once per segment', async () => {
    const deferred = await run();
    process.env.BATCH_DEFERRED_WRITES = 'off';
    const atOnce = await run();
    expect(deferred.statuses).toEqual(Array(9).fill(200));
    expect(deferred.bodies).toEqual(atOnce.bodies);
    // The task has no defect rows of its own yet: the first set materialises the applicable list.
    const n = deferred.applicable;
    expect(n).toBeGreaterThan(1);
    // At once: 3 tick updates, 3 scan rows (inserted, then facings 2, then 3), the list + 2 flips.
    expect(atOnce.writes).toEqual({ tasks: 3, scanned_items: 3, task_defects: n + 2 });
    // Deferred: one update of the task row, one scan row (facings 3), the list materialised once.
    expect(deferred.writes).toEqual({ tasks: 1, scanned_items: 1, task_defects: n });
  });
});
