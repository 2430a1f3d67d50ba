/** The background-sync path with batches: a failed batch is kept as its records; the replay batches them again. */
import { describe, expect, it } from 'vitest';
import { replayInBatches, splitBatch, type ReplayQueue } from './batchReplay';

const ORIGIN = 'https://app.shelfwork.test';

function batchRequest(records: unknown[]): Request {
  return new Request(`${ORIGIN}/api/batch`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', 'Accept-Language': 'lt' },
    body: JSON.stringify({ records }),
  });
}

const records = [
  { id: 'k1', queue: 't1', method: 'POST', path: 'task/t1/done-checklist-items', body: { ids: ['a'] }, idempotencyKey: 'k1', recordedAt: '2026-11-21T08:00:00.000Z' },
  { id: 'k2', queue: 't1', method: 'POST', path: 'task/t1/done-checklist-items', body: { ids: ['b'] }, idempotencyKey: 'k2', recordedAt: '2026-11-21T08:01:00.000Z' },
  { id: 'k3', queue: null, method: 'POST', path: 'user/set-country', body: { country: 'LT' }, idempotencyKey: 'k3', recordedAt: '2026-11-21T08:02:00.000Z' },
];

function memoryQueue(entries: Request[]): ReplayQueue & { entries: { request: Request }[] } {
  const q = {
    entries: entries.map((request) => ({ request })),
    shiftRequest: async () => q.entries.shift(),
    unshiftRequest: async (e: { request: Request }) => {
      q.entries.unshift(e);
    },
  };
  return q;
}

describe('background sync with batches', () => {
  it('splits a failed batch into one request per record with its own key and recorded time', async () => {
    const split = await splitBatch(batchRequest(records));
    expect(split.map((r) => [r.method, new URL(r.url).pathname, r.headers.get('Idempotency-Key'), r.headers.get('Shelfwork-Recorded-At'), r.headers.get('Authorization')])).toEqual([
      ['POST', '/api/task/t1/done-checklist-items', 'k1', '2026-11-21T08:00:00.000Z', 'Bearer t'],
      ['POST', '/api/task/t1/done-checklist-items', 'k2', '2026-11-21T08:01:00.000Z', 'Bearer t'],
      ['POST', '/api/user/set-country', 'k3', '2026-11-21T08:02:00.000Z', 'Bearer t'],
    ]);
    expect(await split[1]?.json()).toEqual({ ids: ['b'] });
  });

  it('replays the queue as one batch, in order, with the same keys', async () => {
    const q = memoryQueue(await splitBatch(batchRequest(records)));
    const sent: Request[] = [];
    await replayInBatches(q, async (r) => {
      sent.push(r);
      return new Response(JSON.stringify({ results: [] }), { status: 200 });
    }, ORIGIN);
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(['/api/batch']);
    const body = (await sent[0]?.json()) as { records: { idempotencyKey: string; path: string; body: unknown; queue: string | null }[] };
    expect(body.records.map((r) => [r.idempotencyKey, r.path, r.queue])).toEqual([
      ['k1', 'task/t1/done-checklist-items', 't1'],
      ['k2', 'task/t1/done-checklist-items', 't1'],
      ['k3', 'user/set-country', null],
    ]);
    expect(q.entries).toHaveLength(0);
  });

  it('falls back to one request each on a server without the batch route, and keeps what a lost signal left', async () => {
    const q = memoryQueue(await splitBatch(batchRequest(records)));
    const sent: string[] = [];
    let n = 0;
    await expect(
      replayInBatches(q, async (r) => {
        sent.push(`${new URL(r.url).pathname} ${r.headers.get('Idempotency-Key') ?? ''}`);
        if (new URL(r.url).pathname === '/api/batch') return new Response('{}', { status: 404 });
        if (++n === 2) throw new TypeError('Failed to fetch');
        return new Response('{}', { status: 200 });
      }, ORIGIN),
    ).rejects.toThrow('Failed to fetch');
    expect(sent).toEqual(['/api/batch ', '/api/task/t1/done-checklist-items k1', '/api/task/t1/done-checklist-items k2']);
    expect(q.entries.map((e) => e.request.headers.get('Idempotency-Key'))).toEqual(['k2', 'k3']);
  });
});
