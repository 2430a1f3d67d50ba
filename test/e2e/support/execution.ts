/**
 * Arranging and checking the work on a task from the end-to-end tests: a task of the
 * 'defects' type created by staff and reserved (and started) by the tasker through the API, the
 * server's photos, ticks and defects read back, small JPEG files made in JavaScript, and the app's
 * mirror (the 'shelfwork' IndexedDB) read from the page — the photos' bytes hashed in the browser
 * and the outbox as it will be sent.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ChecklistItem, Defect, Photo, Task } from '../../../src/domain/types';
import { COLOURS, drawImage, encodeJpeg, solidImage, testPattern } from '../../support/images';
import { getTask, reserveTask, staffCreateTask } from './api';

const MINUTE = 60_000;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A new task of the seed's 'defects' type (checklist: a plain tick, 'Report defects', a camera
 * item) at `placeId`, its window open now for four hours, reserved by the tasker — and started at
 * the store when `start` is set. Made fresh so no other spec's task is used up.
 */
export async function arrangeDefectsTask(
  request: APIRequestContext,
  token: string,
  placeId: string,
  { start, title }: { start: boolean; title: string },
): Promise<Task> {
  const now = Date.now();
  const windowStart = new Date(Math.floor((now - 15 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
  const created = await staffCreateTask(request, {
    placeId,
    taskTypeId: 'defects',
    timeWindowStart: windowStart,
    timeWindowEnd: new Date(windowStart.getTime() + 4 * 60 * MINUTE),
    expectedDuration: 30,
    reward: '9.50',
    title,
  });
  const reserved = await reserveTask(request, token, created.id);
  if (!start) return reserved;
  const response = await request.post(`/api/task/${encodeURIComponent(created.id)}/start`, {
    headers: auth(token),
    data: { ...reserved.place.coordinates, startedAt: new Date().toISOString() },
  });
  expect(response.ok(), `start ${created.id} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return getTask(request, token, created.id);
}

async function getData<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api/${path}`, { headers: auth(token) });
  expect(response.ok(), `GET /api/${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

export const serverChecklist = (request: APIRequestContext, token: string, taskId: string) =>
  getData<ChecklistItem[]>(request, token, `task/${encodeURIComponent(taskId)}/checklist-items`);

export const serverPhotos = (request: APIRequestContext, token: string, taskId: string) =>
  getData<Photo[]>(request, token, `task/${encodeURIComponent(taskId)}/photos`);

export const serverDefects = (request: APIRequestContext, token: string, taskId: string) =>
  getData<Defect[]>(request, token, `task/${encodeURIComponent(taskId)}/defects`);

/** sha256 (hex) of each uploaded photo's file as the server serves it, by photo id. */
export async function serverPhotoHashes(request: APIRequestContext, photos: readonly Photo[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const photo of photos) {
    expect(photo.url, `photo ${photo.id} has a file`).toBeTruthy();
    const response = await request.get(photo.url as string);
    expect(response.ok(), `GET ${photo.url} answered ${response.status()}`).toBe(true);
    hashes[photo.id] = createHash('sha256').update(await response.body()).digest('hex');
  }
  return hashes;
}

/**
 * `count` small, different JPEG files (480×360: a colour with a 160×120 test pattern showing the
 * file's number, test/support/images.ts) in `dir` — a test's output folder
 * (`test.info().outputPath()`), so Playwright clears them with its results.
 */
export function makeJpegs(count: number, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const colours = [COLOURS.tomato, COLOURS.steelblue, COLOURS.goldenrod, COLOURS.seagreen];
  return Array.from({ length: count }, (_, i) => {
    const path = join(dir, `gallery-${i + 1}.jpg`);
    const image = solidImage(480, 360, colours[i % colours.length]!);
    drawImage(image, testPattern(160, 120, i + 1), 40, 40);
    writeFileSync(path, encodeJpeg(image, 85));
    return path;
  });
}

export interface MirrorPhoto {
  id: string;
  uploadState: string;
  /** sha256 (hex) of the JPEG the app keeps for the upload; null once the blob is dropped. */
  sha256: string | null;
}

export interface MirrorRecord {
  id: string;
  kind: string;
  method: string;
  path: string;
  payload: unknown;
  state: string;
}

/** The task's photos and outbox records as the app's IndexedDB mirror holds them now. */
export async function readMirror(page: Page, taskId: string): Promise<{ photos: MirrorPhoto[]; outbox: MirrorRecord[]; packComplete: boolean }> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('shelfwork');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    type Row = { id: string; taskId: string | null; uploadState: string; blob: Blob | null; deleted?: boolean };
    type Record = { id: string; taskId: string | null; kind: string; method: string; path: string; payload: unknown; state: string };
    type Pack = { taskId: string; complete: boolean; error: string | null };
    const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
    const photos = [];
    for (const row of (await all<Row>('photos')).filter((p) => p.taskId === id && !p.deleted)) {
      const sha256 = row.blob ? hex(await crypto.subtle.digest('SHA-256', await row.blob.arrayBuffer())) : null;
      photos.push({ id: row.id, uploadState: row.uploadState, sha256 });
    }
    const outbox = (await all<Record>('outbox'))
      .filter((r) => r.taskId === id)
      .map(({ id: key, kind, method, path, payload, state }) => ({ id: key, kind, method, path, payload, state }));
    const pack = (await all<Pack>('taskPacks')).find((p) => p.taskId === id);
    db.close();
    return { photos, outbox, packComplete: Boolean(pack?.complete && !pack.error) };
  }, taskId);
}

/** Sends an outbox record to the server again, with its own Idempotency-Key, as a replay would. */
export async function replayRecord(request: APIRequestContext, token: string, record: MirrorRecord): Promise<{ status: number; replayed: string | undefined }> {
  const response = await request.fetch(`/api/${record.path}`, {
    method: record.method,
    headers: { ...auth(token), 'Idempotency-Key': record.id },
    data: record.payload ?? undefined,
  });
  return { status: response.status(), replayed: response.headers()['idempotent-replayed'] };
}
