/**
 * Fault injection: the API server is killed (SIGKILL) in the middle of an outbox drain and
 * restarted on the same data ("the server restarted mid-drain").
 *
 * - The real server runs as a child process (scripts/lib/server-process.ts): PGlite in a fresh
 *   DATA_DIR, or, when DATABASE_URL is set (the `postgres` stage of `npm test`), a fresh database
 *   on that PostgreSQL, which then outlives the API process like a real deployment's would.
 * - The real sync engine runs in Node over fake-indexeddb (as scripts/bench-outbox.ts does), logs
 *   in as lt@demo.shelfwork.app, pulls, and queues a task's work offline as eleven separate
 *   records: ticks, scans, defects, three photos (real JPEG bytes) and the completion.
 * - Back online, the engine's fetch is wrapped: when the second photo's metadata POST comes back
 *   (so the server has committed it: runIdempotent answers only after its transaction), the test
 *   reads the whole answer, SIGKILLs the server, waits until the process is gone, and hands the
 *   engine a network error instead: committed, answer lost. Records 1-5 are delivered by then,
 *   6-11 are not.
 * - While the server is down a drain is tried (real connection refusals; the record waits with a
 *   backoff, nothing is rejected), then the server is started again on the same port and data and
 *   the engine drains to the end.
 * - Checks: the retry of the lost request (same Idempotency-Key) got the stored answer
 *   (`idempotent-replayed: true`, same body); the outbox is empty with nothing rejected; the server
 *   has exactly the device's photos (ids; bytes by sha256, over HTTP and on disk, one file each),
 *   ticks, defect set and scans, and the task is awaiting_confirmation; a replay of every record
 *   with the same keys is answered from the key store and changes nothing.
 *
 * No timing thresholds: the waits are bounded only so a broken build fails instead of hanging.
 */
import 'fake-indexeddb/auto';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startServer, type ServerExit, type ServerProcess } from '../../scripts/lib/server-process';
import { createEmptyPostgresDatabase } from './helpers';
import type { FetchImpl } from '../../workers/sync/http';
import { compareOutboxRecords } from '../../workers/sync/queue';
import { batchDelivery } from '../../workers/sync/outbox';
import { ShelfworkDb, type OutboxRecord } from '#db/schema';
import { withCheckDigit } from '#domain/ean';
import type { Defect, Photo, ScannedItem, Task, TaskStatus } from '#domain/types';
import { SyncEngine } from '../../workers/sync/app';
import type { PhotoCreatePayload } from '#db/outboxKinds';

const EMAIL = 'lt@demo.shelfwork.app';
const PASSWORD = 'demo1234';
const STAFF_TOKEN = 'restart-mid-drain-staff-token';
const MINUTE = 60_000;

type Phase = 'setup' | 'offline' | 'drain' | 'down' | 'restarted' | 'replay';

/** One request the engine made, as the wrapped fetch saw it. */
interface Seen {
  phase: Phase;
  method: string;
  path: string;
  key: string | null;
  /** The JSON body sent, if any. */
  sent: string | null;
  status: number | null;
  replayed: boolean;
  /** The network error (with its cause's code, e.g. ECONNREFUSED), when there was no answer. */
  error: string | null;
  /** The answer's body, kept for the request whose first answer was lost. */
  body?: unknown;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Distinct real JPEGs: the committed EXIF-test fixture with a ~64 KB COM (comment) segment after
 * SOI, so each upload has its own bytes and a realistic size.
 */
function makeJpegs(count: number): Uint8Array<ArrayBuffer>[] {
  const base = readFileSync(join(REPO_ROOT, 'src/execution/photos/__fixtures__/base-32x24.jpg'));
  return Array.from({ length: count }, () => {
    const comment = randomBytes(65_000);
    const segment = Buffer.alloc(4 + comment.length);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(comment.length + 2, 2);
    comment.copy(segment, 4);
    const file = Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
    return new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)) as Uint8Array<ArrayBuffer>;
  });
}

/** A valid EAN-13 for n (GS1 check digit). */
function ean13(n: number): string {
  return withCheckDigit(`200${String(n).padStart(9, '0')}`);
}


function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

