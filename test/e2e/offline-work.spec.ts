/**
 * Doing a whole task with no signal ("Tests — End to end in Chromium with a fake camera"
 * and "Fault injection"): the checklist, photos from Chromium's fake camera and from files, a
 * defect and the completion all go through the outbox; the page is closed and opened again offline,
 * and after the network returns the server holds everything exactly once — the photo files byte
 * for byte as the app stored them — and replaying the outbox changes nothing. A second scenario
 * starts the task offline at the store; a third makes the server fail once (500), cuts a photo
 * upload off, and refuses the completion (420).
 *
 * Each scenario works on a task of the seed's 'defects' type that staff creates for it and the
 * demo tasker reserves (and starts) through the API, so no other spec's task is used up. This file
 * needs the camera flags, so it overrides the worker-scoped `launchOptions` (a browser of its own).
 */
import { expect, test as base, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { DEFECT_NAMES, seedText } from '../../server/db/seed-i18n';
import type { Task } from '../../src/domain/types';
import { TaskActionsPage } from './pages/TaskActionsPage';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { getTask, listTasks, passwordToken } from './support/api';
import {
  arrangeDefectsTask,
  makeJpegs,
  readMirror,
  replayRecord,
  serverChecklist,
  serverDefects,
  serverPhotoHashes,
  serverPhotos,
} from './support/execution';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] }),
    { scope: 'worker' },
  ],
});

/** The checklist of the seed's 'defects' task type (server/seed), by title, in the LT market's language (a staff task's checklist is written in its market's language). */
const PLAIN = seedText('LT', 'Check in with the store manager');
const DEFECTS = seedText('LT', 'Report defects');
const CAMERA = seedText('LT', 'Photo of the shelf after');
/** 'Dirty shelf', as the LT demo tasker reads it (seeded defects are in the market's language). */
const DEFECT_NAME = DEFECT_NAMES['dirty-shelf']!.lt;
const DEFECT_ID = 'dirty-shelf';

