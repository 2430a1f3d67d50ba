/**
 * Stored task list answers (docs/decisions/0010-task-list-answers.md): a page of
 * `GET /api/task` that has not changed is sent as the bytes made the first time — JSON, and
 * brotli/gzip made once — instead of reading, mapping, serialising and compressing 50 tasks again.
 *
 * Never stale, across any number of API processes: every request still makes its one viewer
 * statement, which now also says whether anything of this viewer's list changed since the
 * answer's database snapshot (queries.ts loadViewerForList: the delta-sync change feed of
 * migration 0010 — tasks.change_xid and task_list_exits — plus the viewer's reserved tasks whose
 * window opened or closed). A write committed by any process before that statement starts is
 * seen. What else shapes the answer is in the key or compared:
 *
 * - the key: viewer id, the list's fingerprint (server/sync/taskDelta.ts listFingerprint:
 *   market, account status, approval — NDA content —, done trainings, reserved minutes and limit,
 *   the statuses, the schema version) and the normalised query (filters, order, `after`, page
 *   size, the position to the last digit — `place.distance`);
 * - the clock: an answer made at clock B is served at clock T only while none of the viewer's
 *   reserved tasks had its window open or close between B and T (isStartable; either order);
 * - reference data (task types, trainings, places, markets: texts per market language): an
 *   answer is served only while every reference-cache entry it was made from is within the
 *   cache's TTL (ReferenceCache.freshUntil), so it is never staler than a fresh build would be.
 *
 * Per process, bounded by bytes (least recently used out first). TASK_LIST_ANSWERS=off turns it
 * off (bench:api's old-vs-new runs).
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { TaskStatus } from '#domain/types';
import type { Viewer } from '../tasks/queries';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface StoredAnswer {
  /** Who it is for (the check runs with this viewer's visibility). */
  viewer: Viewer;
  statuses: TaskStatus[] | undefined;
  fingerprint: string;
  /** pg_current_snapshot() taken before the rows were read; moved forward by every check that found no change. */
  snapshot: string;
  /** Server clock (ms) the answer was made at (isStartable): served at another clock only while no reserved task's window opened or closed in between. */
  clockMs: number;
  /** Reference-cache clock (ms) after which the answer is not served (ReferenceCache.freshUntil). */
  freshUntil: number;
  json: Buffer;
  /** Weak validator of the JSON (the same for every encoding). */
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** Answers above this many bytes of JSON are not stored (a list page is ~110 KB). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Brotli quality 4 and gzip's default: what @fastify/compress uses for the same answers (server/http/security.ts). */
const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };

export function answersEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.TASK_LIST_ANSWERS ?? '').trim().toLowerCase() !== 'off';
}

export function weakEtag(json: Buffer): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

/** Does an If-None-Match header name this validator (weak comparison, `*`)? */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  const opaque = etag.replace(/^W\//, '');
  return text.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * The encoding to send for an Accept-Encoding header: br, else gzip, else identity (a `q=0`
 * refuses one). The same choice as @fastify/compress (encodings ['br', 'gzip']).
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (name === '') continue;
    let q = 1;
    for (const p of params) {
      const m = /^q=([0-9.]+)$/.exec(p);
      if (m) q = Number(m[1]);
    }
    accepted.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  const qOf = (name: string) => accepted.get(name) ?? (accepted.has('*') ? (accepted.get('*') as number) : 0);
  const br = qOf('br');
  const gzip = qOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** The answer's bytes in `encoding`, compressed on first use and kept. */
export function encodedBody(answer: StoredAnswer, encoding: Encoding): Buffer {
  if (encoding === 'identity') return answer.json;
  let bytes = answer.encoded[encoding];
  if (!bytes) {
    bytes = encoding === 'br' ? zlib.brotliCompressSync(answer.json, BROTLI_OPTIONS) : zlib.gzipSync(answer.json);
    answer.encoded[encoding] = bytes;
  }
  return bytes;
}

const sizeOf = (a: StoredAnswer) => a.json.length + (a.encoded.br?.length ?? 0) + (a.encoded.gzip?.length ?? 0);

/** The per-process store: key → answer, least recently used first, at most `maxBytes` (JSON + encodings). */
export class ListAnswers {
  private readonly answers = new Map<string, StoredAnswer>();
  /** Hits and misses since start (tests, and a hint in bench runs). */
  readonly stats = { hits: 0, misses: 0, notModified: 0 };

  constructor(
    readonly enabled: boolean = answersEnabled(),
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The stored answer for `key`, unchecked (the caller checks it against the database). */
  peek(key: string): StoredAnswer | undefined {
    return this.enabled ? this.answers.get(key) : undefined;
  }

  /** Marks `key` most recently used. */
  touch(key: string, answer: StoredAnswer): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
  }

  drop(key: string): void {
    this.answers.delete(key);
  }

  store(key: string, answer: StoredAnswer): void {
    if (!this.enabled || answer.json.length > MAX_ANSWER_BYTES) return;
    this.answers.delete(key);
    this.answers.set(key, answer);
    this.trim();
  }

  /** Keeps the total under maxBytes (encodings added after store count from the next store on). */
  private trim(): void {
    let total = 0;
    for (const a of this.answers.values()) total += sizeOf(a);
    for (const [key, a] of this.answers) {
      if (total <= this.maxBytes) break;
      total -= sizeOf(a);
      this.answers.delete(key);
    }
  }

  get size(): number {
    return this.answers.size;
  }
}

const stores = new WeakMap<object, ListAnswers>();

/** One store per database handle (each test database gets its own, like the reference cache). */
export function listAnswers(db: object): ListAnswers {
  let store = stores.get(db);
  if (!store) {
    store = new ListAnswers();
    stores.set(db, store);
  }
  return store;
}
