/**
 * The business side end to end, in Chromium against the real server: the staff console at
 * /staff (1280×800) and the tasker app (390×844) working on the same data.
 *
 * This file starts a server of its own (test/e2e/support/ownServer.ts) whose data folder is
 * prepared before the first start the way a new installation is: the staff CLI adds the first
 * admin (`npm run staff -- accounts add <email> --role admin`); the server then seeds the demo
 * data on its first start. One flow, step by step:
 *
 * 1. The admin signs in with a code from the dev mailbox and adds an author, a reviewer (LT only)
 *    and a finance member in the accounts screen.
 * 2. The author creates a task type whose name and checklist exist in English, Lithuanian and
 *    Polish; imports LT tasks by CSV with the seed's products — the preview refuses the one row
 *    with a bad EAN and says why, nothing is saved; without it the ten tasks are imported — and
 *    adds a product of their own to one task's list.
 * 3. The LT demo tasker (two of those tasks reserved and started through the API, at a store of
 *    the browser's position) reads the checklist in Lithuanian, goes offline, adds photos, scans
 *    a listed product and one not on the list, logs a defect and completes; back online the
 *    outbox drains. The second task is completed through the API.
 * 4. The reviewer sees both photos loaded, the scans against the list (the code not on the list
 *    marked) and the defect; accepts the first with a reduced reward and rejects the second with
 *    a reason, which the tasker then reads.
 * 5. Finance runs the market week (the API clock moved past its end, as payout-run.spec.ts does)
 *    and exports its CSV.
 * 6. The admin's audit trail shows each step with its person: the CLI's add, the admin's adds,
 *    the author's type, imports and product list, the reviewer's decisions, finance's run and
 *    export.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { DEFECT_NAMES } from '../../server/db/seed-i18n';
import { withCheckDigit } from '../../src/domain/ean';
import type { Task } from '../../src/domain/types';
import { ConsoleImportPage, ConsoleTaskPage, ConsoleTaskTypePage } from './pages/ConsoleAuthoringPages';
import { openConsoleAs } from './pages/ConsoleLoginPage';
import { ConsoleAccountsPage, ConsoleAuditPage, ConsoleMoneyPage } from './pages/ConsoleOfficePages';
import { ConsoleReviewPage } from './pages/ConsoleReviewPage';
import { SkuPage } from './pages/SkuPage';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { STAFF_TOKEN, completeTask, getTask, passwordToken, reserveTask } from './support/api';
import { DEFAULT_GEOLOCATION } from './support/browser';
import { makeJpegs, readMirror, serverPhotos } from './support/execution';
import { OwnServer, runStaffCli } from './support/ownServer';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

/** One run's names: the server is fresh, but the names say which run made them. */
const RUN = Date.now().toString(36);
const ADMIN = `admin-${RUN}@e2e.shelfwork.test`;
const AUTHOR = `author-${RUN}@e2e.shelfwork.test`;
const REVIEWER = `reviewer-${RUN}@e2e.shelfwork.test`;
const FINANCE = `finance-${RUN}@e2e.shelfwork.test`;

/** Rimi Gedimino 9, Vilnius: the LT seed store at the e2e browser's position (support/browser.ts). */
const PLACE_ID = 'lt-rimi-02';

/** The task type's checklist, per language (the tasker reads the market's: LT → lt). */
const TYPE_NAMES = { English: `Dairy shelf audit ${RUN}`, Lithuanian: `Pieno lentynos auditas ${RUN}`, Polish: `Audyt półki nabiałowej ${RUN}` };
const PHOTO = { English: 'Photo of the dairy shelf', Lithuanian: 'Pieno lentynos nuotrauka', Polish: 'Zdjęcie półki z nabiałem' };
const CHECK_IN = { English: 'Check in with the store manager', Lithuanian: 'Užsiregistruokite pas parduotuvės vadovą', Polish: 'Zgłoś się do kierownika sklepu' };
const SCAN = { English: 'Scan the listed products', Lithuanian: 'Nuskenuokite sąrašo produktus', Polish: 'Zeskanuj produkty z listy' };
const DEFECTS = { English: 'Report shelf defects', Lithuanian: 'Praneškite apie lentynos defektus', Polish: 'Zgłoś usterki półki' };
const DEFECT_ID = 'dirty-shelf';

