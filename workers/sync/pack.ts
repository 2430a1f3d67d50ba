/**
 * The task pack: everything a reserved or in-progress task needs to be performed with no
 * signal — checklist, products, the global and the task's defects, scanned items, photo metadata,
 * and the images (task-type photos, target product photos, place and retailer logos, product
 * images, the letter of authority) cached with the Cache API in a cache of their own
 * (PACK_CACHE_NAME), which the service worker reads but never trims; `maintainPackCache` deletes
 * what no kept task needs and reopens packs whose entries the browser evicted. Each part is
 * written in its own transaction and timestamped in `taskPacks`; a failed part (an image that
 * would not download) leaves the pack incomplete without undoing the others. Parts with unsent
 * outbox records keep their local state: the tasker's pending work always wins over a pull.
 */
import type { ApiResult } from './http';
import { compareOutboxRecords, UNSENT_STATES } from './queue';
import type { ChecklistItemRow, OutboxRecord, PhotoRow, ShelfworkDb, TaskPackPart, TaskPackRow } from '#db/schema';
import type { ErrorCode } from '#domain/errors';
import type { ChecklistItem, Defect, Photo, Product, ScannedItem, TaskStatus } from '#domain/types';
import { IMAGE_CACHE_NAME, PACK_CACHE_NAME } from '#contracts/serviceWorker';
import type { CommandResult } from '#contracts/sync';
import { pinnedParts } from './kinds';
import { photoIdOfPath } from './photos';
import { CHECKLIST_KIND, DEFECTS_KIND, PHOTO_CREATE_KIND, PHOTO_DELETE_KIND, type OutboxKindName } from '#db/outboxKinds';
import { listChecklistItems, listGlobalDefects, listPhotos, listProducts, listScannedItems, listTaskDefects } from '#contracts/api/execution';
import { taskTypePhotos } from '#contracts/api/tasks';
import { dataItems } from './answers';
import type { Session } from './session';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { letterUrlFor } from '#domain/letterWords';
import { LOCALE_KEY } from '#contracts/kv';

export const PACK_PARTS: readonly TaskPackPart[] = ['checklist', 'products', 'defects', 'taskDefects', 'scannedItems', 'photos', 'images'];

/** A complete pack is pulled again after this long (the sync timer looks every 15 s). */
export const PACK_REFRESH_MS = 10 * 60_000;

/**
 * Where pack images and documents are kept for offline use, keyed by absolute URL. `ensure`
 * answers false when one could not be stored; `keys` lists what is stored without downloading
 * anything (a store the browser emptied answers []); `delete` forgets one URL.
 */
export interface ImageCache {
  ensure(url: string): Promise<boolean>;
  keys(): Promise<string[]>;
  delete(url: string): Promise<void>;
}

/** What a pack may be stored from: a good answer, or an opaque one (no-cors, cross-origin). */
function isStorable(response: Response): boolean {
  return response.ok || response.type === 'opaque';
}

/**
 * The task-pack cache (PACK_CACHE_NAME): the service worker serves it before its own runtime image
 * cache and never trims it. Null where there is no Cache API (Node tests inject their own).
 *
 * Cross-origin URLs (a CDN letter of authority, task-type photos) are stored opaque (no-cors):
 * an <img> shows them offline through the service worker, but a cross-origin document cannot be
 * opened offline (the service worker does not see navigations to another origin, and an opaque
 * answer cannot serve a navigation) — such letters open only online. Letters on our own origin
 * (LETTERS_PATH_PREFIX, the demo's) open offline.
 */
export function browserImageCache(): ImageCache | null {
  const storage = (globalThis as { caches?: CacheStorage }).caches;
  if (!storage) return null;
  const origin = (globalThis as { location?: { origin: string } }).location?.origin;
  return {
    ensure: async (url) => {
      try {
        const cache = await storage.open(PACK_CACHE_NAME);
        if (await cache.match(url, { ignoreVary: true })) return true;
        // Shown in a list already: copy the runtime cache's answer instead of downloading again.
        const seen = await storage.match(url, { cacheName: IMAGE_CACHE_NAME, ignoreVary: true });
        if (seen && isStorable(seen) && !seen.redirected) {
          await cache.put(url, seen);
          return true;
        }
        const sameOrigin = new URL(url).origin === origin;
        // Cross-origin images (a CDN) come back opaque: unreadable but storable, and <img> can show them.
        let response = await fetch(url, { mode: sameOrigin ? 'same-origin' : 'no-cors', credentials: 'omit' });
        if (!isStorable(response)) return false;
        // A redirected answer cannot serve a navigation (a letter opened in a new tab): store its body.
        if (response.redirected && response.type !== 'opaque') {
          response = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
        }
        await cache.put(url, response);
        return true;
      } catch {
        return false;
      }
    },
    keys: async () => {
      if (!(await storage.has(PACK_CACHE_NAME))) return [];
      const cache = await storage.open(PACK_CACHE_NAME);
      return (await cache.keys()).map((request) => request.url);
    },
    delete: async (url) => {
      if (!(await storage.has(PACK_CACHE_NAME))) return;
      await (await storage.open(PACK_CACHE_NAME)).delete(url, { ignoreVary: true });
    },
  };
}

