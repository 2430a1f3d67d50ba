/**
 * Where photo files (task photos and the taskers' documents) live: the `PhotoStorage` interface
 * (put / get / delete by key) and its filesystem implementation. The database keeps only the key, size and sha256 of each file, so
 * an S3-compatible store can implement the same three methods later (put = PutObject, get =
 * GetObject, delete = DeleteObject) without touching the routes.
 *
 * Keys are produced by the server only (`<taskId>/<photoId>-<sha256 prefix>.jpg` for task photos,
 * `user-documents/<userId>/<documentId>-<sha256 prefix>.jpg` for the taskers' documents; ids
 * already checked to be `[A-Za-z0-9_-]`), never taken from a client.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Bytes written by `stage`, not yet visible under any key. */
export interface StagedPhoto {
  /** Makes the staged bytes the object `key` (an existing key is replaced atomically). */
  commit(key: string): Promise<void>;
  /** Removes the staged bytes; a no-op after commit or a second discard. */
  discard(): Promise<void>;
}

export interface PhotoStorage {
  /** Stores the bytes exactly as given; an existing key is replaced atomically. */
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Writes a stream as it arrives (never whole in memory) to a staging place, for uploads whose
   * key (it contains the sha256) is known only at the end. When `source` fails, what was written
   * is removed and the error is rethrown. (S3: a multipart upload to a staging key; commit =
   * CopyObject + DeleteObject.)
   */
  stage(source: AsyncIterable<Buffer>): Promise<StagedPhoto>;
  /** The stored bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Throws unless the store answers (readiness, GET /api/health/ready). Without it, readiness
   * reads a key no file has (answered null by a store that works).
   */
  probe?(): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_.-]{1,128})*$/;

/**
 * Files under `root` (created on the first put). Writes go to a temp file, then rename: a reader
 * never sees half a file. Staged uploads live in `root/.staging` (no key can start with a dot)
 * until they are renamed to their key.
 */
export function createFsPhotoStorage(root: string): PhotoStorage {
  const base = resolve(root);
  const staging = join(base, '.staging');
  const pathOf = (key: string): string => {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async stage(source) {
      await mkdir(staging, { recursive: true });
      const tmp = join(staging, `${randomBytes(12).toString('hex')}.tmp`);
      try {
        await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      let done = false;
      return {
        async commit(key) {
          if (done) throw new Error('staged photo already committed or discarded');
          const path = pathOf(key);
          await mkdir(dirname(path), { recursive: true });
          await rename(tmp, path);
          done = true;
        },
        async discard() {
          if (done) return;
          done = true;
          await rm(tmp, { force: true });
        },
      };
    },
  };
}

/** The health probe's file: a few blocks, written and synced, so a full disk fails it. */
const PROBE_BYTES = 16 * 1024;

/**
 * Whether the filesystem storage under `root` takes a new file (GET /api/health): writes a small
 * file into its staging folder, syncs it to the disk and removes it. False on any failure (a full
 * disk, a read-only or missing mount) or after `timeoutMs` (a hung network mount).
 */
export async function checkPhotoDir(root: string, timeoutMs: number): Promise<boolean> {
  const probe = async (): Promise<boolean> => {
    const staging = join(resolve(root), '.staging');
    const path = join(staging, `health-${randomBytes(8).toString('hex')}.tmp`);
    try {
      await mkdir(staging, { recursive: true });
      const file = await open(path, 'wx');
      try {
        await file.writeFile(randomBytes(PROBE_BYTES));
        await file.sync();
      } finally {
        await file.close();
      }
      return true;
    } catch {
      return false;
    } finally {
      await rm(path, { force: true }).catch(() => undefined);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
  });
  return Promise.race([probe(), timeout]).finally(() => clearTimeout(timer));
}