/** A product the author adds to the first task's list, and a code the tasker finds that is on no list. */
const OWN_EAN = withCheckDigit(`4779${RUN.replace(/\D/g, '').padEnd(8, '7').slice(0, 8)}`);
const UNLISTED_EAN = withCheckDigit(`4778${RUN.replace(/\D/g, '').padEnd(8, '3').slice(0, 8)}`);

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const test = base.extend<object, { own: OwnServer }>({
  own: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
    async ({}, use) => {
      const server = await OwnServer.start({
        prepare: async (dataDir) => {
          await runStaffCli(dataDir, ['accounts', 'add', ADMIN, '--role', 'admin', '--name', 'Aistė Admin']);
        },
      });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // The tasker's page and the API requests go to this file's server.
  baseURL: async ({ own }, use) => use(own.origin),
});

const automation = { Authorization: `Bearer ${STAFF_TOKEN}` };

async function staffGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: automation });
  expect(response.ok(), `GET ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** Two EANs of LT seed products (the CSV's product column names known products). */
async function seedEans(request: APIRequestContext): Promise<string[]> {
  const list = await staffGet<{ data: { id: string; productCount: number }[] }>(request, '/api/staff/tasks?country=LT&limit=200');
  for (const row of list.data.filter((t) => t.productCount >= 2)) {
    const task = await staffGet<{ products: { ean: string }[] }>(request, `/api/staff/tasks/${encodeURIComponent(row.id)}/authoring`);
    if (task.products.length >= 2) return task.products.slice(0, 2).map((p) => p.ean);
  }
  throw new Error('no LT seed task with two products');
}

/** The API's clock moved `offsetMs` from the real time (0 puts it back): test-only, server/devClock.ts. */
async function moveServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const response = await request.post('/api/staff/dev/clock', { headers: { ...automation, 'Idempotency-Key': randomUUID() }, data: { offsetMs } });
  expect(response.ok(), `dev clock answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** The Monday ('YYYY-MM-DD') of the market week holding `at`, in the market's time zone. */
function marketMonday(at: Date, timeZone = 'Europe/Vilnius'): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** ISO 8601 with an explicit offset, as the CSV import reads times. */
const isoWithOffset = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '+00:00');

async function startAtStore(request: APIRequestContext, token: string, taskId: string): Promise<void> {
  const reserved = await reserveTask(request, token, taskId);
  const response = await request.post(`/api/task/${encodeURIComponent(taskId)}/start`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...reserved.place.coordinates, startedAt: new Date().toISOString() },
  });
  expect(response.ok(), `start ${taskId} answered ${response.status()}: ${await response.text()}`).toBe(true);
}

async function waitForEmptyOutbox(page: Page, taskId: string): Promise<void> {
  await expect
    .poll(async () => (await readMirror(page, taskId)).outbox.map((r) => `${r.kind}:${r.state}`), { message: 'the outbox of the task drained', timeout: 60_000 })
    .toEqual([]);
}