/**
 * URLs a pack pull is storing right now (pinned from before its first download until its row
 * names them), and a counter bumped on every pin and unpin: `maintainPackCache` never deletes a
 * pinned URL, and deletes nothing when a pull ran while it looked.
 */
interface CacheActivity {
  pinned: Map<string, number>;
  generation: number;
}

const activities = new WeakMap<ImageCache, CacheActivity>();

function activityOf(cache: ImageCache): CacheActivity {
  let activity = activities.get(cache);
  if (!activity) {
    activity = { pinned: new Map(), generation: 0 };
    activities.set(cache, activity);
  }
  return activity;
}

function pin(cache: ImageCache, urls: readonly string[]): void {
  const activity = activityOf(cache);
  activity.generation += 1;
  for (const url of urls) activity.pinned.set(url, (activity.pinned.get(url) ?? 0) + 1);
}

function unpin(cache: ImageCache, urls: readonly string[]): void {
  const activity = activityOf(cache);
  activity.generation += 1;
  for (const url of urls) {
    const count = (activity.pinned.get(url) ?? 0) - 1;
    if (count > 0) activity.pinned.set(url, count);
    else activity.pinned.delete(url);
  }
}

export interface PackContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  /** Absolute API root, to resolve absolute-path image URLs. */
  apiBase: () => Promise<string>;
  images: ImageCache | null;
}

/** The pack tables, as the account-level wipes (logout, another account) need them in their transaction. */
export function packTables(db: ShelfworkDb) {
  return [db.taskPacks, db.checklistItems, db.products, db.defects, db.taskDefects, db.scannedItems, db.photos];
}

/**
 * Forgets every pack (logout, account switch). Photos not uploaded yet are the tasker's work,
 * like their outbox records: they stay, and drain when their owner logs in again.
 */
export async function clearPacks(db: ShelfworkDb): Promise<void> {
  await Promise.all([
    db.taskPacks.clear(),
    db.checklistItems.clear(),
    db.products.clear(),
    db.defects.clear(),
    db.taskDefects.clear(),
    db.scannedItems.clear(),
    db.photos.where('uploadState').equals('uploaded').delete(),
  ]);
}

export function metaKeyForPack(taskId: string): string {
  return `pack:${taskId}`;
}

type Part<T> = { part: TaskPackPart; result: ApiResult<T> };

async function unsentOf(db: ShelfworkDb, taskId: string): Promise<OutboxRecord[]> {
  const states: readonly string[] = UNSENT_STATES;
  return (await db.outbox.where('taskId').equals(taskId).filter((r) => states.includes(r.state)).toArray()).sort(compareOutboxRecords);
}

/** A filter keeping one kind's records, typed as that kind's. */
function ofKind<K extends OutboxKindName>(kind: K): (r: OutboxRecord) => r is Extract<OutboxRecord, { kind: K }> {
  return (r): r is Extract<OutboxRecord, { kind: K }> => r.kind === kind;
}

/** Ids of photos with unsent records (their local row wins over the server's). */
function pinnedPhotoIds(unsent: readonly OutboxRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const r of unsent) {
    if (r.kind === PHOTO_CREATE_KIND) for (const p of r.payload.photos ?? []) ids.add(p.id);
    else if (r.kind === PHOTO_DELETE_KIND) for (const id of r.payload.photoIds ?? []) ids.add(id);
    else {
      const id = photoIdOfPath(r.path);
      if (id) ids.add(id);
    }
  }
  return ids;
}

/**
 * Pulls the whole pack of `taskId`. Answers ok when every part is done, otherwise the first
 * failure (the parts that succeeded are kept and timestamped).
 */
