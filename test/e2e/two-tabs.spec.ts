/**
 * One in-progress task open in two tabs of the same browser (one IndexedDB mirror, one sync
 * worker per tab), as a tasker who opened the task twice would have it ("A tick lost
 * between two tabs"). A change made in one tab must show in the other, and the other tab's next
 * change must not send back the state it saw before: each tab sends its intent (this item done,
 * that defect unchecked, this SKU added) and the sync worker applies it to the mirror's current
 * value. Checked online and offline, for checklist ticks, defects and scanned SKUs; the server's
 * lists are read back through the API.
 *
 * Each scenario works on a fresh task of the seed's 'defects' type (checklist: a plain tick,
 * 'Report defects', a camera item) that staff creates and the demo tasker reserves and starts.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEFECT_NAMES, seedText } from '../../server/db/seed-i18n';
import type { ScannedItem, Task } from '../../src/domain/types';
import { SkuPage } from './pages/SkuPage';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { listTasks, passwordToken } from './support/api';
import { arrangeDefectsTask, readMirror, serverChecklist, serverDefects } from './support/execution';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

const PLAIN = seedText('LT', 'Check in with the store manager');
const DEFECTS = seedText('LT', 'Report defects');
const CAMERA = seedText('LT', 'Photo of the shelf after');
// Seeded defects read in the tasker's market language (LT), whatever the app's language.
const DIRTY = { id: 'dirty-shelf', name: DEFECT_NAMES['dirty-shelf']!.lt };
const EXPIRED = { id: 'expired-product', name: DEFECT_NAMES['expired-product']!.lt };
const EAN_A = '4006381333931';
const EAN_B = '5901234123457';

async function arrange(page: Page, context: BrowserContext, request: APIRequestContext, title: string) {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const [available] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(available, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();
  const task = await arrangeDefectsTask(request, token, (available as Task).place.id, { start: true, title: `${title} ${Date.now().toString(36)}` });
  const items = await serverChecklist(request, token, task.id);
  const idOf = (t: string) => items.find((i) => i.title === t)?.id as string;
  expect([PLAIN, DEFECTS, CAMERA].map(idOf).every(Boolean), "the 'defects' task type's checklist").toBe(true);
  await loginWithPassword(page, APPROVED_LT_TASKER);
  await waitForServiceWorkerControl(page);
  // The second tab: same origin, same IndexedDB, its own sync worker.
  const other = await context.newPage();
  return { token, task, other, idOf };
}

/** Opens the task in a tab and waits until its pack (checklist, defects, scans) is on the device. */
async function openTask(page: Page, taskId: string): Promise<TaskWorkPage> {
  const work = new TaskWorkPage(page);
  await work.goto(taskId);
  await expect(work.checklistHeading).toBeVisible({ timeout: 20_000 });
  await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });
  return work;
}

/** Unticks a checkbox whose state the mirror drives (TaskWorkPage.tickBox's counterpart). */
async function untickBox(box: ReturnType<TaskWorkPage['tick']>): Promise<void> {
  await expect(box).toBeChecked();
  await box.click();
  await expect(box).not.toBeChecked();
}

async function waitForEmptyOutbox(page: Page, taskId: string): Promise<void> {
  await expect
    .poll(async () => (await readMirror(page, taskId)).outbox.map((r) => `${r.kind}:${r.state}`), { message: 'the outbox of the task drained', timeout: 45_000 })
    .toEqual([]);
}

async function serverDone(request: APIRequestContext, token: string, taskId: string): Promise<string[]> {
  return (await serverChecklist(request, token, taskId)).filter((i) => i.isDone).map((i) => i.id).sort();
}

async function serverChecked(request: APIRequestContext, token: string, taskId: string): Promise<string[]> {
  return (await serverDefects(request, token, taskId)).filter((d) => d.checked).map((d) => d.id).sort();
}

async function serverScans(request: APIRequestContext, token: string, taskId: string): Promise<ScannedItem[]> {
  const response = await request.get(`/api/task/${encodeURIComponent(taskId)}/scanned-items`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET scanned-items answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: ScannedItem[] }).data;
}

/**
 * The by-hand scenario of the issue, then the same with defects: tab 1 ticks, tab 2 unticks, tab 1
 * (shown the current state) ticks something else. `offline` cuts the network for both tabs before
 * the first tick and restores it at the end.
 */
