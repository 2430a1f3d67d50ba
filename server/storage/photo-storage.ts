/**
 * Where photo files live: the `PhotoStorage` interface (put / get / delete by key) and its
 * filesystem implementation. The database keeps only the key, size and sha256 of each file, so
 * an S3-compatible store can implement the same three methods later (put = PutObject, get =
 * GetObject, delete = DeleteObject) without touching the routes.
 *
 * Keys are produced by the server only (`<taskId>/<photoId>-<sha256 prefix>.jpg`, ids already
 * checked to be `[A-Za-z0-9_-]`), never taken from a client.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

export interface PhotoStorage {
  /** Stores the bytes exactly as given; an existing key is replaced atomically. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_RE = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_.-]{1,128})*$/;

/** Files under `root` (created on the first put). Writes go to a temp file, then rename: a reader never sees half a file. */
export function createFsPhotoStorage(root: string): PhotoStorage {
  const base = resolve(root);
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
  };
}