export async function pullTaskPack(ctx: PackContext, taskId: string): Promise<CommandResult> {
  const { db, session } = ctx;
  const now = ctx.now();
  const at = now.toISOString();
  const task = await db.tasks.get(taskId);
  if (!task) return { ok: false, error: { status: 404, code: 'TASK_NOT_FOUND', message: REFUSAL_WORDS.TASK_NOT_FOUND.message } };
  const params = { taskId };

  const [checklist, products, defects, taskDefects, scans, photos] = await Promise.all([
    session.call(listChecklistItems, { params }).then((result): Part<unknown> => ({ part: 'checklist', result })),
    session.call(listProducts, { params }).then((result): Part<unknown> => ({ part: 'products', result })),
    session.call(listGlobalDefects).then((result): Part<unknown> => ({ part: 'defects', result })),
    session.call(listTaskDefects, { params }).then((result): Part<unknown> => ({ part: 'taskDefects', result })),
    session.call(listScannedItems, { params }).then((result): Part<unknown> => ({ part: 'scannedItems', result })),
    session.call(listPhotos, { params }).then((result): Part<unknown> => ({ part: 'photos', result })),
  ]);

  const done = new Set<TaskPackPart>();
  const failed = new Map<TaskPackPart, ErrorCode>();
  const tables = [db.session, db.outbox, db.checklistItems, db.products, db.defects, db.taskDefects, db.scannedItems, db.photos];

  const write = async <T>(part: Part<unknown>, apply: (rows: T[], pinned: Set<TaskPackPart>, unsent: OutboxRecord[]) => Promise<void>) => {
    if (!part.result.ok) {
      failed.set(part.part, part.result.error.code);
      return;
    }
    const rows = dataItems(part.result.body) as T[] | null;
    if (!rows) {
      failed.set(part.part, 'UNKNOWN');
      return;
    }
    await db.transaction('rw', tables, async () => {
      if (!(await db.session.get('tokens'))) return;
      const unsent = await unsentOf(db, taskId);
      await apply(rows, pinnedParts(unsent), unsent);
      done.add(part.part);
    });
  };

  await write<ChecklistItem>(checklist, async (items, pinned, unsent) => {
    // Pending ticks win: the rows are the server's, their isDone is the last queued state.
    const queued = pinned.has('checklist') ? unsent.filter(ofKind(CHECKLIST_KIND)).at(-1) : undefined;
    const doneIds = queued ? new Set(queued.payload.ids) : null;
    const rows: ChecklistItemRow[] = items.map((item, position) => ({ ...item, taskId, position, isDone: doneIds ? doneIds.has(item.id) : item.isDone }));
    await db.checklistItems.where('taskId').equals(taskId).delete();
    await db.checklistItems.bulkPut(rows);
  });
  await write<Product>(products, async (items) => {
    await db.products.where('taskId').equals(taskId).delete();
    await db.products.bulkPut(items.map((p) => ({ ...p, taskId })));
  });
  await write<Defect>(defects, async (items) => {
    await db.defects.clear();
    await db.defects.bulkPut(items.map(({ id: defectId, name, type }) => ({ id: defectId, name, type })));
  });
  await write<Defect>(taskDefects, async (items, pinned, unsent) => {
    const queued = pinned.has('taskDefects') ? unsent.filter(ofKind(DEFECTS_KIND)).at(-1) : undefined;
    const checked = queued ? new Set(queued.payload.defectIds) : null;
    await db.taskDefects.where('taskId').equals(taskId).delete();
    await db.taskDefects.bulkPut(items.map((d) => ({ id: d.id, name: d.name, type: d.type, taskId, checked: checked ? checked.has(d.id) : !!d.checked })));
  });
  await write<ScannedItem>(scans, async (items, pinned) => {
    if (pinned.has('scannedItems')) return; // the queued list is the truth until it is delivered
    await db.scannedItems.where('taskId').equals(taskId).delete();
    await db.scannedItems.bulkPut(items.map((item) => ({ ...item, taskId })));
  });
  await write<Photo>(photos, async (items, _pinned, unsent) => {
    const keep = pinnedPhotoIds(unsent);
    const local = new Map((await db.photos.where('taskId').equals(taskId).toArray()).map((p) => [p.id, p]));
    const rows: PhotoRow[] = [];
    for (const photo of items) {
      const row = local.get(photo.id);
      local.delete(photo.id);
      // Never overwrite a photo that is not uploaded yet, nor one with queued changes.
      if (keep.has(photo.id) || (row && row.uploadState !== 'uploaded' && row.blob)) continue;
      rows.push({
        ...photo,
        taskId,
        blob: null,
        size: row?.size ?? 0,
        width: row?.width ?? 0,
        height: row?.height ?? 0,
        uploadState: photo.url ? 'uploaded' : 'metadata-sent',
        deleted: false,
      });
    }
    await db.photos.bulkPut(rows);
    // Uploaded here, gone from the server (deleted elsewhere): drop. Local-only photos stay.
    const gone = [...local.values()].filter((p) => p.uploadState === 'uploaded' && !keep.has(p.id)).map((p) => p.id);
    await db.photos.bulkDelete(gone);
  });

  // Images: every one must be stored for the part to count. Their URLs stay pinned (safe from
  // maintainPackCache) until the pack row names them.
  const images = await cacheImages(ctx, taskId);
  try {
    if (images.outcome === true) done.add('images');
    else failed.set('images', images.outcome);

    let complete = false;
    await db.transaction('rw', [db.session, db.taskPacks, db.meta], async () => {
      if (!(await db.session.get('tokens'))) return;
      const previous = await db.taskPacks.get(taskId);
      const parts: TaskPackRow['parts'] = { ...(previous?.parts ?? {}) };
      for (const part of done) parts[part] = at;
      // Missing images now: the old timestamp would claim they are there.
      if (failed.has('images')) parts.images = null;
      complete = PACK_PARTS.every((p) => !!parts[p]);
      const error = failed.size > 0 ? [...failed.values()][0]! : null;
      await db.taskPacks.put({ taskId, parts, complete, error, images: images.urls });
      await db.meta.put({ key: metaKeyForPack(taskId), syncedAt: complete ? at : (await db.meta.get(metaKeyForPack(taskId)))?.syncedAt ?? null, error, attemptedAt: at });
    });
  } finally {
    if (ctx.images) unpin(ctx.images, images.urls);
  }
  if (failed.size === 0) return { ok: true, value: undefined };
  const [part, code] = [...failed.entries()][0]!;
  return { ok: false, error: { status: 0, code, message: `Task pack part ${part} failed` } };
}

