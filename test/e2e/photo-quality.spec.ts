/**
 * Photos that pass review, in Chromium: a photo picked on the task camera is measured in
 * the photo quality worker off the main thread; a blurred shelf-like photo is asked about
 * ('This photo looks blurry — retake?'), a dark one too ('… too dark …'), a sharp one is not, and
 * the tasker may keep an asked-about photo (Save photo stays enabled). Works with the network cut.
 * The photos are the repository's real product photographs (test/fixtures/barcodes) and variants
 * made from them (test/support/photoVariants.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import { encodeJpeg } from '../support/images';
import { darken, gaussianBlur, loadPhotos } from '../support/photoVariants';
import { listTasks, passwordToken } from './support/api';
import { arrangeDefectsTask } from './support/execution';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

test('a blurred or dark photo is asked about, a sharp one is not, and either can be kept — offline too', async ({ page, context, request }, testInfo) => {
  test.setTimeout(150_000);
  const photo = loadPhotos(240).find((p) => p.name === 'ean13-1/15.png');
  expect(photo, 'the corpus photo').toBeTruthy();
  const dir = testInfo.outputPath('photos');
  mkdirSync(dir, { recursive: true });
  const file = (name: string, image: Parameters<typeof encodeJpeg>[0]) => {
    const path = join(dir, name);
    writeFileSync(path, encodeJpeg(image, 90));
    return path;
  };
  const image = photo!.image;
  const sharp = file('sharp.jpg', image);
  const blurred = file('blurred.jpg', gaussianBlur(image, 3.5));
  const dark = file('dark.jpg', darken(image, 0.2, 2));

  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const [available] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(available).toBeTruthy();
  const task = await arrangeDefectsTask(request, token, (available as Task).place.id, { start: true, title: `Photo quality ${Date.now().toString(36)}` });
  await loginWithPassword(page, APPROVED_LT_TASKER);
  await waitForServiceWorkerControl(page);
  await page.goto(`/task/${encodeURIComponent(task.id)}/camera/?tags=shelf&title=Shelf`);
  const gallery = page.getByLabel('Upload from gallery');
  const dialog = page.getByRole('dialog', { name: 'New photo' });
  await expect(gallery).toBeAttached({ timeout: 30_000 });
  await context.setOffline(true);

  await gallery.setInputFiles(blurred);
  await expect(dialog.getByText('This photo looks blurry — retake?')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: 'Save photo' })).toBeEnabled();
  await screenshot(page, 'photo-quality-blurry');
  await dialog.getByRole('button', { name: 'Retake' }).click();
  await expect(dialog).toBeHidden();

  await gallery.setInputFiles(dark);
  await expect(dialog.getByText('This photo looks too dark — retake?')).toBeVisible({ timeout: 15_000 });
  // Kept anyway: advice only.
  await dialog.getByRole('button', { name: 'Save photo' }).click();
  await expect(dialog).toBeHidden();

  await gallery.setInputFiles(sharp);
  await expect(dialog.getByRole('img')).toBeVisible();
  // The measure runs in well under a second; give it time, then it must have said nothing.
  await page.waitForTimeout(3000);
  await expect(dialog.getByText(/looks (blurry|too dark)/)).toHaveCount(0);
  await context.setOffline(false);
});
