/**
 * Faults in the middle of delivering offline work, in Chromium against the real server: this file
 * starts a server of its own (test/e2e/support/ownServer.ts) and the browser reaches it through a
 * loopback TCP proxy (test/e2e/support/faultProxy.ts) that can swallow answers and refuse
 * connections.
 *
 * - The server is SIGKILLed while the outbox drains — right after it answered a photo's metadata
 *   POST, whose answer is lost — and started again on the same data: the app delivers everything.
 * - Several answers in a row are lost after the server acted: the resends (same Idempotency-Key)
 *   are answered from the server's key store.
 * - IndexedDB refuses to store a photo (QuotaExceededError): the tasker reads the app's own words
 *   about full storage, nothing already queued is lost, and the photo saved once there is room is
 *   delivered.
 * - The server is down for 20 s with work queued (each connection reset): the requests the proxy
 *   saw are counted, each record's and pull's within what the backoff allows; then it all arrives.
 *
 * Each checks the server's side exactly (ids, counts, bytes, one file per photo on its disk) and
 * that the outbox is empty. Each works on a task of the seed's 'defects' type that staff creates
 * and the LT demo tasker reserves and starts through the API.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEFECT_NAMES, seedText } from '../../server/db/seed-i18n';
import type { Task } from '../../src/domain/types';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { getTask, listTasks, passwordToken } from './support/api';
import {
  arrangeDefectsTask,
  makeJpegs,
  readMirror,
  serverChecklist,
  serverDefects,
  serverPhotoHashes,
  serverPhotos,
  type MirrorPhoto,
} from './support/execution';
import { mutating, type ProxiedRequest } from './support/faultProxy';
import { ownStackTest } from './support/ownServer';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

const test = ownStackTest();

/** The checklist of the seed's 'defects' task type (server/seed), by title, in the LT market's language (a staff task's checklist is written in its market's language). */
const PLAIN = seedText('LT', 'Check in with the store manager');
const DEFECTS = seedText('LT', 'Report defects');
const CAMERA = seedText('LT', 'Photo of the shelf after');
const DEFECT_ID = 'dirty-shelf';
/** 'Dirty shelf', as the LT demo tasker reads it (seeded defects are in the market's language). */
const DEFECT_NAME = DEFECT_NAMES[DEFECT_ID]!.lt;

const isPhotoPost = (r: ProxiedRequest) => r.method === 'POST' && /^\/api\/task\/[^/]+\/photos$/.test(r.path);

async function arrange(page: Page, direct: APIRequestContext, title: string) {
  const token = await passwordToken(direct, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const [available] = await listTasks(direct, token, ['available'], { isReservable: 'true' });
  expect(available, 'the demo tasker can reserve a task of the seed').toBeTruthy();
  const task = await arrangeDefectsTask(direct, token, (available as Task).place.id, { start: true, title: `${title} ${Date.now().toString(36)}` });
  const itemIds = (await serverChecklist(direct, token, task.id)).map((i) => i.id);
  expect(itemIds).toHaveLength(3);
  await loginWithPassword(page, APPROVED_LT_TASKER);
  await waitForServiceWorkerControl(page);
  const work = new TaskWorkPage(page);
  await work.goto(task.id);
  await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });
  return { token, task, itemIds, work };
}

/**
 * Makes the page's dedicated workers (the sync worker stores the photos) throw a
 * QuotaExceededError — what IndexedDB raises when the disk or the origin's quota is full — on every
 * put/add into the 'photos' store while `fail` is set. The app's own path is then taken: the
 * worker's transaction fails and the command answers QUOTA_EXCEEDED (workers/sync/engine.ts).
 */
async function failPhotoWrites(page: Page, fail: boolean): Promise<void> {
  await expect.poll(() => page.workers().length, { message: 'the sync worker runs' }).toBeGreaterThan(0);
  for (const worker of page.workers()) {
    await worker.evaluate((on) => {
      const scope = globalThis as unknown as { photoWritesFail?: boolean; photoWritesWrapped?: boolean };
      scope.photoWritesFail = on;
      if (scope.photoWritesWrapped || typeof IDBObjectStore === 'undefined') return;
      scope.photoWritesWrapped = true;
      for (const method of ['put', 'add'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
          if (scope.photoWritesFail && this.name === 'photos') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        };
      }
    }, fail);
  }
}