/**
 * Stores the pack's images and documents. Answers true or the failure code, and the absolute URLs
 * it tried (every one that was stored among them), pinned: the caller unpins them.
 */
async function cacheImages(ctx: PackContext, taskId: string): Promise<{ outcome: true | ErrorCode; urls: string[] }> {
  const { db } = ctx;
  const task = await db.tasks.get(taskId);
  if (!task) return { outcome: 'TASK_NOT_FOUND', urls: [] };
  const cache = ctx.images;
  if (!cache) return { outcome: 'NO_IMAGE_CACHE', urls: [] };
  const found = new Set<string>();
  const add = (url: string | null | undefined) => {
    if (url) found.add(url);
  };
  const typePhotos = await ctx.session.call(taskTypePhotos, { params: { taskTypeId: task.taskTypeId } });
  let failure: ErrorCode | null = typePhotos.ok ? null : typePhotos.error.code;
  if (typePhotos.ok) for (const p of (dataItems(typePhotos.body) ?? []) as ({ url?: string } | null)[]) add(p?.url);
  for (const url of task.targetProductPhotos ?? []) add(url);
  add(task.place?.logo);
  add(task.place?.retailer?.logo);
  add(task.image);
  add(task.letterOfAuthorityUrl);
  // The letter the tasker opens is the one in their language (the page tells the worker its locale).
  const locale = (await db.kv.get(LOCALE_KEY))?.value;
  if (typeof locale === 'string') add(letterUrlFor(task.letterOfAuthorityUrl, locale));
  for (const product of await db.products.where('taskId').equals(taskId).toArray()) add(product.image);

  const base = await ctx.apiBase();
  const urls: string[] = [];
  for (const url of found) {
    try {
      urls.push(new URL(url, base).href);
    } catch {
      failure ??= 'IMAGE_FAILED';
    }
  }
  const unique = [...new Set(urls)];
  pin(cache, unique);
  const results = await Promise.all(
    unique.map(async (url) => {
      try {
        return await cache.ensure(url);
      } catch {
        return false;
      }
    }),
  );
  if (results.includes(false)) failure ??= 'IMAGE_FAILED';
  return { outcome: failure ?? true, urls: unique };
}