/** A store of the LT market the demo tasker works in (the place of a task it may reserve). */
async function ltStore(request: APIRequestContext, token: string): Promise<string> {
  const [available] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(available, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();
  return (available as Task).place.id;
}

async function arrange(page: Page, request: APIRequestContext, start: boolean, title: string) {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const task = await arrangeDefectsTask(request, token, await ltStore(request, token), { start, title: `${title} ${Date.now().toString(36)}` });
  const items = await serverChecklist(request, token, task.id);
  expect(items.map((i) => [i.type, i.title]), "the 'defects' task type's checklist").toEqual([
    ['plain', PLAIN],
    ['defects', DEFECTS],
    ['camera', CAMERA],
  ]);
  await loginWithPassword(page, APPROVED_LT_TASKER);
  await waitForServiceWorkerControl(page);
  return { token, task, itemIds: items.map((i) => i.id) };
}

/** The sync worker has pulled the task pack (checklist, defects, photos…) into the mirror. */
async function waitForPack(page: Page, taskId: string): Promise<void> {
  await expect.poll(async () => (await readMirror(page, taskId)).packComplete, { message: 'the task pack is on the device', timeout: 30_000 }).toBe(true);
}

/** Nothing of the task is left to send. */
async function waitForEmptyOutbox(page: Page, taskId: string): Promise<void> {
  await expect
    .poll(async () => (await readMirror(page, taskId)).outbox.map((r) => `${r.kind}:${r.state}`), { message: 'the outbox of the task drained', timeout: 45_000 })
    .toEqual([]);
}

test.describe('offline work', () => {
  test('a tasker does a whole task offline, closes the app, and everything arrives exactly once', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const { token, task, itemIds } = await arrange(page, request, true, 'Defects: offline end to end');
    const [galleryA, galleryB] = makeJpegs(2, test.info().outputPath('gallery')) as [string, string];

    const work = new TaskWorkPage(page);
    await work.goto(task.id);
    await expect(work.checklistHeading).toBeVisible({ timeout: 20_000 });
    await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await work.tickBox(work.tick(PLAIN));

    await work.itemAction(CAMERA, 'Take photos').click();
    await work.takePhoto('Shelf after, from the camera');
    await work.addFromGallery(galleryA, 'Left side, from the gallery');
    await work.addFromGallery(galleryB, 'Right side, from the gallery');
    await screenshot(page, 'offline-work-1-photos');
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();

    await work.itemAction(DEFECTS, 'Log defects').click();
    await work.tickBox(work.defect(DEFECT_NAME));
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(work.tick(DEFECTS), "logging a defect ticked the defects item").toBeChecked();
    await expect(work.syncStatus('Waiting for signal')).toContainText('3 photos');
    await screenshot(page, 'offline-work-2-waiting-for-signal');

    await work.complete('Done offline: one dirty shelf.');
    await expect(page).not.toHaveURL(/confirm_complete/);

    // What the app will send: the photos' bytes and the outbox, read before the network returns.
    const stored = await readMirror(page, task.id);
    expect(stored.photos, 'three photos on the device, each with its JPEG').toHaveLength(3);
    for (const photo of stored.photos) expect(photo.sha256, `photo ${photo.id} keeps its JPEG`).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.outbox.map((r) => r.kind)).toEqual(expect.arrayContaining(['done-checklist-items', 'task-defects', 'photo-create', 'complete-task']));

    // The app is closed and opened again, still offline: everything is still there.
    await page.close();
    const reopened = await context.newPage();
    const again = new TaskWorkPage(reopened);
    await again.goto(task.id);
    await expect(reopened.getByRole('heading', { level: 1, name: task.title })).toBeVisible({ timeout: 20_000 });
    const waiting = again.syncStatus('Waiting for signal');
    await expect(waiting).toContainText('3 photos');
    await expect(waiting).toContainText('the completion');
    await screenshot(reopened, 'offline-work-3-reopened-offline');
    expect((await readMirror(reopened, task.id)).photos, 'the photos survived closing the app').toEqual(stored.photos);
    expect((await serverPhotos(request, token, task.id)).length, 'nothing reached the server while offline').toBe(0);

    await context.setOffline(false);
    await waitForEmptyOutbox(reopened, task.id);
    await expect(waiting).toBeHidden();
    await screenshot(reopened, 'offline-work-4-all-sent');

    const photos = await serverPhotos(request, token, task.id);
    expect(photos.map((p) => p.id).sort(), 'exactly the three photos of the device').toEqual(stored.photos.map((p) => p.id).sort());
    const hashes = await serverPhotoHashes(request, photos);
    for (const photo of stored.photos) expect(hashes[photo.id], `the server's file of photo ${photo.id} is the app's JPEG`).toBe(photo.sha256);
    expect(photos.map((p) => p.comment).sort()).toEqual(['Left side, from the gallery', 'Right side, from the gallery', 'Shelf after, from the camera']);
    expect((await serverDefects(request, token, task.id)).filter((d) => d.checked).map((d) => d.id)).toEqual([DEFECT_ID]);
    expect((await serverChecklist(request, token, task.id)).filter((i) => i.isDone).map((i) => i.id)).toEqual(itemIds);
    const finished = await getTask(request, token, task.id);
    expect(finished.status).toBe('awaiting_confirmation');

    // Replaying the same outbox: every record is answered from its stored response, nothing changes.
    for (const record of stored.outbox) {
      const replay = await replayRecord(request, token, record);
      expect(replay, `replay of ${record.kind}`).toEqual({ status: expect.any(Number), replayed: 'true' });
      expect(replay.status, `replay of ${record.kind}`).toBeLessThan(300);
    }
    const after = await serverPhotos(request, token, task.id);
    expect(after.map((p) => p.id).sort()).toEqual(photos.map((p) => p.id).sort());
    expect((await serverDefects(request, token, task.id)).filter((d) => d.checked).map((d) => d.id)).toEqual([DEFECT_ID]);
    const replayedTask = await getTask(request, token, task.id);
    expect(replayedTask.status).toBe('awaiting_confirmation');
    expect(replayedTask.endTime).toBe(finished.endTime);
  });

  test('a task started offline at the store ends the same way', async ({ page, context, request }) => {
    const { token, task, itemIds } = await arrange(page, request, false, 'Defects: started offline');
    await context.setGeolocation(task.place.coordinates);
    const work = new TaskWorkPage(page);
    await work.goto(task.id);
    await waitForPack(page, task.id);

    await context.setOffline(true);
    await work.goto(task.id);
    const actions = new TaskActionsPage(page);
    await actions.expectTitle(task.title);
    await actions.startFromReadyDialog();
    await expect(actions.statusPill('In progress')).toBeVisible();
    await expect(work.syncStatus('Waiting for signal')).toContainText('the start');
    await screenshot(page, 'offline-work-5-started-offline');

    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    await work.takePhoto('Shelf after, started offline');
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();
    await work.tickBox(work.tick(DEFECTS));
    await work.complete('Started and finished offline.');
    await expect(page).not.toHaveURL(/confirm_complete/);
    const stored = await readMirror(page, task.id);
    expect(stored.photos).toHaveLength(1);
    expect((await serverPhotos(request, token, task.id)).length, 'nothing reached the server while offline').toBe(0);

    await context.setOffline(false);
    await work.goto(task.id);
    await waitForEmptyOutbox(page, task.id);
    const finished = await getTask(request, token, task.id);
    expect(finished.status).toBe('awaiting_confirmation');
    expect(finished.startTime, 'the offline start was accepted').toBeTruthy();
    const photos = await serverPhotos(request, token, task.id);
    expect(photos.map((p) => p.id)).toEqual(stored.photos.map((p) => p.id));
    expect(Object.values(await serverPhotoHashes(request, photos))).toEqual(stored.photos.map((p) => p.sha256));
    expect((await serverChecklist(request, token, task.id)).filter((i) => i.isDone).map((i) => i.id)).toEqual(itemIds);
    expect((await serverDefects(request, token, task.id)).filter((d) => d.checked)).toEqual([]);
  });

  test('a server error and a cut upload are retried, and a refused completion is shown with the work kept', async ({ page, context, request }) => {
    const { token, task } = await arrange(page, request, true, 'Defects: faults');
    const [gallery] = makeJpegs(1, test.info().outputPath('gallery')) as [string];
    // The sync worker's requests go through the service worker: context routes see them, page routes do not.
    let photoPosts = 0;
    await context.route('**/api/task/*/photos', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      photoPosts += 1;
      if (photoPosts === 1) return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something went wrong' } } });
      return route.continue();
    });
    // The file upload is cut off once (a connection reset, as when the signal drops mid-PUT); it
    // is held until the test has read the JPEG the app is sending.
    let uploads = 0;
    let releaseFirstUpload = () => {};
    const firstUploadHeld = new Promise<void>((resolve) => (releaseFirstUpload = resolve));
    await context.route('**/api/uploads/*', async (route) => {
      uploads += 1;
      if (uploads > 1) return route.continue();
      await firstUploadHeld;
      return route.abort('connectionreset');
    });
    let completePosts = 0;
    const refuse = async (route: Route) => {
      completePosts += 1;
      await route.fulfill({ status: 420, json: { error: { code: 'TASK_NOT_IN_PROGRESS', message: 'This task is not in progress.' } } });
    };
    await context.route('**/api/task/*/complete', refuse);

    const work = new TaskWorkPage(page);
    await work.goto(task.id);
    await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });
    await work.tickBox(work.tick(PLAIN));
    await work.itemAction(CAMERA, 'Take photos').click();
    await work.addFromGallery(gallery, 'Sent after a server error');
    await expect.poll(() => uploads, { message: 'the upload started', timeout: 30_000 }).toBe(1);
    const [sending] = (await readMirror(page, task.id)).photos;
    const sent = sending?.sha256;
    expect(sent, 'the app holds the JPEG it is uploading').toMatch(/^[0-9a-f]{64}$/);
    releaseFirstUpload();
    await page.goBack();
    await expect(work.autoDone(CAMERA)).toBeVisible();
    await work.tickBox(work.tick(DEFECTS));

    // The 500 is retried: the photo arrives, once.
    await expect.poll(async () => (await serverPhotos(request, token, task.id)).filter((p) => p.url !== null).length, { timeout: 45_000 }).toBe(1);
    expect(photoPosts, 'the first photo request was answered 500 and sent again').toBeGreaterThanOrEqual(2);
    expect(uploads, 'the cut upload was sent again').toBeGreaterThanOrEqual(2);
    expect(Object.values(await serverPhotoHashes(request, await serverPhotos(request, token, task.id))), 'the file arrived whole').toEqual([sent]);

    await work.complete('Refused once.');
    await work.goto(task.id);
    await expect.poll(() => completePosts, { message: 'the completion was sent', timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const refused = page.getByRole('list', { name: 'Not accepted by the server' });
    await expect(refused).toContainText('This task is not in progress.', { timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'They are kept on this device.' })).toBeVisible();
    await screenshot(page, 'offline-work-6-completion-refused');
    const kept = await readMirror(page, task.id);
    expect(kept.outbox.filter((r) => r.state === 'rejected').map((r) => r.kind)).toEqual(['complete-task']);
    expect(kept.photos).toHaveLength(1);
    expect((await serverPhotos(request, token, task.id)).length).toBe(1);

    // The cause is gone: Retry sends the kept completion.
    await context.unroute('**/api/task/*/complete', refuse);
    await refused.getByRole('button', { name: 'Retry' }).click();
    await waitForEmptyOutbox(page, task.id);
    const finished = await getTask(request, token, task.id);
    expect(finished.status).toBe('awaiting_confirmation');
    expect(finished.taskerComment).toBe('Refused once.');
    expect((await serverPhotos(request, token, task.id)).length).toBe(1);
  });
});