async function ticksAndDefects(page: Page, context: BrowserContext, request: APIRequestContext, offline: boolean) {
  const { token, task, other, idOf } = await arrange(page, context, request, `Defects: two tabs ${offline ? 'offline' : 'online'}`);
  const one = await openTask(page, task.id);
  const two = await openTask(other, task.id);
  if (offline) await context.setOffline(true);

  await page.bringToFront();
  await one.tickBox(one.tick(PLAIN));
  await other.bringToFront();
  await untickBox(two.tick(PLAIN));
  await page.bringToFront();
  // Soft: a stale tab is a failure, and so is what its next tick does to the server (read below).
  await expect.soft(one.tick(PLAIN), "tab 1 shows tab 2's untick").not.toBeChecked();
  await one.tickBox(one.tick(DEFECTS));
  await expect.soft(one.tick(PLAIN), 'ticking another item keeps the untick').not.toBeChecked();
  await other.bringToFront();
  await expect(two.tick(PLAIN)).not.toBeChecked();
  await expect(two.tick(DEFECTS)).toBeChecked();

  // Defects: the same dance on the defects screen of both tabs.
  await page.bringToFront();
  await one.itemAction(DEFECTS, 'Log defects').click();
  await other.bringToFront();
  await two.itemAction(DEFECTS, 'Log defects').click();
  await page.bringToFront();
  await one.tickBox(one.defect(DIRTY.name));
  await other.bringToFront();
  await untickBox(two.defect(DIRTY.name));
  await page.bringToFront();
  await expect.soft(one.defect(DIRTY.name), "tab 1 shows tab 2's untick").not.toBeChecked();
  await one.tickBox(one.defect(EXPIRED.name));
  await expect.soft(one.defect(DIRTY.name)).not.toBeChecked();

  if (offline) {
    const queued = await readMirror(page, task.id);
    // Earlier records may have been tried (and failed) already and wait behind; none says V is done after tab 2 unticked it.
    const ticks = queued.outbox.filter((r) => r.kind === 'done-checklist-items').map((r) => r.payload);
    expect.soft(ticks, 'the queued ticks end with what both tabs did').toContainEqual({ ids: [idOf(DEFECTS)] });
    expect.soft(ticks, "no record sends tab 1's stale tick back").not.toContainEqual({ ids: [idOf(PLAIN), idOf(DEFECTS)] });
    await context.setOffline(false);
  }
  await waitForEmptyOutbox(page, task.id);
  expect.soft(await serverDone(request, token, task.id), "the server's ticks: tab 2's untick kept").toEqual([idOf(DEFECTS)]);
  expect(await serverChecked(request, token, task.id), "the server's defects: tab 2's untick kept").toEqual([EXPIRED.id]);
  // Both tabs show the server's state.
  for (const tab of [page, other]) {
    const work = new TaskWorkPage(tab);
    await tab.bringToFront();
    await expect(work.defect(DIRTY.name)).not.toBeChecked();
    await expect(work.defect(EXPIRED.name)).toBeChecked();
  }
}

test.describe('one task in two tabs', () => {
  test('a tick or a defect changed in the other tab is shown and kept (online)', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await ticksAndDefects(page, context, request, false);
  });

  test('a tick or a defect changed in the other tab is shown and kept (offline)', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await ticksAndDefects(page, context, request, true);
  });

  test('SKUs entered in two tabs are all saved, offline and then online', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    // No camera (as when it is blocked): the SKUs are typed.
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const { token, task, other } = await arrange(page, context, request, 'Defects: SKUs in two tabs');
    await openTask(page, task.id);
    await openTask(other, task.id);
    const one = new SkuPage(page);
    const two = new SkuPage(other);
    for (const [tab, skus] of [[page, one], [other, two]] as const) {
      await tab.bringToFront();
      await skus.goto(task.id, '?lng=en');
      await expect(skus.scannerErrorDialog).toBeVisible({ timeout: 20_000 });
      await skus.scannerErrorDialog.getByRole('button', { name: 'Enter by hand' }).click();
      await expect(skus.scannerErrorDialog).toBeHidden();
    }
    await context.setOffline(true);

    // Tab 1 enters A (not saved yet), tab 2 enters B, tab 1 saves.
    await page.bringToFront();
    await one.enterManually(EAN_A);
    await one.chooseFacings(2);
    await expect(one.item(EAN_A)).toContainText('2 facings');
    await other.bringToFront();
    await two.enterManually(EAN_B);
    await two.chooseFacings(3);
    await expect(two.item(EAN_B)).toContainText('3 facings');
    await page.bringToFront();
    await one.save();
    await expect(one.status('Saved — waiting for signal')).toBeVisible();

    // Nothing of either tab is left unsaved or lost: both show A and B, saved.
    for (const [tab, skus] of [[page, one], [other, two]] as const) {
      await tab.bringToFront();
      await expect.soft(skus.item(EAN_A)).toContainText('2 facings');
      await expect.soft(skus.item(EAN_B)).toContainText('3 facings');
      await expect.soft(skus.status('Not saved yet — kept on this device until you save')).toBeHidden();
    }

    await context.setOffline(false);
    await waitForEmptyOutbox(page, task.id);
    await expect
      .poll(async () => (await serverScans(request, token, task.id)).map((i) => `${i.ean}:${i.facings}`).sort(), { message: "the server has both tabs' SKUs" })
      .toEqual([`${EAN_A}:2`, `${EAN_B}:3`]);

    // Online: tab 2 deletes A and saves; tab 1 then changes B's facings and saves. A stays deleted.
    await other.bringToFront();
    await two.item(EAN_A).getByRole('button', { name: `Delete ${EAN_A}` }).click();
    await two.deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(two.item(EAN_A)).toHaveCount(0);
    await two.save();
    await page.bringToFront();
    await expect(one.item(EAN_A), "tab 1 shows tab 2's deletion").toHaveCount(0);
    await one.enterManually(EAN_B);
    await one.overwriteDialog.getByRole('button', { name: 'Overwrite' }).click();
    await one.chooseFacings(5);
    await one.save();
    await waitForEmptyOutbox(page, task.id);
    await expect
      .poll(async () => (await serverScans(request, token, task.id)).map((i) => `${i.ean}:${i.facings}`), { message: "tab 2's deletion is kept" })
      .toEqual([`${EAN_B}:5`]);
  });
});