/** Nothing of the task is left on the device to send. */
async function waitForEmptyOutbox(page: Page, taskId: string, timeout = 45_000): Promise<void> {
  await expect
    .poll(async () => (await readMirror(page, taskId)).outbox.map((r) => `${r.kind}:${r.state}`), { message: 'the outbox of the task drained', timeout })
    .toEqual([]);
}

/**
 * The server holds exactly the device's photos — the same ids, each file byte for byte the JPEG
 * the app stored, one file per photo on its disk — and the task's ticks.
 */
async function expectDeliveredOnce(direct: APIRequestContext, dataDir: string, token: string, taskId: string, photos: readonly MirrorPhoto[], doneIds: readonly string[]) {
  const onServer = await serverPhotos(direct, token, taskId);
  expect(onServer.map((p) => p.id).sort(), 'exactly the photos of the device, none twice').toEqual(photos.map((p) => p.id).sort());
  const hashes = await serverPhotoHashes(direct, onServer);
  expect(hashes, "each server file is the app's JPEG").toEqual(Object.fromEntries(photos.map((p) => [p.id, p.sha256])));
  const photoDir = join(dataDir, 'photos', taskId);
  const files = existsSync(photoDir) ? readdirSync(photoDir).sort() : [];
  expect(files, 'one file per photo on the server disk').toEqual(photos.map((p) => `${p.id}-${(p.sha256 as string).slice(0, 16)}.jpg`).sort());
  expect((await serverChecklist(direct, token, taskId)).filter((i) => i.isDone).map((i) => i.id).sort()).toEqual([...doneIds].sort());
}

