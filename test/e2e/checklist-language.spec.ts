/**
 * A checklist in the tasker's language, at 360×740: the Polish and the Romanian demo taskers open
 * their seeded in-progress tasks. No English word shows on the checklist (the items' action buttons
 * are the app's words from its catalog, the titles the market's), and taking a photo through a
 * photo item's action ticks that item, on the screen and on the server. The expected words are
 * read from the app's catalogs (src/locales), so the test checks that the app shows them.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Locale, Task } from '../../src/domain/types';
import { CHECKLIST_TEMPLATES } from '../../server/tasks/checklists';
import { listTasks, passwordToken } from './support/api';
import { makeJpegs, serverChecklist } from './support/execution';
import { screenshot } from './support/screenshots';
import { DEMO_PASSWORD, loginWithPassword } from './support/session';

const TASKERS: [Locale, string][] = [
  ['pl', 'pl@demo.shelfwork.app'],
  ['ro', 'ro@demo.shelfwork.app'],
];

/** The English words the server once wrote into checklists, and the app's own English action words. */
const ENGLISH_WORDS = ['Take photos', 'Photos taken', 'Scan products', 'Products scanned', 'Report defects', 'Defects reported', 'Log defects', 'Open guide', 'Display position checked', 'Optional'];
/** The built-in items' English titles and descriptions: a seeded task shows its market's words. */
const ENGLISH_TEXTS = Object.values(CHECKLIST_TEMPLATES).flatMap((items) => items.flatMap((item) => [item.title, ...(item.description ? [item.description] : [])]));

/** msgstr of a msgid in the locale's catalog (single-line entries, as Lingui writes short strings). */
function catalogWord(locale: Locale, msgid: string): string {
  const po = readFileSync(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8');
  const escaped = msgid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`^msgid "${escaped}"\\nmsgstr "(.*)"$`, 'm').exec(po)?.[1] ?? '';
  expect(word, `${locale} translation of "${msgid}"`).not.toBe('');
  expect(word, `${locale} translation of "${msgid}" is not the English`).not.toBe(msgid);
  return word;
}

async function inProgressTasks(request: APIRequestContext, email: string): Promise<{ token: string; tasks: Task[] }> {
  const token = await passwordToken(request, email, DEMO_PASSWORD);
  const tasks = await listTasks(request, token, ['in_progress']);
  expect(tasks.length, `${email} has seeded tasks in progress`).toBeGreaterThan(0);
  return { token, tasks };
}

test.use({ viewport: { width: 360, height: 740 } });

for (const [locale, email] of TASKERS) {
  test(`the ${locale} tasker's checklists are in ${locale}, and a photo item ticks itself once its photo is taken`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const t = (msgid: string) => catalogWord(locale, msgid);
    const { token, tasks } = await inProgressTasks(request, email);
    await loginWithPassword(page, email);
    await page.evaluate((lng) => localStorage.setItem('lng', lng), locale);

    for (const task of tasks) {
      await page.goto(`/task/${encodeURIComponent(task.id)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const checklist = page.getByRole('region', { name: t('Checklist') });
      await expect(checklist.locator('.checklist-item').first()).toBeVisible({ timeout: 30_000 });
      const items = await serverChecklist(request, token, task.id);
      await expect(checklist.locator('.checklist-item')).toHaveCount(items.length);
      const text = await checklist.innerText();
      for (const english of [...ENGLISH_WORDS, ...ENGLISH_TEXTS]) expect.soft(text, `${task.title}: "${english}" on the ${locale} checklist`).not.toContain(english);
      // Each action button says the app's word for its item's type.
      const actions = checklist.locator('.checklist-item__actions .btn');
      const words = { camera: t('Take photos'), scanner: t('Scan products'), defects: t('Log defects'), link: t('Open') } as const;
      const expected = items.flatMap((item) => (item.type in words ? [words[item.type as keyof typeof words]] : []));
      await expect(actions).toHaveText(expected);
    }
    await screenshot(page, `checklist-language-${locale}`);

    // The first photo item not yet done: its action opens the camera; the saved photo ticks it.
    let photoTask: Task | undefined;
    let photoItem: { id: string; title: string } | undefined;
    for (const task of tasks) {
      const item = (await serverChecklist(request, token, task.id)).find((i) => i.type === 'camera' && !i.isDone);
      if (item) {
        photoTask = task;
        photoItem = item;
        break;
      }
    }
    expect(photoItem, `${email} has a photo item to do`).toBeTruthy();
    await page.goto(`/task/${encodeURIComponent(photoTask!.id)}`);
    const row = page.locator('.checklist-item').filter({ hasText: photoItem!.title });
    await expect(row.getByRole('img', { name: t('Not done yet'), exact: true })).toBeVisible({ timeout: 30_000 });
    await row.getByRole('link', { name: t('Take photos') }).click();
    await expect(page).toHaveURL(/\/camera/);
    const [file] = makeJpegs(1, test.info().outputPath('gallery'));
    await page.getByLabel(t('Upload from gallery')).setInputFiles(file!);
    const dialog = page.getByRole('dialog', { name: t('New photo') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t('Save photo') }).click();
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(row.getByRole('img', { name: t('Done'), exact: true }), 'the photo ticked its item').toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => (await serverChecklist(request, token, photoTask!.id)).find((i) => i.id === photoItem!.id)?.isDone, { message: 'the tick reached the server', timeout: 45_000 })
      .toBe(true);
  });
}
