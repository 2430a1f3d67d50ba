/**
 * The scanner screen end to end (spec sections 2, 5, 7): Chromium's fake camera plays a
 * Y4M video of a real EAN-13 and a real EAN-8 (drawn by bwip-js, see support/barcodeVideo.ts),
 * the app decodes it in its scanner worker, beeps, asks for facings and saves through the outbox; a
 * duplicate asks to overwrite; an invalid typed EAN shows the spec's text (with the camera blocked,
 * which also shows the start-failure dialog); scans saved offline reach the server exactly once.
 *
 * This file needs its own browser (camera flags), so it overrides the worker-scoped
 * `launchOptions`: Playwright runs it in a worker of its own. Every scenario starts from an empty
 * scanned list on the server, set through the API.
 */
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { Product, ScannedItem, Task } from '../../src/domain/types';
import { SkuPage } from './pages/SkuPage';
import { listTasks, passwordToken } from './support/api';
import { barcodeVideo, type BarcodeVideo } from './support/barcodeVideo';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

const test = base.extend<object, { barcodes: BarcodeVideo }>({
  // Playwright's fixture functions must destructure their first argument, even when empty.
  // eslint-disable-next-line no-empty-pattern
  barcodes: [async ({}, use) => use(await barcodeVideo()), { scope: 'worker' }],
  launchOptions: [
    async ({ launchOptions, barcodes: video }, use) =>
      use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${video.path}`,
          '--autoplay-policy=no-user-gesture-required',
        ],
      }),
    { scope: 'worker' },
  ],
});

const SPEC_INVALID_EAN = 'Invalid EAN. Scan directly from the product or select it from the list.';

/** Counts the oscillator starts and their frequencies: the beep is a 600 Hz oscillator (spec section 2). */
async function recordBeeps(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number[] };
    w.__beeps = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      w.__beeps.push(this.frequency.value);
      return start.apply(this, args);
    };
  });
}

const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps?: number[] }).__beeps ?? []);

async function serverItems(request: APIRequestContext, token: string, taskId: string): Promise<ScannedItem[]> {
  const response = await request.get(`/api/task/${encodeURIComponent(taskId)}/scanned-items`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET scanned-items answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: ScannedItem[] }).data;
}

async function clearServerItems(request: APIRequestContext, token: string, taskId: string): Promise<void> {
  const response = await request.post(`/api/task/${encodeURIComponent(taskId)}/scanned-items`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { items: [] },
  });
  expect(response.ok(), `clearing scanned-items answered ${response.status()}: ${await response.text()}`).toBe(true);
}

async function productsOf(request: APIRequestContext, token: string, taskId: string): Promise<Product[]> {
  const response = await request.get(`/api/task/${encodeURIComponent(taskId)}/products`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET products answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: Product[] }).data;
}

/**
 * An in-progress task of the demo tasker, preferably one with products (so the screen shows
 * "SKUs entered versus matching products"). The seed starts two tasks of random types; when
 * neither has products, a startable reserved SKU task is started at its store through the API.
 */
async function inProgressTask(request: APIRequestContext, token: string): Promise<{ task: Task; products: Product[] }> {
  const inProgress = await listTasks(request, token, ['in_progress']);
  for (const task of inProgress) {
    const products = await productsOf(request, token, task.id);
    if (products.length > 0) return { task, products };
  }
  for (const task of await listTasks(request, token, ['reserved'])) {
    if (!task.isStartable) continue;
    const products = await productsOf(request, token, task.id);
    if (products.length === 0) continue;
    const response = await request.post(`/api/task/${encodeURIComponent(task.id)}/start`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      data: task.place.coordinates,
    });
    if (response.ok()) return { task: (await response.json()) as Task, products };
  }
  expect(inProgress.length, 'the demo tasker has a task in progress').toBeGreaterThan(0);
  return { task: inProgress[0] as Task, products: [] };
}

async function arrange(page: Page, request: APIRequestContext): Promise<{ token: string; task: Task; products: Product[]; skus: SkuPage }> {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const { task, products } = await inProgressTask(request, token);
  await clearServerItems(request, token, task.id);
  await recordBeeps(page);
  await loginWithPassword(page, APPROVED_LT_TASKER);
  return { token, task, products, skus: new SkuPage(page) };
}

test.describe('scanner', () => {
  test('scanning a product beeps, asks for facings and saves', async ({ page, request, barcodes: video }) => {
    const { token, task, skus } = await arrange(page, request);
    await skus.goto(task.id);
    await expect(skus.facingsDialog).toBeVisible({ timeout: 20_000 });
    const ean = await skus.facingsEan();
    expect(video.codes).toContain(ean);
    expect(await beeps(page)).toContain(600);
    await screenshot(page, 'scanner-1-facings');

    await skus.chooseFacings(3);
    await expect(skus.item(ean)).toContainText('3 facings');
    const id = await skus.itemId(ean);
    await expect(skus.status('Not saved yet — kept on this device until you save')).toBeVisible();
    await skus.pauseScanner();
    await skus.save();
    await expect(skus.status('All saved')).toBeVisible();
    await screenshot(page, 'scanner-2-saved');
    await expect.poll(() => serverItems(request, token, task.id), { message: 'the server has the scanned item' }).toEqual([
      expect.objectContaining({ id, ean, facings: 3 }),
    ]);
    // Review mode: the list only — no camera, no entry, no delete.
    await skus.goto(task.id, '?isReviewMode=true');
    await expect(skus.item(ean)).toContainText('3 facings');
    await expect(page.getByText('Review mode: the SKUs entered for this task.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause scanner' })).toHaveCount(0);
    await expect(skus.manualInput).toHaveCount(0);
    await expect(skus.item(ean).getByRole('button')).toHaveCount(0);
  });

  test('a duplicate asks to overwrite', async ({ page, request, barcodes: video }) => {
    const { token, task, skus } = await arrange(page, request);
    await skus.goto(task.id);
    await expect(skus.facingsDialog).toBeVisible({ timeout: 20_000 });
    const first = await skus.facingsEan();
    await skus.chooseFacings(2);
    const id = await skus.itemId(first);

    // The video goes on to the other code and loops back: the other code is added, then the
    // first one comes again and the screen asks before replacing it.
    const other = video.codes.find((code) => code !== first) as string;
    await expect(skus.facingsDialog.or(skus.overwriteDialog)).toBeVisible({ timeout: 20_000 });
    if (await skus.facingsDialog.isVisible()) {
      expect(await skus.facingsEan()).toBe(other);
      await skus.chooseFacings(1);
    }
    await expect(skus.overwriteDialog).toBeVisible({ timeout: 20_000 });
    await expect(skus.overwriteDialog).toContainText(first);
    await expect(skus.overwriteDialog).toContainText('2 facings');
    await screenshot(page, 'scanner-3-overwrite');
    await skus.overwriteDialog.getByRole('button', { name: 'Overwrite' }).click();
    expect(await skus.facingsEan()).toBe(first);
    await skus.chooseOtherFacings('12');
    await expect(skus.facingsDialog).toBeHidden();

    await expect(skus.item(first)).toHaveCount(1);
    await expect(skus.item(first)).toContainText('12 facings');
    expect(await skus.itemId(first), 'the overwrite keeps the item').toBe(id);
    await skus.pauseScanner();
    await skus.save();
    await expect(skus.status('All saved')).toBeVisible();
    await expect
      .poll(async () => (await serverItems(request, token, task.id)).filter((item) => item.ean === first), { message: 'one item for the EAN on the server' })
      .toEqual([expect.objectContaining({ id, facings: 12 })]);
  });

  test("an invalid manual EAN shows the spec's text", async ({ page, request }) => {
    const { task, products, skus } = await arrange(page, request);
    // The camera refuses (as when the tasker blocked it): the start-failure dialog, then typing.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await skus.goto(task.id);
    await expect(skus.scannerErrorDialog).toBeVisible({ timeout: 20_000 });
    await expect(skus.scannerErrorDialog).toContainText('set Camera to Allow');
    await screenshot(page, 'scanner-4-camera-blocked');
    await skus.scannerErrorDialog.getByRole('button', { name: 'Enter by hand' }).click();
    await expect(skus.scannerErrorDialog).toBeHidden();

    await skus.enterManually('4006381333932'); // wrong check digit
    await expect(page.getByText(SPEC_INVALID_EAN, { exact: true })).toBeVisible();
    await expect(skus.manualInput).toHaveAttribute('aria-invalid', 'true');
    await expect(skus.facingsDialog).toBeHidden();
    await screenshot(page, 'scanner-5-invalid-ean');

    await skus.enterManually('4006381333931');
    await expect(page.getByText(SPEC_INVALID_EAN, { exact: true })).toBeHidden();
    expect(await skus.facingsEan()).toBe('4006381333931');
    await skus.chooseFacings(0);
    await expect(skus.item('4006381333931')).toContainText('0 facings');

    // Deleting asks first (spec section 2); cancelling keeps the item.
    await skus.item('4006381333931').getByRole('button', { name: 'Delete 4006381333931' }).click();
    await expect(skus.deleteDialog).toContainText('4006381333931');
    await skus.deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(skus.item('4006381333931')).toHaveCount(1);
    await skus.item('4006381333931').getByRole('button', { name: 'Delete 4006381333931' }).click();
    await skus.deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(skus.item('4006381333931')).toHaveCount(0);

    // Tapping one of the task's products fills in its EAN; the list then shows it as entered.
    const product = products[0];
    if (!product) {
      test.info().annotations.push({ type: 'note', description: 'no in-progress or startable task with products: product path not checked' });
      return;
    }
    await skus.product(product.ean).click();
    await expect(skus.manualInput).toHaveValue(product.ean);
    await skus.enterManually(product.ean);
    await skus.chooseFacings(5);
    await expect(skus.item(product.ean)).toContainText(product.name);
    await expect(skus.product(product.ean)).toContainText('5 facings');
    await expect(page.getByText(`1 of ${products.length} entered`)).toBeVisible();
    await screenshot(page, 'scanner-5b-product-entered');
  });

  test('offline scans arrive exactly once after reconnect', async ({ page, context, request, barcodes: video }) => {
    const { token, task, skus } = await arrange(page, request);
    await skus.goto(task.id);
    await waitForServiceWorkerControl(page);
    await expect(skus.scannerLive.or(skus.facingsDialog)).toBeVisible({ timeout: 20_000 });

    await context.setOffline(true);
    await expect(skus.facingsDialog).toBeVisible({ timeout: 20_000 });
    const ean = await skus.facingsEan();
    expect(video.codes).toContain(ean);
    await skus.chooseFacings(4);
    const id = await skus.itemId(ean);
    await skus.pauseScanner();
    await skus.save();
    await expect(skus.status('Saved — waiting for signal')).toBeVisible();
    await screenshot(page, 'scanner-6-offline-saved');

    await page.reload();
    await expect(skus.item(ean)).toHaveAttribute('data-sku-id', id);
    await expect(skus.status('Saved — waiting for signal')).toBeVisible();
    expect((await serverItems(request, token, task.id)).some((item) => item.id === id), 'nothing arrived while offline').toBe(false);

    await context.setOffline(false);
    await expect(skus.status('All saved')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await serverItems(request, token, task.id)).filter((item) => item.id === id).length, { message: 'the item arrived' })
      .toBe(1);
    const items = await serverItems(request, token, task.id);
    expect(items.filter((item) => item.ean === ean)).toEqual([expect.objectContaining({ id, facings: 4 })]);
  });
});
