/**
 * Direct writes (server/http/directWrites.ts): inside a batch segment the execution
 * writes run without a request of their own — no `app.inject` — and answer exactly what they
 * answer through their route: the same statuses and bodies for fresh records, refusals in the
 * batch's language, bad input, unknown tasks and photos, a key reused for another body, a bad
 * Shelfwork-Recorded-At, writes after the completion, and replays (a refusal replayed from its
 * key row worded in the batch's language too). BATCH_DIRECT=off is the old way.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { getJson, taskInStatus } from './execution-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  delete process.env.BATCH_DIRECT;
  vi.restoreAllMocks();
});

interface Result {
  id: string;
  status: number;
  body: unknown;
}

/** The same records, for a fresh task each time: answers with the task's own ids replaced by names. */
async function run(): Promise<{ first: unknown[]; again: unknown[]; injected: number }> {
  const { taskId, tasker } = await taskInStatus(server);
  const items = (await getJson(server, `/api/task/${taskId}/checklist-items`, tasker.token)).json<{ data: { id: string }[] }>().data.map((i) => i.id);
  expect(items.length).toBeGreaterThanOrEqual(2);
  const at = server.clock.now().toISOString();
  const scan = (id: string, ean: string) => ({ id, ean, facings: 2, timestamp: at });
  let n = 0;
  const record = (path: string, body: unknown, extra: Record<string, unknown> = {}) => {
    const key = `k${++n}-${randomUUID()}`;
    return { id: `r${n}`, queue: taskId, method: 'POST', path: `task/${taskId}/${path}`, body, idempotencyKey: key, recordedAt: at, ...extra };
  };
  const reused = record('done-checklist-items', { ids: [items[0]] });
  const records = [
    record('done-checklist-items', { ids: [items[0]] }),
    record('done-checklist-items', { ids: ['not-an-item'] }), // 400 UNKNOWN_ITEM
    record('scanned-items', { items: [scan('6f0a4c52-0c1e-4d43-9f43-1b1e8c4b0a01', '1234')] }), // 400: not an EAN
    record('defects', 'not an object'), // 400
    record('scanned-items', { items: [scan('6f0a4c52-0c1e-4d43-9f43-1b1e8c4b0a02', '4006381333931')] }),
    { ...record('scanned-items', { items: [] }), path: 'task/not-a-task/scanned-items' }, // 404 TASK_NOT_FOUND
    record('photos/0b9d1c3e-5e55-4f0e-8f39-7c0b7d1a2b3c/update', { comment: 'x' }), // 404 PHOTO_NOT_FOUND
    record('done-checklist-items', { ids: [items[1]] }, { recordedAt: 'yesterday' }), // 400 recordedAt
    reused,
    { ...reused, id: 'r-reused', body: { ids: [items[1]] } }, // 422 IDEMPOTENCY_KEY_REUSED
    record('complete', { taskerComment: 'done' }),
    record('done-checklist-items', { ids: items }), // 420 TASK_NOT_IN_PROGRESS
  ];
  const inject = vi.spyOn(server.app, 'inject');
  const send = async () => {
    const res = await server.request({
      method: 'POST',
      url: '/api/batch',
      token: tasker.token,
      headers: { 'content-type': 'application/json', 'accept-language': 'lt' },
      payload: JSON.stringify({ records }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = JSON.stringify(res.json<{ results: Result[] }>().results)
      .replaceAll(taskId, 'TASK')
      .replaceAll(tasker.id, 'TASKER')
      .replace(/k\d+-[0-9a-f-]{36}/g, 'KEY');
    return (JSON.parse(items.reduce((t, id, i) => t.replaceAll(id, `ITEM${i}`), text)) as Result[]).map((r) => ({ ...r }));
  };
  inject.mockClear();
  const first = await send();
  // The records the batch sent through their routes (the test's own request to /api/batch aside).
  const injected = inject.mock.calls.filter((c: unknown[]) => (c[0] as { url?: string } | undefined)?.url !== '/api/batch').length;
  inject.mockRestore();
  const again = await send(); // every key known now: replays
  return { first, again, injected };
}

describe('direct writes in a batch segment', () => {
  it('answer as their routes do (fresh, refused, bad input, replayed), without a request each', async () => {
    const direct = await run();
    process.env.BATCH_DIRECT = 'off';
    const routed = await run();
    expect(direct.injected).toBe(0);
    expect(routed.injected).toBe(12);
    expect(direct.first).toEqual(routed.first);
    expect(direct.again).toEqual(routed.again);
    const statuses = direct.first.map((r) => (r as Result).status);
    expect(statuses).toEqual([200, 400, 400, 400, 200, 404, 404, 400, 200, 422, 200, 420]);
    // Refusals in the batch's language (lt), as the error handler words them.
    const refusal = direct.first[11] as Result;
    expect(refusal.body).toEqual({ error: { code: 'TASK_NOT_IN_PROGRESS', message: expect.any(String) } });
    expect((refusal.body as { error: { message: string } }).error.message).not.toBe('This task is not in progress.');
    // Sent again, every record answers the same — a refusal replayed from its key row in the same words.
    expect(direct.again).toEqual(direct.first);
  });
});