test.describe('faults while the outbox drains', () => {
  test('the server is killed mid-drain and restarted on its data: everything arrives exactly once', async ({ page, context, direct, stack }) => {
    // A restart after SIGKILL recovers the database: a few seconds here, far more on a loaded host.
    test.setTimeout(120_000);
    const { token, task, itemIds, work } = await arrange(page, direct, 'Drain: server killed');
    const gallery = makeJpegs(3, test.info().outputPath('gallery'));

    await context.setOffline(true);
    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    for (const [i, file] of gallery.entries()) await work.addFromGallery(file, `Shelf ${i + 1}`);
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();
    await work.itemAction(DEFECTS, 'Log defects').click();
    await work.tickBox(work.defect(DEFECT_NAME));
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(work.tick(DEFECTS), "logging a defect ticked the defects item").toBeChecked();
    // Offline the work waits for the signal; nothing claims to be sending, whatever state a record
    // is in while the drain tries it.
    await expect(work.syncStatus('Waiting for signal')).toContainText('3 photos');
    await expect(work.syncStatus('Sending')).toHaveCount(0);
    await work.complete('Delivered through a server crash.');
    await expect(page).not.toHaveURL(/confirm_complete/);
    const stored = await readMirror(page, task.id);
    expect(stored.photos).toHaveLength(3);

    // Back online; the server dies the moment it answered the second photo's metadata POST.
    const mark = stack.proxy.requests.length;
    let photoPosts = 0;
    // While it is down, new connections wait (as behind a load balancer) instead of being refused:
    // the browser's retries then do not spin, and they reach the restarted server.
    const killed = stack.proxy.loseAnswers(1, (r) => isPhotoPost(r) && ++photoPosts === 2, async () => {
      stack.proxy.hold();
      await stack.server.kill();
    });
    await context.setOffline(false);
    const [lost] = await killed;
    expect(stack.server.running()).toBe(false);
    await stack.server.restart();
    stack.proxy.release();
    await waitForEmptyOutbox(page, task.id);

    // The photo POST whose answer died with the server was sent again under its key, and the
    // restarted server answered it from its key store.
    const resent = stack.proxy.since(mark).filter((r) => r.n > (lost as ProxiedRequest).n && r.key === (lost as ProxiedRequest).key && r.path === (lost as ProxiedRequest).path);
    expect(resent.some((r) => r.status === 200 && r.replayed), 'the lost photo POST replayed after the restart').toBe(true);
    await expectDeliveredOnce(direct, stack.server.dataDir, token, task.id, stored.photos, itemIds);
    expect((await serverDefects(direct, token, task.id)).filter((d) => d.checked).map((d) => d.id)).toEqual([DEFECT_ID]);
    const finished = await getTask(direct, token, task.id);
    expect(finished.status).toBe('awaiting_confirmation');
    expect(finished.taskerComment).toBe('Delivered through a server crash.');
  });

  test('answers lost after the server acted, several in a row: the resends are answered from the key store', async ({ page, context, direct, stack }) => {
    const { token, task, itemIds, work } = await arrange(page, direct, 'Drain: answers lost');
    const gallery = makeJpegs(2, test.info().outputPath('gallery'));

    await context.setOffline(true);
    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    for (const [i, file] of gallery.entries()) await work.addFromGallery(file, `Answer lost ${i + 1}`);
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();
    await work.tickBox(work.tick(DEFECTS));
    await expect(work.syncStatus('Waiting for signal')).toContainText('2 photos');
    await work.complete('Delivered through lost answers.');
    await expect(page).not.toHaveURL(/confirm_complete/);
    const stored = await readMirror(page, task.id);
    expect(stored.photos).toHaveLength(2);

    // The first four requests that change something reach the server; their answers never come back.
    const mark = stack.proxy.requests.length;
    const lostFour = stack.proxy.loseAnswers(4, mutating);
    await context.setOffline(false);
    const lost = await lostFour;
    await waitForEmptyOutbox(page, task.id);

    const sent = stack.proxy.since(mark).filter(mutating);
    for (const request of lost) {
      expect(request.status, `${request.method} ${request.path} was answered by the server`).toBeLessThan(300);
      // Sent again and answered 2xx; a record's resend under its key is the server's stored answer.
      const again = sent.filter((r) => r.n > request.n && r.method === request.method && r.path === request.path && r.key === request.key && !r.answerLost);
      expect(again.length, `${request.method} ${request.path} sent again`).toBeGreaterThanOrEqual(1);
      expect(again.some((r) => (r.status ?? 0) >= 200 && (r.status ?? 0) < 300)).toBe(true);
      if (request.key) expect(again.some((r) => r.replayed), `the resend of ${request.path} replayed the stored answer`).toBe(true);
    }
    expect(lost.some((r) => r.key !== null), 'at least one outbox record sent alone lost its answer').toBe(true);
    await expectDeliveredOnce(direct, stack.server.dataDir, token, task.id, stored.photos, itemIds);
    const finished = await getTask(direct, token, task.id);
    expect(finished.status).toBe('awaiting_confirmation');
    expect(finished.taskerComment).toBe('Delivered through lost answers.');
  });

  test('IndexedDB refuses to store a photo: the tasker is told in their language, queued work is kept, the photo is saved later and delivered', async ({ page, context, direct, stack }) => {
    const { token, task, work } = await arrange(page, direct, 'Drain: storage full');
    const [first, second] = makeJpegs(2, test.info().outputPath('gallery')) as [string, string];

    await context.setOffline(true);
    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    await work.addFromGallery(first, 'Saved before the storage filled up');
    const queued = await readMirror(page, task.id);
    expect(queued.photos).toHaveLength(1);
    expect(queued.outbox.map((r) => r.kind).sort()).toEqual(['done-checklist-items', 'photo-create']);

    // The tasker's own language: the camera screen opened in Lithuanian. Its sync worker (which
    // stores photos) then refuses every write to the photos table as a full disk does.
    await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}lng=lt`);
    await failPhotoWrites(page, true);
    await page.getByLabel('Įkelti iš galerijos').setInputFiles(second);
    const dialog = page.getByRole('dialog', { name: 'Nauja nuotrauka' });
    await dialog.getByLabel('Komentaras (neprivaloma)').fill('Saved once there was room');
    await dialog.getByRole('button', { name: 'Išsaugoti nuotrauką' }).click();
    await expect(page.getByText('Telefono atmintis pilna, todėl tai neišsaugota.', { exact: false })).toBeVisible();
    await expect(dialog, 'the photo stays in its dialog, to be saved again').toBeVisible();
    const refused = await readMirror(page, task.id);
    expect(refused.photos, 'nothing of the refused photo was stored, nothing queued was lost').toEqual(queued.photos);
    expect(refused.outbox.map((r) => r.id).sort()).toEqual(queued.outbox.map((r) => r.id).sort());

    // Room again: the same dialog saves it.
    await failPhotoWrites(page, false);
    await dialog.getByRole('button', { name: 'Išsaugoti nuotrauką' }).click();
    await expect(dialog).toBeHidden();
    const saved = await readMirror(page, task.id);
    expect(saved.photos).toHaveLength(2);

    await context.setOffline(false);
    await waitForEmptyOutbox(page, task.id);
    const onServer = await serverPhotos(direct, token, task.id);
    expect(onServer.map((p) => p.comment).sort()).toEqual(['Saved before the storage filled up', 'Saved once there was room']);
    await expectDeliveredOnce(direct, stack.server.dataDir, token, task.id, saved.photos, [(await serverChecklist(direct, token, task.id)).find((i) => i.title === PLAIN)!.id]);
  });

  test('the server is down for 10 s with work queued: the app asks only as often as its backoff allows, then delivers once', async ({ page, context, direct, stack }) => {
    // After 10 s down a record waits up to 8 s more for its next try (its backoff: 15 s ±20 %
    // after the first), then the restart's own time on a loaded host: generous.
    test.setTimeout(180_000);
    const { token, task, itemIds, work } = await arrange(page, direct, 'Drain: server down');
    const gallery = makeJpegs(2, test.info().outputPath('gallery'));

    await context.setOffline(true);
    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    for (const [i, file] of gallery.entries()) await work.addFromGallery(file, `Server down ${i + 1}`);
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();
    await work.tickBox(work.tick(DEFECTS));
    await expect(work.syncStatus('Waiting for signal')).toContainText('2 photos');
    const stored = await readMirror(page, task.id);

    // The server dies; the proxy still takes each connection, logs its request and resets it, as a
    // phone sees a server that is down. The signal comes back meanwhile ('online': one try at once).
    await stack.server.kill();
    const mark = stack.proxy.requests.length;
    await context.setOffline(false);
    await page.waitForTimeout(10_000);
    const sent = stack.proxy.since(mark);
    await stack.server.restart();

    // Each request (a record's key, a pull's URL) at most as often as the backoff allows: a
    // record's tries at 0, 1, 3, 7 and 15 s (jitter ±20 %), plus the service worker's own replay of
    // its copy; a failed pull again after 15 s at the soonest. Retrying everything at each of the
    // service worker's wake-ups would send some 70 requests in these 10 s (about 18 per photo
    // POST, 19 batches, 18 GET mission/my).
    const counts = new Map<string, number>();
    for (const r of sent) {
      const what = `${r.method} ${r.key ? `${r.path.split('?')[0]} ${r.key}` : r.path}`;
      counts.set(what, (counts.get(what) ?? 0) + 1);
    }
    test.info().annotations.push({ type: 'requests while down', description: `${sent.length}: ${JSON.stringify([...counts])}` });
    for (const [what, count] of counts) expect(count, what).toBeLessThanOrEqual(what.startsWith('GET ') ? 3 : 7);
    expect(sent.filter((r) => r.path === '/api/mission/my').length, 'GET mission/my').toBeLessThanOrEqual(2);
    expect(sent.length, 'all requests while the server was down').toBeLessThanOrEqual(30);

    await waitForEmptyOutbox(page, task.id, 120_000);
    await expectDeliveredOnce(direct, stack.server.dataDir, token, task.id, stored.photos, itemIds);
  });
});

