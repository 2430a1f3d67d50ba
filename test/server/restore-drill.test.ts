/**
 * The restore drill: back up a running installation, let a phone write more, restore the backup,
 * and see what the phone's outbox does against the restored server.
 *
 * - The real server runs as a child process (scripts/lib/server-process.ts): PGlite in a fresh
 *   DATA_DIR (backed up online over DATA_DIR/backup.sock, server/db/snapshot.ts), or, when
 *   DATABASE_URL is set (the `postgres` stage of `npm test`), a fresh database on that PostgreSQL
 *   (pg_dump / pg_restore). Photo files in DATA_DIR/photos either way. Backup and restore are
 *   scripts/lib/backup.ts, what `npm run backup` and `npm run restore` run.
 * - The real sync engine over fake-indexeddb (as test/server/restart-mid-drain.test.ts) logs in as
 *   lt@demo.shelfwork.app and works on one started task in three rounds of outbox records:
 *     A  photo 1, scan list [1]            delivered, then the BACKUP (the server keeps running)
 *     B  photo 2, tick item 1, scans [1,2] delivered after the backup (and a second task reserved)
 *     C  photo 3, scans [1,2,3], completion queued while the server is down for the restore
 *   then the server is stopped, the backup RESTORED, the server started again and the engine
 *   drains.
 *
 * What it shows (and so what the system does; docs/operations.md, "Backup and restore"):
 * - C is delivered exactly once: each of its keys answered fresh, once; nothing rejected.
 * - A's idempotency keys survived: A's records sent again after the restore are answered from
 *   the key store (`Idempotent-Replayed: true`) and change nothing.
 * - B is lost where nothing later carries it: the device removed B's records when the server
 *   confirmed them, and the restored database never saw them — photo 2 and the tick are gone
 *   from the server (photo 2's file is only in the photo folder the restore moved aside). What a
 *   later full-replacement record carries comes back: C's scan list [1,2,3] restores scan 2.
 * - The phone's task lists follow the restored server: a task reserved after the backup is
 *   available again, a task created after the restore appears. The lists' delta cursors stand for
 *   database snapshots the restore took back; before the restore gave the database a new data
 *   epoch (server/db/dataEpoch.ts, part of every cursor's fingerprint) the phone kept showing the
 *   reservation as its own until its hourly full resync.
 * - A restore refuses a backup with a migration this code does not know, and changes nothing.
 *
 * No timing thresholds: waits are bounded only so a broken build fails instead of hanging.
 */
import 'fake-indexeddb/auto';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { freePort, REPO_ROOT, startServer, type ServerProcess } from '../../scripts/lib/server-process';
import { readManifest, restoreBackup, takeBackup, type BackupManifest, type Installation } from '../../scripts/lib/backup';
import { MIGRATIONS } from '../../server/db/migrations';
import { createEmptyPostgresDatabase, seededPgliteTarball } from './helpers';
import type { FetchImpl } from '../../workers/sync/http';
import { compareOutboxRecords } from '../../workers/sync/queue';
import { batchDelivery } from '../../workers/sync/outbox';
import { ShelfworkDb, type OutboxRecord, type PhotoRow } from '#db/schema';
import { withCheckDigit } from '#domain/ean';
import type { Photo, ScannedItem, Task, TaskStatus } from '#domain/types';
import { SyncEngine } from '../../workers/sync/app';

const EMAIL = 'lt@demo.shelfwork.app';
const PASSWORD = 'demo1234';
const STAFF_TOKEN = 'restore-drill-staff-token';
const MINUTE = 60_000;

type Phase = 'A' | 'B' | 'C' | 'restored' | 'replay-A';

