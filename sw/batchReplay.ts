/**
 * The background-sync path and batches. The sync worker sends most outbox records in
 * one POST /api/batch; when that request fails for want of signal, `splitBatch` turns it into one
 * request per record (each with its own Idempotency-Key and recorded time), which the Workbox queue
 * keeps as before. `replayInBatches` replays the queue with POST /api/batch again (up to
 * REPLAY_BATCH_RECORDS per request, grouped by the Authorization they were sent with), falling back
 * to one request each when the server has no batch route (404/405). Any HTTP answer settles an
 * entry (the page's outbox holds the real copy and judges the answers); a network error puts the
 * unsent entries back, in order, and throws (the browser retries the sync event).
 */
import { IDEMPOTENCY_HEADER, RECORDED_AT_HEADER } from '#contracts/serviceWorker';

export const BATCH_API_PATH = '/api/batch';
export const REPLAY_BATCH_RECORDS = 100;

interface InnerRecord {
  id: string;
  queue?: string | null;
  method: string;
  path: string;
  body?: unknown;
  idempotencyKey: string;
  recordedAt?: string | null;
}

/** The minimal queue this needs (a Workbox `Queue`). */
export interface ReplayQueue {
  shiftRequest(): Promise<{ request: Request; timestamp?: number; metadata?: object } | undefined>;
  unshiftRequest(entry: { request: Request; timestamp?: number; metadata?: object }): Promise<void>;
}

export function isBatchRequest(request: Request, url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === BATCH_API_PATH && request.method === 'POST';
}

/** One request per record of a batch request (an unreadable batch gives none). */
export async function splitBatch(batch: Request): Promise<Request[]> {
  let parsed: unknown;
  try {
    parsed = await batch.json();
  } catch {
    return [];
  }
  const records = (parsed as { records?: unknown } | null)?.records;
  if (!Array.isArray(records)) return [];
  const base = new URL(batch.url);
  return (records as InnerRecord[])
    .filter((r) => r && typeof r.path === 'string' && typeof r.idempotencyKey === 'string' && typeof r.method === 'string')
    .map((r) => {
      const headers = new Headers({ Accept: 'application/json', [IDEMPOTENCY_HEADER]: r.idempotencyKey });
      if (r.recordedAt) headers.set(RECORDED_AT_HEADER, r.recordedAt);
      for (const name of ['Authorization', 'Accept-Language', 'Geolocation']) {
        const value = batch.headers.get(name);
        if (value) headers.set(name, value);
      }
      if (r.body !== undefined) headers.set('Content-Type', 'application/json');
      if (r.queue) headers.set('Shelfwork-Queue', r.queue);
      return new Request(new URL(`/api/${r.path.replace(/^\/+/, '')}`, base).href, {
        method: r.method,
        headers,
        ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
      });
    });
}

async function toRecord(request: Request): Promise<InnerRecord | null> {
  const url = new URL(request.url);
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (!key || !url.pathname.startsWith('/api/') || !['POST', 'PUT', 'DELETE'].includes(request.method)) return null;
  const type = request.headers.get('Content-Type') ?? '';
  let body: unknown;
  const text = await request.clone().text();
  if (text !== '') {
    if (!type.includes('application/json')) return null; // not JSON (a photo's bytes): alone
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
  return {
    id: key,
    queue: request.headers.get('Shelfwork-Queue'),
    method: request.method,
    path: `${url.pathname.slice('/api/'.length)}${url.search}`,
    ...(body !== undefined ? { body } : {}),
    idempotencyKey: key,
    recordedAt: request.headers.get(RECORDED_AT_HEADER),
  };
}

/** Replays the queue (see the file comment). `fetchImpl` is the service worker's fetch. */
export async function replayInBatches(queue: ReplayQueue, fetchImpl: (request: Request) => Promise<Response>, origin: string): Promise<void> {
  const entries: NonNullable<Awaited<ReturnType<ReplayQueue['shiftRequest']>>>[] = [];
  for (let e = await queue.shiftRequest(); e; e = await queue.shiftRequest()) entries.push(e);
  let batchSupported = true;
  let i = 0;
  try {
    while (i < entries.length) {
      const first = entries[i] as (typeof entries)[number];
      const auth = first.request.headers.get('Authorization');
      // The longest run of batchable entries with the same Authorization from here.
      const run: { entry: (typeof entries)[number]; record: InnerRecord }[] = [];
      for (let j = i; batchSupported && j < entries.length && run.length < REPLAY_BATCH_RECORDS; j++) {
        const entry = entries[j] as (typeof entries)[number];
        if (entry.request.headers.get('Authorization') !== auth) break;
        const record = await toRecord(entry.request);
        if (!record) break;
        run.push({ entry, record });
      }
      if (run.length >= 2) {
        const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
        if (auth) headers.set('Authorization', auth);
        const lang = first.request.headers.get('Accept-Language');
        if (lang) headers.set('Accept-Language', lang);
        const answer = await fetchImpl(new Request(new URL(BATCH_API_PATH, origin).href, { method: 'POST', headers, body: JSON.stringify({ records: run.map((r) => r.record) }) }));
        if (answer.status === 404 || answer.status === 405) {
          batchSupported = false; // an older server: this entry and the rest go alone
          continue;
        }
        i += run.length;
        continue;
      }
      await fetchImpl(first.request.clone());
      i += 1;
    }
  } catch (error) {
    // No signal: what was not answered goes back, in order, for the next sync event.
    for (let j = entries.length - 1; j >= i; j--) await queue.unshiftRequest(entries[j] as (typeof entries)[number]);
    throw error;
  }
}