describe('the server restarted mid-drain', () => {
  const adminUrl = process.env.DATABASE_URL?.trim() || null;
  let dataDir = '';
  let port = 0;
  let pgDatabase: { url: string; drop: () => Promise<void> } | null = null;
  let server: ServerProcess | null = null;
  const start = async (): Promise<ServerProcess> => {
    // RUN_JOBS=0: no expiry job racing the task under test.
    const started = startServer({ port, dataDir, databaseUrl: pgDatabase?.url ?? null, env: { RUN_JOBS: '0', STAFF_TOKEN } });
    server = started;
    await started.waitForHealth({ timeoutMs: 90_000, pollMs: 100 });
    return started;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shelfwork-restart-test.'));
    port = await freePort();
    if (adminUrl) pgDatabase = await createEmptyPostgresDatabase(adminUrl);
    await start();
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await pgDatabase?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers every record exactly once, and a request committed just before the kill is answered from the key store', { timeout: 180_000 }, async () => {
    let live = server!;
    const apiBase = live.apiBase;
    const origin = live.origin;

    // ---- the engine, with a fetch the test can cut -------------------------------------------
    let phase: Phase = 'setup';
    // One request per record is what this test reads (each record's key, the victim photo's own
    // POST); a batch cut mid-flight is tested in workers/sync/batch.test.ts.
    batchDelivery.enabled = false;
    const seen: Seen[] = [];
    /**
     * The photo whose metadata POST loses its answer (the server is killed right after answering).
     * Matched by the request, not by its key, so an engine that changed keys would still be cut.
     */
    let victimPhotoId: string | null = null;
    let armed = false;
    const isVictim = (s: Seen) => victimPhotoId !== null && s.method === 'POST' && s.path.endsWith('/photos') && (s.sent ?? '').includes(victimPhotoId);
    let lost: { seen: Seen; body: unknown; exit: ServerExit; pid: number } | null = null;
    const fetchImpl: FetchImpl = async (input, init) => {
      if (phase === 'offline') throw new TypeError('Failed to fetch (offline)');
      const entry: Seen = {
        phase,
        method: init.method ?? 'GET',
        path: input.startsWith(apiBase) ? input.slice(apiBase.length) : input,
        key: new Headers(init.headers).get('idempotency-key'),
        sent: typeof init.body === 'string' ? init.body : null,
        status: null,
        replayed: false,
        error: null,
      };
      seen.push(entry);
      let res: Response;
      try {
        res = await fetch(input, init);
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code;
        entry.error = `${String(err)}${cause ? ` (${cause})` : ''}`;
        throw err;
      }
      entry.status = res.status;
      entry.replayed = res.headers.get('idempotent-replayed') === 'true';
      if (lost !== null && isVictim(entry)) entry.body = await res.clone().json();
      if (armed && isVictim(entry)) {
        armed = false;
        // The whole answer exists (read it), i.e. the server has committed. Now the server dies
        // before the phone gets it: SIGKILL, and wait until the process is really gone.
        const body: unknown = JSON.parse(await res.text());
        const victim = live;
        const exit = await victim.stop('SIGKILL');
        lost = { seen: { ...entry }, body, exit, pid: victim.pid };
        entry.status = null;
        entry.error = 'answer lost: the server was killed (SIGKILL) after committing';
        throw new TypeError('fetch failed (the server died before the answer arrived)');
      }
      return res;
    };
    const warnings: string[] = [];
    const db = new ShelfworkDb(`restart-${crypto.randomUUID()}`);
    const engine = new SyncEngine({ db, apiBase, fetchImpl, locks: null, imageCache: null, warn: (m) => warnings.push(m) });
    const unsent = () => db.outbox.where('state').anyOf(['pending', 'sending']).count();
    const rejected = () => db.outbox.where('state').equals('rejected').toArray();
    /** Drains with the connection back (what `online` does), a bounded number of passes. */
    const drainToEnd = async () => {
      await engine.syncNow('online');
      await engine.idle();
      for (let pass = 0; pass < 20 && (await unsent()) > 0; pass++) await engine.drain({ ignoreBackoff: true });
    };

    try {
      const login = await engine.loginWithPassword(EMAIL, PASSWORD);
      expect(login, JSON.stringify(login)).toMatchObject({ ok: true });
      await engine.idle(); // the login's own sync: lists and task packs
      // The seed gives the demo tasker no in-progress task of the 'defects' type: staff make one
      // at a store of one of theirs (window open now), and the engine reserves and starts it there.
      const own = (await db.tasks.where('status').equals('in_progress' satisfies TaskStatus).toArray())[0];
      expect(own, `${EMAIL} has an in-progress task`).toBeDefined();
      const windowStart = Math.floor((Date.now() - 15 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
      const created = await fetch(`${apiBase}staff/tasks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${STAFF_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          placeId: own!.place.id,
          taskTypeId: 'defects',
          timeWindowStart: new Date(windowStart).toISOString(),
          timeWindowEnd: new Date(windowStart + 4 * 60 * MINUTE).toISOString(),
          expectedDuration: 30,
          reward: '9.50',
          title: 'Restart mid-drain',
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const taskId = ((await created.json()) as Task).id;
      const reserved = await engine.reserveTask(taskId);
      expect(reserved, JSON.stringify(reserved)).toMatchObject({ ok: true });
      const started = await engine.startTask(taskId, own!.place.coordinates, new Date().toISOString());
      expect(started, JSON.stringify(started)).toMatchObject({ ok: true });
      await engine.idle();
      await engine.pullTaskPack(taskId);
      await engine.idle();
      expect((await db.tasks.get(taskId))?.status).toBe('in_progress');
      expect(await db.outbox.count(), 'the start was delivered').toBe(0);
      const checklist = (await db.checklistItems.where('taskId').equals(taskId).sortBy('position')).map((i) => i.id);
      const regular = (await db.taskDefects.where('taskId').equals(taskId).toArray()).filter((d) => d.type === 'regular').map((d) => d.id);
      expect(checklist.length, 'checklist items of the task').toBeGreaterThanOrEqual(2);
      expect(regular.length, 'regular defects of the task').toBeGreaterThanOrEqual(2);

      const token = (await db.session.get('tokens'))?.tokens.token ?? '';
      const get = async <T>(path: string): Promise<T> => {
        const res = await fetch(`${apiBase}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      const photosBefore = (await get<{ data: Photo[] }>(`task/${taskId}/photos`)).data.map((p) => p.id);

      // ---- offline: eleven records --------------------------------------------------------
      phase = 'offline';
      // Each record is marked as tried once before the next command (a flaky signal), so the
      // full-replacement kinds do not coalesce into one record each (as in bench-outbox.ts).
      const markTried = async () => {
        const fresh = await db.outbox.where('state').equals('pending').filter((r) => r.attempts === 0).toArray();
        await Promise.all(fresh.map((r) => db.outbox.update(r.id, { attempts: 1 })));
      };
      const ok = (what: string, result: { ok: boolean; error?: unknown }) => expect(result.ok, `${what}: ${JSON.stringify(result.error)}`).toBe(true);
      const jpegs = makeJpegs(3);
      const photos: { id: string; sha256: string }[] = [];
      const scans: ScannedItem[] = [];
      const addScan = async (n: number) => {
        scans.push({ id: crypto.randomUUID(), ean: ean13(n), facings: n, timestamp: new Date().toISOString() });
        ok('scan', await engine.saveScannedItems(taskId, [...scans]));
      };
      const addPhoto = async () => {
        const id = crypto.randomUUID();
        const bytes = jpegs[photos.length]!;
        photos.push({ id, sha256: sha256(bytes) });
        ok('photo', await engine.addPhoto(taskId, { id, blob: new Blob([bytes], { type: 'image/jpeg' }), width: 32, height: 24, comment: `photo ${photos.length}`, tags: ['after'] }));
      };
      const ticksA = checklist.slice(0, 1);
      const ticksB = checklist.slice(1);
      const defectsA = regular.slice(0, 1);
      const defectsB = regular.slice(1, 3);
      const steps: (() => Promise<void>)[] = [
        async () => ok('ticks A', await engine.setChecklistDone(taskId, ticksA)),
        () => addScan(1),
        addPhoto,
        async () => ok('defects A', await engine.setTaskDefects(taskId, defectsA)),
        () => addScan(2),
        addPhoto, // record 6: the kill lands on its metadata POST
        async () => ok('ticks B', await engine.setChecklistDone(taskId, ticksB)),
        () => addScan(3),
        addPhoto,
        async () => ok('defects B', await engine.setTaskDefects(taskId, defectsB)),
        async () => ok('complete', await engine.completeTask(taskId, { outcome: 'complete', taskerComment: 'restart mid-drain' })),
      ];
      for (const step of steps) {
        await step();
        await markTried();
      }
      await engine.idle();
      await markTried();
      const queued = (await db.outbox.toArray()).sort(compareOutboxRecords);
      expect(queued.map((r) => r.kind)).toHaveLength(11);
      const snapshot = { outbox: queued, photos: await db.photos.where('taskId').equals(taskId).toArray() };
      const victim = queued.find((r) => (r.payload as PhotoCreatePayload | null)?.photos?.[0]?.id === photos[1]!.id) as OutboxRecord;
      expect(queued.indexOf(victim), 'the second photo is the 6th record').toBe(5);

      // ---- online: the drain, and the kill on record 6 ---------------------------------------
      phase = 'drain';
      victimPhotoId = photos[1]!.id;
      armed = true;
      await db.outbox.toCollection().modify({ nextAttemptAt: null });
      await engine.syncNow('online');
      await engine.idle();

      expect(lost, 'the kill happened').not.toBeNull();
      const cut = lost!;
      expect(cut.exit).toEqual({ code: null, signal: 'SIGKILL' });
      expect(isGone(cut.pid), `pid ${cut.pid} is gone`).toBe(true);
      await expect(fetch(`${apiBase}health`), 'nothing listens on the port').rejects.toThrow();
      // The request was committed: the server had answered 2xx to the metadata POST of photo 2.
      expect(cut.seen).toMatchObject({ method: 'POST', path: `task/${taskId}/photos`, replayed: false });
      expect(cut.seen.status).toBeGreaterThanOrEqual(200);
      expect(cut.seen.status).toBeLessThan(300);
      // Mid-drain: records 1-5 delivered, 6 waiting (attempted again), 7-11 never sent.
      const afterKill = (await db.outbox.toArray()).sort(compareOutboxRecords);
      expect(afterKill.map((r) => r.id)).toEqual(queued.slice(5).map((r) => r.id));
      expect(afterKill[0]).toMatchObject({ id: victim.id, state: 'pending', attempts: 2 });
      expect(afterKill.slice(1).every((r) => r.state === 'pending' && r.attempts === 1)).toBe(true);

      // ---- the server is down: the engine keeps the records and backs off ------------------
      phase = 'down';
      await engine.drain({ ignoreBackoff: true });
      const down = seen.filter((s) => s.phase === 'down');
      expect(down.length).toBeGreaterThan(0);
      expect(down.every((s) => s.status === null && /ECONNREFUSED|fetch failed/.test(s.error ?? '')), JSON.stringify(down)).toBe(true);
      const waiting = await db.outbox.get(victim.id);
      expect(waiting).toMatchObject({ state: 'pending', attempts: 3 });
      expect(Date.parse(waiting?.nextAttemptAt ?? ''), 'the record waits out a backoff').toBeGreaterThan(Date.now());
      expect(await rejected()).toEqual([]);

      // ---- restart on the same data and port, drain to the end ---------------------------------
      live = await start();
      expect(live.pid).not.toBe(cut.pid);
      phase = 'restarted';
      await drainToEnd();

      const stillRejected = await rejected();
      expect(stillRejected.map((r) => `${r.kind}: ${r.error?.code} ${r.error?.message}`)).toEqual([]);
      expect(await unsent()).toBe(0);
      expect(await db.outbox.count()).toBe(0);

      // The retry of the lost request, same key, after the restart: the stored answer, no new effect.
      const retries = seen.filter((s) => s.phase === 'restarted' && isVictim(s));
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(retries[0], 'the retry after the restart').toMatchObject({ key: victim.id, status: cut.seen.status, replayed: true });
      expect(retries[0]!.body, 'the stored answer is the one that was lost').toEqual(cut.body);
      // Every other record after the restart was new to the server.
      const fresh = seen.filter((s) => s.phase === 'restarted' && s.key !== null && !isVictim(s));
      expect(fresh.map((s) => s.key).sort()).toEqual(queued.slice(6).map((r) => r.id).sort());
      expect(fresh.every((s) => !s.replayed && s.status !== null && s.status < 300), JSON.stringify(fresh)).toBe(true);

      // ---- the server's state is exactly the device's ------------------------------------------
      const serverState = async () => {
        const t = await get<Task>(`task/${taskId}`);
        const photoList = (await get<{ data: Photo[] }>(`task/${taskId}/photos`)).data;
        const ours = photoList.filter((p) => photos.some((q) => q.id === p.id));
        const files: Record<string, string> = {};
        for (const p of ours) {
          expect(p.url, `photo ${p.id} has a file`).toBeTruthy();
          const res = await fetch(new URL(p.url!, origin));
          expect(res.status).toBe(200);
          files[p.id] = sha256(new Uint8Array(await res.arrayBuffer()));
        }
        const photoDir = join(dataDir, 'photos', taskId);
        return {
          task: { status: t.status, startTime: t.startTime, endTime: t.endTime, finalizationTime: t.finalizationTime, taskerComment: t.taskerComment, done: [...t.doneChecklistItemIds].sort() },
          photoIds: photoList.map((p) => p.id).sort(),
          comments: Object.fromEntries(ours.map((p) => [p.id, p.comment])),
          files,
          onDisk: existsSync(photoDir) ? readdirSync(photoDir).sort() : [],
          scans: (await get<{ data: ScannedItem[] }>(`task/${taskId}/scanned-items`)).data.map((s) => ({ id: s.id, ean: s.ean, facings: s.facings })),
          defects: (await get<{ data: Defect[] }>(`task/${taskId}/defects`)).data.filter((d) => d.checked).map((d) => d.id).sort(),
        };
      };
      const state = await serverState();
      expect(state.task.status).toBe('awaiting_confirmation');
      expect(state.task.taskerComment).toBe('restart mid-drain');
      expect(state.task.done).toEqual([...ticksB].sort());
      expect(state.defects).toEqual([...defectsB].sort());
      expect([...state.scans].sort((a, b) => a.facings - b.facings)).toEqual(scans.map((s) => ({ id: s.id, ean: s.ean, facings: s.facings })));
      expect(state.photoIds).toEqual([...photosBefore, ...photos.map((p) => p.id)].sort());
      expect(state.files).toEqual(Object.fromEntries(photos.map((p) => [p.id, p.sha256])));
      expect(state.comments).toEqual(Object.fromEntries(photos.map((p, i) => [p.id, `photo ${i + 1}`])));
      // One file per photo, named by its bytes' sha256 (a second, different upload would add one).
      for (const p of photos) {
        expect(state.onDisk.filter((f) => f.startsWith(p.id))).toEqual([`${p.id}-${p.sha256.slice(0, 16)}.jpg`]);
        expect(sha256(readFileSync(join(dataDir, 'photos', taskId, `${p.id}-${p.sha256.slice(0, 16)}.jpg`)))).toBe(p.sha256);
      }
      expect(await db.photos.where('taskId').equals(taskId).filter((p) => p.blob !== null).count(), 'local blobs dropped after the upload').toBe(0);

      // ---- a replay of every record with the same keys changes nothing -------------------------
      phase = 'replay';
      await db.outbox.bulkPut(snapshot.outbox.map((r) => ({ ...r, state: 'pending' as const, attempts: 1, nextAttemptAt: null })));
      await db.photos.bulkPut(snapshot.photos);
      for (let pass = 0; pass < 20 && (await unsent()) > 0; pass++) await engine.drain({ ignoreBackoff: true });
      expect((await rejected()).map((r) => `${r.kind}: ${r.error?.code}`)).toEqual([]);
      expect(await db.outbox.count()).toBe(0);
      const replayed = seen.filter((s) => s.phase === 'replay' && s.key !== null);
      expect(new Set(replayed.map((s) => s.key))).toEqual(new Set(queued.map((r) => r.id)));
      expect(replayed.filter((s) => !s.replayed), 'every keyed request of the replay was answered from the key store').toEqual([]);
      expect(await serverState()).toEqual(state);
      expect(warnings.filter((w) => /drain failed|background job failed/.test(w))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