/** Error of a pack whose stored images are no longer all in the pack cache (the browser evicted them). */
export const IMAGES_EVICTED: ErrorCode = 'IMAGES_EVICTED';

/**
 * Keeps the pack cache in step with the mirror; cheap (one listing of the cache, a few table
 * reads), so the engine runs it on every sync, before the due packs are pulled. `keptStatuses` are
 * the statuses whose packs are kept (reserved, in progress); a task that still has outbox records
 * to send keeps its pack too (a refused completion sends the tasker back to it).
 *
 * 1. A kept pack whose images part is done but whose URLs are not all stored any more (storage
 *    pressure emptied the cache, or it predates the pack cache) gets that part reopened — the
 *    pack is incomplete and due now, so the pull that follows downloads them again.
 * 2. Entries no kept pack names are deleted: a task cancelled, finished or gone frees its images,
 *    while a URL several tasks share (a retailer's logo) stays as long as one of them is kept.
 *    Nothing is deleted while a pack pull is storing (see `pin`). Pins are this engine's: another
 *    tab's engine could delete an entry under this one's pull — the pack then looks evicted on the
 *    next pass and is downloaded again.
 */
export async function maintainPackCache(ctx: PackContext, keptStatuses: readonly TaskStatus[]): Promise<{ reopened: string[]; deleted: string[] }> {
  const { db } = ctx;
  const cache = ctx.images;
  if (!cache) return { reopened: [], deleted: [] };
  const activity = activityOf(cache);
  const generation = activity.generation;
  // The rows first, then the listing: an entry is always stored before a row names it, so a row
  // read here only names URLs the listing can see, unless the URL is really gone.
  const packs = await db.taskPacks.toArray();
  const tasks = await db.tasks.bulkGet(packs.map((p) => p.taskId));
  const withRecords = new Set(
    (await db.outbox.where('state').anyOf([...UNSENT_STATES, 'rejected']).toArray()).map((r) => r.taskId).filter((id): id is string => !!id),
  );
  const stored = new Set(await cache.keys());

  const keep = new Set<string>();
  const broken: TaskPackRow[] = [];
  packs.forEach((pack, i) => {
    const task = tasks[i];
    if (!task || !(keptStatuses.includes(task.status) || withRecords.has(task.id))) return;
    for (const url of pack.images ?? []) keep.add(url);
    if (pack.parts.images && (!pack.images || pack.images.some((url) => !stored.has(url)))) broken.push(pack);
  });

  const reopened: string[] = [];
  // A pull that ran meanwhile wrote fresher rows; the next pass judges them.
  if (broken.length > 0 && activity.generation === generation) {
    await db.transaction('rw', [db.taskPacks, db.meta], async () => {
      for (const seen of broken) {
        const row = await db.taskPacks.get(seen.taskId);
        if (!row || row.parts.images !== seen.parts.images) continue;
        await db.taskPacks.put({ ...row, parts: { ...row.parts, images: null }, complete: false, error: IMAGES_EVICTED });
        const key = metaKeyForPack(row.taskId);
        const meta = await db.meta.get(key);
        // No retry pause: the pack is due on the next look.
        await db.meta.put({ key, syncedAt: meta?.syncedAt ?? null, error: IMAGES_EVICTED, attemptedAt: null });
        reopened.push(row.taskId);
      }
    });
  }

  const deleted: string[] = [];
  for (const url of stored) {
    if (keep.has(url) || activity.pinned.has(url)) continue;
    if (activity.generation !== generation) break;
    await cache.delete(url);
    deleted.push(url);
  }
  return { reopened, deleted };
}

/** Is the pack of a reserved / in-progress task due: never pulled, incomplete, or older than 10 min? */
export async function packDue(db: ShelfworkDb, taskId: string, now: Date, eager: boolean, retryPauseMs: number): Promise<boolean> {
  const pack = await db.taskPacks.get(taskId);
  const meta = await db.meta.get(metaKeyForPack(taskId));
  if (!pack || !meta) return true;
  const t = now.getTime();
  const oldest = Math.min(...PACK_PARTS.map((p) => (pack.parts[p] ? Date.parse(pack.parts[p]!) : -Infinity)));
  if (pack.complete && t - oldest < PACK_REFRESH_MS) return false;
  if (eager || !meta.attemptedAt) return true;
  return t - Date.parse(meta.attemptedAt) >= retryPauseMs;
}