interface Seen {
  phase: Phase | 'setup';
  method: string;
  path: string;
  key: string | null;
  status: number | null;
  replayed: boolean;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Distinct real JPEGs: the committed EXIF-test fixture with a random COM segment after SOI. */
function makeJpeg(): Uint8Array<ArrayBuffer> {
  const base = readFileSync(join(REPO_ROOT, 'src/execution/photos/__fixtures__/base-32x24.jpg'));
  const comment = randomBytes(4000);
  const segment = Buffer.alloc(4 + comment.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  comment.copy(segment, 4);
  const file = Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
  return new Uint8Array(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)) as Uint8Array<ArrayBuffer>;
}

const ean13 = (n: number) => withCheckDigit(`200${String(n).padStart(9, '0')}`);

describe('backup and restore refusals', () => {
  it('a failed backup leaves no folder; a damaged backup restores nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'shelfwork-drill-refusals.'));
    try {
      const installation: Installation = { dataDir: join(root, 'data'), databaseUrl: null, photoDir: join(root, 'data', 'photos'), s3Bucket: null };
      // No server on this DATA_DIR: the online backup fails, and says how to back up offline.
      await expect(takeBackup({ installation, outDir: join(root, 'backups') })).rejects.toThrow(/no server answers.*--offline/);
      expect(readdirSync(join(root, 'backups'))).toEqual([]);
      // A backup folder whose database file does not match its manifest.
      const backupDir = join(root, 'backups', 'shelfwork-damaged');
      mkdirSync(backupDir, { recursive: true });
      writeFileSync(join(backupDir, 'database.pglite.tar.gz'), 'not the bytes the manifest names');
      const manifest: BackupManifest = {
        format: 'shelfwork-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: { kind: 'pglite', method: 'online-snapshot', file: 'database.pglite.tar.gz', bytes: 5, sha256: '0'.repeat(64), takenAt: new Date().toISOString(), migrations: ['0001_initial'] },
        photos: { kind: 'fs', dir: 'photos', files: 0, bytes: 0, entries: [], copiedAt: new Date().toISOString() },
      };
      writeFileSync(join(backupDir, 'manifest.json'), JSON.stringify(manifest));
      await expect(restoreBackup({ installation, backupDir })).rejects.toThrow(/damaged, nothing restored/);
      expect(existsSync(installation.dataDir)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the restore drill', () => {
  const adminUrl = process.env.DATABASE_URL?.trim() || null;
  let dataDir = '';
  let backupsDir = '';
  let port = 0;
  let pgDatabase: { url: string; drop: () => Promise<void> } | null = null;
  let server: ServerProcess | null = null;
  const batchWas = batchDelivery.enabled;

  const start = async (): Promise<ServerProcess> => {
    // RUN_JOBS=0: no expiry job racing the task under test.
    const started = startServer({ port, dataDir, databaseUrl: pgDatabase?.url ?? null, env: { RUN_JOBS: '0', STAFF_TOKEN } });
    server = started;
    await started.waitForHealth({ timeoutMs: 90_000, pollMs: 100 });
    return started;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shelfwork-drill.'));
    backupsDir = mkdtempSync(join(tmpdir(), 'shelfwork-drill-backups.'));
    port = await freePort();
    if (adminUrl) pgDatabase = await createEmptyPostgresDatabase(adminUrl);
    else {
      // The suite's cached migrated and seeded database instead of the server's own initdb and seed (tens of seconds).
      const pglite = new PGlite(join(dataDir, 'pglite'), { loadDataDir: await seededPgliteTarball() });
      await pglite.waitReady;
      await pglite.close();
    }
    await start();
  }, 120_000);

  afterAll(async () => {
    batchDelivery.enabled = batchWas;
    await server?.stop('SIGKILL');
    await pgDatabase?.drop();
    for (const dir of [dataDir, backupsDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('delivers what was queued after the backup exactly once, answers records from before the backup as replays, and loses what was delivered in between', { timeout: 240_000 }, async () => {
    const installation: Installation = { dataDir, databaseUrl: pgDatabase?.url ?? null, photoDir: join(dataDir, 'photos'), s3Bucket: null };
    const apiBase = server!.apiBase;
    const origin = server!.origin;
    // One request per record, so each record's key and answer are seen on their own.
    batchDelivery.enabled = false;
    let phase: Seen['phase'] = 'setup';
    let offline = false;
    const seen: Seen[] = [];
    const fetchImpl: FetchImpl = async (input, init) => {
      if (offline) throw new TypeError('Failed to fetch (offline)');
      const res = await fetch(input, init);
      seen.push({
        phase,
        method: init.method ?? 'GET',
        path: input.startsWith(apiBase) ? input.slice(apiBase.length) : input,
        key: new Headers(init.headers).get('idempotency-key'),
        status: res.status,
        replayed: res.headers.get('idempotent-replayed') === 'true',
      });
      return res;
    };
    const db = new ShelfworkDb(`drill-${crypto.randomUUID()}`);
    const engine = new SyncEngine({ db, apiBase, fetchImpl, locks: null, imageCache: null, warn: () => {} });
    const unsent = () => db.outbox.where('state').anyOf(['pending', 'sending']).count();
    const deliver = async () => {
      await db.outbox.toCollection().modify({ nextAttemptAt: null });
      await engine.syncNow('online');
      await engine.idle();
      for (let pass = 0; pass < 20 && (await unsent()) > 0; pass++) await engine.drain({ ignoreBackoff: true });
      const rejected = await db.outbox.where('state').equals('rejected').toArray();
      expect(rejected.map((r) => `${r.kind}: ${r.error?.code} ${r.error?.message}`)).toEqual([]);
      expect(await db.outbox.count(), 'the outbox is empty').toBe(0);
    };
    const ok = (what: string, result: { ok: boolean; error?: unknown }) => expect(result.ok, `${what}: ${JSON.stringify(result.error)}`).toBe(true);
    /** The outbox as queued (for a replay later), with the photo rows that still hold their JPEGs. */
    const queuedNow = async (taskId: string): Promise<{ records: OutboxRecord[]; photos: PhotoRow[] }> => {
      await engine.idle();
      return { records: (await db.outbox.toArray()).sort(compareOutboxRecords), photos: await db.photos.where('taskId').equals(taskId).filter((p) => p.blob !== null).toArray() };
    };
    const freshKeys = (p: Phase) => seen.filter((s) => s.phase === p && s.key !== null && !s.replayed).map((s) => s.key);

    try {
      // ---- setup: a started task of the 'defects' type at one of the tasker's stores ----------
      ok('login', await engine.loginWithPassword(EMAIL, PASSWORD));
      await engine.idle();
      const own = (await db.tasks.where('status').equals('in_progress' satisfies TaskStatus).toArray())[0];
      expect(own, `${EMAIL} has an in-progress task`).toBeDefined();
      const windowStart = Math.floor((Date.now() - 15 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
      /** A task of the 'defects' type at one of the tasker's stores, its window open now (staff create it). */
      const createTask = async (title: string): Promise<string> => {
        const created = await fetch(`${server!.apiBase}staff/tasks`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${STAFF_TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            placeId: own!.place.id,
            taskTypeId: 'defects',
            timeWindowStart: new Date(windowStart).toISOString(),
            timeWindowEnd: new Date(windowStart + 4 * 60 * MINUTE).toISOString(),
            expectedDuration: 30,
            reward: '9.50',
            title,
          }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        return ((await created.json()) as Task).id;
      };
      const taskId = await createTask('Restore drill');
      // Available in the backup, reserved by the tasker after it.
      const reservedAfterBackup = await createTask('Restore drill: reserved after the backup');
      ok('reserve', await engine.reserveTask(taskId));
      ok('start', await engine.startTask(taskId, own!.place.coordinates, new Date().toISOString()));
      await engine.idle();
      await engine.pullTaskPack(taskId);
      await deliver();
      const checklist = (await db.checklistItems.where('taskId').equals(taskId).sortBy('position')).map((i) => i.id);
      expect(checklist.length).toBeGreaterThanOrEqual(1);

      const token = (await db.session.get('tokens'))?.tokens.token ?? '';
      const get = async <T,>(path: string): Promise<T> => {
        const res = await fetch(`${server!.apiBase}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      const photos: { id: string; sha256: string }[] = [];
      const addPhoto = async () => {
        const id = crypto.randomUUID();
        const bytes = makeJpeg();
        photos.push({ id, sha256: sha256(bytes) });
        ok('photo', await engine.addPhoto(taskId, { id, blob: new Blob([bytes], { type: 'image/jpeg' }), width: 32, height: 24, comment: `photo ${photos.length}`, tags: ['after'] }));
      };
      const scans: ScannedItem[] = [];
      const addScan = async (n: number) => {
        scans.push({ id: crypto.randomUUID(), ean: ean13(n), facings: n, timestamp: new Date().toISOString() });
        ok('scan', await engine.saveScannedItems(taskId, [...scans]));
      };
      const photosBefore = (await get<{ data: Photo[] }>(`task/${taskId}/photos`)).data.map((p) => p.id);
      const serverState = async () => {
        const t = await get<Task>(`task/${taskId}`);
        const list = (await get<{ data: Photo[] }>(`task/${taskId}/photos`)).data.filter((p) => !photosBefore.includes(p.id));
        const files: Record<string, string> = {};
        for (const p of list) {
          const res = await fetch(new URL(p.url!, origin));
          expect(res.status, `photo ${p.id}'s file`).toBe(200);
          files[p.id] = sha256(new Uint8Array(await res.arrayBuffer()));
        }
        const scanned = (await get<{ data: ScannedItem[] }>(`task/${taskId}/scanned-items`)).data;
        return { status: t.status, done: [...t.doneChecklistItemIds].sort(), photos: files, scans: scanned.map((s) => s.facings).sort() };
      };
      const idsOf = (records: OutboxRecord[]) => records.map((r) => r.id).sort();

      // ---- A: delivered, then the backup (online: the server keeps answering) ----------------
      // Each round is queued with the network off, so the test holds its records before they go.
      phase = 'A';
      offline = true;
      await addPhoto();
      await addScan(1);
      const a = await queuedNow(taskId);
      expect(a.records).toHaveLength(2);
      offline = false;
      await deliver();
      expect(freshKeys('A').sort()).toEqual(idsOf(a.records));
      const { dir: backupDir, manifest } = await takeBackup({ installation, outDir: backupsDir });
      expect(manifest.database).toMatchObject({ kind: pgDatabase ? 'postgres' : 'pglite', method: pgDatabase ? 'pg_dump' : 'online-snapshot', migrations: Object.keys(MIGRATIONS) });
      expect(manifest.photos).toMatchObject({ kind: 'fs', files: 1 });
      expect(await serverState(), 'the server answers after the online backup').toEqual({ status: 'in_progress', done: [], photos: { [photos[0]!.id]: photos[0]!.sha256 }, scans: [1] });

      // ---- B: delivered after the backup ------------------------------------------------------
      phase = 'B';
      offline = true;
      await addPhoto();
      ok('tick', await engine.setChecklistDone(taskId, [checklist[0]!]));
      await addScan(2);
      const b = await queuedNow(taskId);
      expect(b.records).toHaveLength(3);
      offline = false;
      await deliver();
      expect(freshKeys('B').sort()).toEqual(idsOf(b.records));
      expect(await serverState()).toMatchObject({ done: [checklist[0]], scans: [1, 2] });
      ok('reserve after the backup', await engine.reserveTask(reservedAfterBackup));
      await engine.syncNow('online', true);
      await engine.idle();
      expect((await db.tasks.get(reservedAfterBackup))?.status).toBe('reserved');

      // ---- the restore: the server stops; the phone keeps working and queues C -----------------
      await server!.stop('SIGTERM');
      phase = 'C';
      offline = true;
      await addPhoto();
      await addScan(3);
      ok('complete', await engine.completeTask(taskId, { outcome: 'complete', taskerComment: 'restore drill' }));
      const c = await queuedNow(taskId);
      expect(c.records).toHaveLength(3);

      // A backup of a newer release (a migration this code lacks) is refused, and nothing is touched.
      const known = Object.keys(MIGRATIONS).slice(0, -1);
      const before = readdirSync(dataDir).sort();
      await expect(restoreBackup({ installation, backupDir, knownMigrations: known })).rejects.toThrow(/newer than this code.*Nothing restored/);
      expect(readdirSync(dataDir).sort()).toEqual(before);

      const restored = await restoreBackup({ installation, backupDir });
      expect(restored.migrations).toEqual(readManifest(backupDir).database.migrations);
      const photosAside = restored.keptAside.find((p) => p.startsWith(installation.photoDir));
      expect(photosAside, 'the photo folder as it was is kept').toBeDefined();
      await start();
      offline = false;

      // ---- after the restore: C drains -----------------------------------------------------
      phase = 'restored';
      await deliver();
      // C exactly once: each of its keys answered fresh, once, and no key answered as a replay.
      expect(freshKeys('restored').sort(), 'every record queued after the backup, sent once, new to the server').toEqual(idsOf(c.records));
      expect(seen.filter((s) => s.phase === 'restored' && s.key !== null && s.replayed)).toEqual([]);
      const after = await serverState();
      expect(after).toEqual({
        status: 'awaiting_confirmation',
        // B's tick is lost: the device sent it once, the restored database never saw it.
        done: [],
        // Photo 1 (A, in the backup) and photo 3 (C); photo 2 (B) is lost.
        photos: { [photos[0]!.id]: photos[0]!.sha256, [photos[2]!.id]: photos[2]!.sha256 },
        // C's scan list is a full replacement: it carries scan 2 (B) back.
        scans: [1, 2, 3],
      });
      // Photo 2's file was written after the backup: only in the folder the restore moved aside.
      const p2 = photos[1]!.id;
      const filesIn = (root: string) => (existsSync(join(root, taskId)) ? readdirSync(join(root, taskId)) : []);
      expect(filesIn(installation.photoDir).some((f) => f.startsWith(p2))).toBe(false);
      expect(filesIn(photosAside!).some((f) => f.startsWith(p2))).toBe(true);
      // What the phone shows after its next pull: the server's restored state, photo 2 included?
      await engine.syncNow('online');
      await engine.idle();
      await engine.pullTaskPack(taskId);
      await engine.idle();
      const phoneTask = await db.tasks.get(taskId);
      const phonePhotos = (await db.photos.where('taskId').equals(taskId).toArray()).map((p) => p.id);
      expect({ status: phoneTask?.status, done: phoneTask?.doneChecklistItemIds ?? [], hasPhoto2: phonePhotos.includes(p2) }).toEqual({ status: 'awaiting_confirmation', done: [], hasPhoto2: false });

      // The task lists: the reservation made after the backup is gone on the server, and a task
      // created after the restore is new; the phone's next list pulls (delta cursors taken before
      // the restore) must show both.
      const createdAfterRestore = await createTask('Restore drill: created after the restore');
      const onServer = await get<Task>(`task/${reservedAfterBackup}`);
      expect(onServer.status).toBe('available');
      await engine.syncNow('online', true);
      await engine.idle();
      expect({ reservedAfterBackup: (await db.tasks.get(reservedAfterBackup))?.status ?? 'absent', createdAfterRestore: (await db.tasks.get(createdAfterRestore))?.status ?? 'absent' }).toEqual({
        reservedAfterBackup: 'available',
        createdAfterRestore: 'available',
      });

      // ---- A again, after the restore: the keys survived, so a replay changes nothing ----------
      phase = 'replay-A';
      await db.outbox.bulkPut(a.records.map((r) => ({ ...r, state: 'pending' as const, attempts: 1, nextAttemptAt: null })));
      await db.photos.bulkPut(a.photos);
      await deliver();
      const replays = seen.filter((s) => s.phase === 'replay-A' && s.key !== null);
      expect(new Set(replays.map((s) => s.key))).toEqual(new Set(idsOf(a.records)));
      expect(replays.filter((s) => !s.replayed), 'every record from before the backup is answered from the key store').toEqual([]);
      expect(await serverState()).toEqual(after);
    } finally {
      db.close();
    }
  });
});