test('the operations team runs the business: accounts, authoring, offline work, review, payouts, audit', async ({ browser, page, context, request, own }) => {
  test.setTimeout(480_000);
  expect(DEFAULT_GEOLOCATION, 'the tasker stands at the store of the imported tasks').toEqual({ latitude: 54.6872, longitude: 25.2797 });
  const titles = Array.from({ length: 10 }, (_, i) => `Dairy audit ${RUN} #${i + 1}`);
  let taskIds: string[] = [];
  let listed: string[] = [];
  const reducedReason = `Photos fine, but one listed product was not found. ${RUN}`;
  const rejectReason = `No photos of the shelf: please redo it next time. ${RUN}`;
  let decidedAt = new Date();

  const admin = await test.step('the admin added by the CLI signs in and adds an author, a reviewer and finance', async () => {
    const adminPage = await openConsoleAs(browser, own.origin, request, ADMIN);
    const accounts = new ConsoleAccountsPage(adminPage);
    await accounts.goto();
    await expect(accounts.row(ADMIN)).toContainText('Admin');
    // Task types serve every market: their author is not limited to one.
    await accounts.add({ email: AUTHOR, name: 'Aušra Author', roles: ['author'] });
    await accounts.add({ email: REVIEWER, name: 'Rokas Reviewer', roles: ['reviewer'], markets: ['LT'] });
    await accounts.add({ email: FINANCE, name: 'Fausta Finance', roles: ['finance'] });
    await expect(accounts.row(REVIEWER)).toContainText('Reviewer');
    await expect(accounts.row(REVIEWER)).toContainText('LT');
    await screenshot(adminPage, 'staff-console-1-accounts');
    return adminPage;
  });

  const typeId = await test.step('the author creates a task type with its checklist in en, lt and pl', async () => {
    const author = await openConsoleAs(browser, own.origin, request, AUTHOR);
    const editor = new ConsoleTaskTypePage(author);
    await editor.gotoNew();
    await editor.fill(TYPE_NAMES, [
      { kind: 'Photo', titles: PHOTO },
      { kind: 'Tick only', titles: CHECK_IN },
      { kind: 'Product scan', titles: SCAN },
      { kind: 'Defects', titles: DEFECTS },
    ]);
    await screenshot(author, 'staff-console-2-task-type');
    const id = await editor.create();
    await expect(author.getByRole('heading', { level: 1, name: TYPE_NAMES.English })).toBeVisible();
    // Czech and Romanian are missing: they block publishing there only.
    await expect(author.getByText('Missing: blocks publishing in CZ').first()).toBeVisible();
    await expect(author.getByText('Missing: blocks publishing in LT')).toHaveCount(0);
    await expect(author.getByText('Missing: blocks publishing in PL')).toHaveCount(0);

    await test.step('imports ten LT tasks by CSV: the bad row is refused with its reason, then left out', async () => {
      listed = await seedEans(request);
      const now = Date.now();
      const start = new Date(Math.floor((now - 30 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
      const end = new Date(start.getTime() + 8 * 60 * MINUTE);
      const header = 'placeId,taskTypeId,title,timeWindowStart,timeWindowEnd,reward,expectedDuration,products';
      const line = (title: string, products: string) => [PLACE_ID, id, title, isoWithOffset(start), isoWithOffset(end), '9.50', '30', products].join(',');
      const good = titles.map((title) => line(title, listed.join('|')));
      const badEan = `${listed[0]!.slice(0, -1)}${(Number(listed[0]!.slice(-1)) + 1) % 10}`;
      const bad = line(`Dairy audit ${RUN} bad EAN`, `${listed[1]}|${badEan}`);
      const withBad = [header, ...good.slice(0, 5), bad, ...good.slice(5)].join('\n');

      const importer = new ConsoleImportPage(author);
      await importer.goto();
      await importer.preview(withBad);
      // The bad row is line 7 of the file (the header is line 1).
      await expect(importer.row(7)).toHaveClass(/is-invalid/);
      await expect(importer.row(7)).toContainText('products');
      await expect(importer.row(7)).toContainText('Not a valid EAN');
      for (const ok of [2, 6, 8, 12]) await expect(importer.row(ok)).toContainText('Valid');
      await expect(author.getByRole('status').filter({ hasText: '1 row has errors' })).toBeVisible();
      await expect(importer.importButton).toBeDisabled();
      await screenshot(author, 'staff-console-3-import-refused');
      const none = await staffGet<{ data: unknown[] }>(request, `/api/staff/tasks?taskTypeId=${encodeURIComponent(id)}`);
      expect(none.data, 'nothing is saved while a row has errors').toHaveLength(0);

      await importer.preview([header, ...good].join('\n'));
      await expect(author.getByRole('status').filter({ hasText: 'All 10 rows are valid' })).toBeVisible();
      taskIds = await importer.importAll(10);
      await screenshot(author, 'staff-console-4-imported');
      const imported = await staffGet<{ data: { id: string; title: string; published: boolean; productCount: number }[] }>(
        request,
        `/api/staff/tasks?taskTypeId=${encodeURIComponent(id)}&limit=50`,
      );
      expect(imported.data.map((t) => t.title).sort()).toEqual([...titles].sort());
      expect(imported.data.every((t) => t.published && t.productCount === 2)).toBe(true);
    });

    await test.step("adds a product of its own to the first task's list", async () => {
      const task = new ConsoleTaskPage(author);
      await task.goto(taskIds[0]!);
      await expect(task.productRows).toHaveCount(2);
      await task.addProductsAndSave([`${OWN_EAN};Rokiškio pienas 2.5% 1 l;4`]);
      const saved = await staffGet<{ products: { ean: string; expectedFacings: number | null }[] }>(request, `/api/staff/tasks/${encodeURIComponent(taskIds[0]!)}/authoring`);
      expect(saved.products.map((p) => p.ean).sort()).toEqual([...listed, OWN_EAN].sort());
      expect(saved.products.find((p) => p.ean === OWN_EAN)?.expectedFacings).toBe(4);
    });
    await author.context().close();
    return id;
  });

  const [first, second] = taskIds as [string, string];
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);

  await test.step('the LT tasker reads the checklist in Lithuanian, works offline, scans, and it all arrives', async () => {
    await startAtStore(request, token, first);
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await waitForServiceWorkerControl(page);
    const work = new TaskWorkPage(page);
    await work.goto(first);
    await expect(work.checklistHeading).toBeVisible({ timeout: 20_000 });
    for (const item of [PHOTO, CHECK_IN, SCAN, DEFECTS]) {
      await expect(page.locator('.checklist-item').filter({ hasText: item.Lithuanian })).toHaveCount(1);
      await expect(page.getByText(item.English, { exact: true })).toHaveCount(0);
    }
    await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'staff-console-5-tasker-checklist-lt');

    const gallery = makeJpegs(2, test.info().outputPath('gallery'));
    await context.setOffline(true);
    await work.tickBox(work.tick(CHECK_IN.Lithuanian));

    await work.itemAction(PHOTO.Lithuanian, 'Take photos').click();
    for (const [i, file] of gallery.entries()) await work.addFromGallery(file, `Dairy shelf ${i + 1}`);
    await page.goBack();

    await work.itemAction(SCAN.Lithuanian, 'Scan products').click();
    const skus = new SkuPage(page);
    // No camera on this machine: the scanner says so and offers typing the code.
    const noCamera = await skus.scannerErrorDialog.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    if (noCamera) await skus.scannerErrorDialog.getByRole('button', { name: 'Enter by hand' }).click();
    await skus.enterManually(listed[0]!);
    await skus.chooseFacings(3);
    await skus.enterManually(UNLISTED_EAN);
    await skus.chooseFacings(2);
    await expect(skus.item(listed[0]!)).toContainText('3 facings');
    await expect(skus.item(UNLISTED_EAN)).toContainText('2 facings');
    await skus.save();
    await expect(skus.status('Saved — waiting for signal')).toBeVisible();
    await page.goBack();

    await work.itemAction(DEFECTS.Lithuanian, 'Log defects').click();
    await work.tickBox(work.defect(DEFECT_NAMES[DEFECT_ID]!.lt));
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(work.tick(DEFECTS.Lithuanian), "logging a defect ticked the defects item").toBeChecked();
    await expect(work.syncStatus('Waiting for signal')).toContainText('2 photos');
    // The photo and scan items tick themselves from the mirror a moment after their work is saved.
    for (const item of [PHOTO, SCAN]) await expect(work.autoDone(item.Lithuanian)).toBeVisible();
    await work.complete('Viena lentyna nešvari.');
    await expect(page).not.toHaveURL(/confirm_complete/);
    expect((await serverPhotos(request, token, first)).length, 'nothing reached the server while offline').toBe(0);

    await context.setOffline(false);
    await waitForEmptyOutbox(page, first);
    const done = await getTask(request, token, first);
    expect(done.status).toBe('awaiting_confirmation');
    expect((await serverPhotos(request, token, first)).length).toBe(2);

    // The second task the reviewer needs: reserved, started and completed through the API.
    await startAtStore(request, token, second);
    await completeTask(request, token, second, 'Done quickly.');
  });

  await test.step('the reviewer sees the photos, the scans against the list and the defect, and decides', async () => {
    const reviewerPage = await openConsoleAs(browser, own.origin, request, REVIEWER);
    const review = new ConsoleReviewPage(reviewerPage);
    await reviewerPage.goto(`/staff/review?taskTypeId=${encodeURIComponent(typeId)}`);
    await expect(review.queueRows).toHaveCount(2, { timeout: 20_000 });
    await review.open(titles[0]!);
    await review.expectPhotosLoaded(2);
    await expect(review.scanRow(listed[0]!)).toContainText('OK');
    await expect(review.scanRow(listed[1]!)).toContainText('Missing');
    await expect(review.scanRow(OWN_EAN)).toContainText('Missing');
    await expect(review.scanRow(UNLISTED_EAN)).toHaveClass(/is-unexpected/);
    await expect(review.scanRow(UNLISTED_EAN)).toContainText('Not on the list');
    await expect(review.defects).toContainText(new RegExp(`${DEFECT_NAMES[DEFECT_ID]!.lt}|Dirty shelf`));
    await expect(reviewerPage.getByText('Viena lentyna nešvari.')).toBeVisible();
    await screenshot(reviewerPage, 'staff-console-6-review');
    await review.acceptWithReducedReward('6.50', reducedReason);
    await expect.poll(async () => (await getTask(request, token, first)).status, { message: 'the first task is decided' }).toBe('rejected');

    await reviewerPage.goto(`/staff/review?taskTypeId=${encodeURIComponent(typeId)}`);
    await expect(review.queueRows).toHaveCount(1, { timeout: 20_000 });
    await review.open(titles[1]!);
    await review.reject(rejectReason);
    await expect.poll(async () => (await getTask(request, token, second)).status, { message: 'the second task is rejected' }).toBe('rejected');
    decidedAt = new Date();
    await reviewerPage.context().close();

    // The tasker sees the outcomes: the reason of the rejection, the reduced reward of the other.
    const rejected = await getTask(request, token, second);
    expect(rejected.resultComment).toBe(rejectReason);
    const reduced: Task = await getTask(request, token, first);
    expect(reduced.resultComment).toBe(reducedReason);
    expect(reduced.reducedReward?.amount).toBe('6.50');
  });

  await test.step('finance runs the week and exports it', async () => {
    const week = marketMonday(decidedAt);
    // A week is run once it is over: the API's clock goes a week ahead for the run, then back.
    await moveServerClock(request, 7 * DAY);
    try {
      const financePage = await openConsoleAs(browser, own.origin, request, FINANCE);
      const money = new ConsoleMoneyPage(financePage);
      await money.gotoWeek('LT', week);
      await money.runWeek();
      await expect(money.payoutRow(APPROVED_LT_TASKER)).toBeVisible({ timeout: 20_000 });
      await screenshot(financePage, 'staff-console-7-week-run');
      const download = await money.exportCsv();
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8');
      expect(csv.split(/\r?\n/).some((row) => row.split(',').includes(APPROVED_LT_TASKER)), 'the tasker has a line of the export').toBe(true);
      await financePage.context().close();
    } finally {
      await moveServerClock(request, 0);
    }
  });

  await test.step("every step is in the admin's audit trail with its person", async () => {
    const audit = new ConsoleAuditPage(admin);
    const actionsOf = async (filter: () => Promise<void>, who: string) => {
      await audit.goto();
      await filter();
      const entries = await audit.entries();
      expect(entries.every((e) => e.who === who), `every row is ${who}'s`).toBe(true);
      return entries.map((e) => e.action);
    };
    const count = (actions: string[], action: string) => actions.filter((a) => a === action).length;

    const cli = await actionsOf(() => audit.filterByActor('cli'), 'cli');
    expect(count(cli, 'staff.add'), 'the CLI added the first admin').toBeGreaterThanOrEqual(1);

    const byAdmin = await actionsOf(() => audit.filterByPerson(ADMIN), ADMIN);
    expect(count(byAdmin, 'staff.add')).toBe(3);

    const byAuthor = await actionsOf(() => audit.filterByPerson(AUTHOR), AUTHOR);
    expect(count(byAuthor, 'task_type.create')).toBe(1);
    expect(count(byAuthor, 'task.import')).toBe(10);
    expect(count(byAuthor, 'task.products')).toBe(1);

    const byReviewer = await actionsOf(() => audit.filterByPerson(REVIEWER), REVIEWER);
    expect(count(byReviewer, 'task.reject'), 'a reduced reward is a rejection that pays the reduced amount').toBe(2);

    const byFinance = await actionsOf(() => audit.filterByPerson(FINANCE), FINANCE);
    expect(count(byFinance, 'payouts.run')).toBe(1);
    expect(count(byFinance, 'payouts.export_csv')).toBe(1);
    await screenshot(admin, 'staff-console-8-audit');
    await admin.context().close();
  });
});
