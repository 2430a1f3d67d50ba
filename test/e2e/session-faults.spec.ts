/**
 * A tasker's session ends while the phone is offline with work queued ("Fault injection"): the
 * refresh token expires (the API's test-only clock is moved past its 30-day lifetime,
 * server/devClock.ts, while the phone has no signal). Back online the app asks to log in again
 * and sends nothing that takes effect; the work is delivered exactly once when its owner logs in
 * again. In the second scenario another account logs in on the same phone first: it never sees the
 * first account's task nor sends its work, and when it signs out it is told that the phone still
 * holds another account's unsent work — without a name, an email or a task of that account.
 *
 * Every request the browser makes to /api (the page, the sync worker and the service worker's
 * replays) is recorded with the account of its bearer token and its Idempotency-Key, so the test
 * can say which account sent which record, and the server's lists are read back through the API.
 * Each scenario works on a fresh task of the seed's 'defects' type that staff creates and the LT
 * demo tasker reserves and starts (test/e2e/support/execution.ts).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { DEFECT_NAMES, seedText } from '../../server/db/seed-i18n';
import type { Task } from '../../src/domain/types';
import { TaskWorkPage } from './pages/TaskWorkPage';
import { currentUser, listTasks, passwordToken, STAFF_TOKEN } from './support/api';
import { arrangeDefectsTask, readMirror, replayRecord, serverChecklist, serverDefects, type MirrorRecord } from './support/execution';
import { askServiceWorker, waitForServiceWorkerControl } from './support/serviceWorker';
import { VIEWPORT } from './support/browser';
import { findOverflows } from './support/overflow';
import { screenshot } from './support/screenshots';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

/** The other account that logs in on the phone: the PL demo tasker (another market, another user). */
const OTHER_TASKER = 'pl@demo.shelfwork.app';

const PLAIN = seedText('LT', 'Check in with the store manager');
const DEFECTS = seedText('LT', 'Report defects');
const DIRTY = { id: 'dirty-shelf', name: DEFECT_NAMES['dirty-shelf']!.lt };

/** Past the refresh token's lifetime (REFRESH_TOKEN_TTL_SECONDS, 30 days by default). */
const PAST_REFRESH_LIFETIME_MS = 31 * 24 * 3600_000;

const SESSION_EXPIRED = 'Session expired, please re-login';
const OTHER_ACCOUNT_NOTICE = 'This phone still holds work of another account that has not been sent yet. It will be sent when that account signs in again.';

interface SentRequest {
  method: string;
  path: string;
  /** The user id in the bearer token (its `sub`), null without one. */
  account: string | null;
  /** The outbox records it carries: its Idempotency-Key, or each record's of a POST /api/batch. */
  keys: string[];
  request: Request;
}

/** The user id a bearer token was issued to (the JWT's `sub`), read without verifying it. */
function accountOf(authorization: string | undefined): string | null {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string }).sub ?? null;
  } catch {
    return null;
  }
}

/** Records every /api request the context makes (the sync worker's go through the service worker). */
function recordApi(context: BrowserContext): SentRequest[] {
  const sent: SentRequest[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const headers = request.headers();
    let keys = headers['idempotency-key'] ? [headers['idempotency-key']] : [];
    if (url.pathname === '/api/batch') {
      const body = request.postDataJSON() as { records?: { idempotencyKey: string }[] } | null;
      keys = (body?.records ?? []).map((r) => r.idempotencyKey);
    }
    sent.push({ method: request.method(), path: url.pathname, account: accountOf(headers.authorization), keys, request });
  });
  return sent;
}

/** What the server answered for each record a request carried (the batch's per-record status); null: no answer. */
async function answersOf(entry: SentRequest): Promise<{ key: string; status: number | null }[]> {
  const response = await entry.request.response().catch(() => null);
  if (!response) return entry.keys.map((key) => ({ key, status: null }));
  if (entry.path !== '/api/batch' || response.status() !== 200) return entry.keys.map((key) => ({ key, status: response.status() }));
  const body = (await response.json().catch(() => null)) as { results?: { status: number }[] } | null;
  return entry.keys.map((key, i) => ({ key, status: body?.results?.[i]?.status ?? null }));
}

/** The records among `keys` the server accepted (2xx), with the account that sent each. */
async function accepted(sent: readonly SentRequest[], keys: ReadonlySet<string>): Promise<{ key: string; account: string | null }[]> {
  const out: { key: string; account: string | null }[] = [];
  for (const entry of sent.filter((s) => s.keys.some((k) => keys.has(k)))) {
    for (const answer of await answersOf(entry)) {
      if (keys.has(answer.key) && answer.status !== null && answer.status < 300) out.push({ key: answer.key, account: entry.account });
    }
  }
  return out;
}

async function moveServerClock(request: APIRequestContext, offsetMs: number): Promise<void> {
  const response = await request.post('/api/staff/dev/clock', { headers: { Authorization: `Bearer ${STAFF_TOKEN}` }, data: { offsetMs } });
  expect(response.ok(), `dev clock answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** Everything the mirror holds about tasks and the outbox, whoever owns it. */
async function readWholeMirror(page: Page): Promise<{ taskIds: string[]; outbox: { id: string; state: string; ownerId: string | null }[] }> {
  return page.evaluate(async () => {
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
    const taskIds = (await all<{ id: string }>('tasks')).map((t) => t.id);
    const outbox = (await all<{ id: string; state: string; ownerId?: string | null }>('outbox')).map((r) => ({ id: r.id, state: r.state, ownerId: r.ownerId ?? null }));
    db.close();
    return { taskIds, outbox };
  });
}

/**
 * Collects, in every page of the context, each moment `marker` appears in the document (text or
 * title): a task title shown for a few milliseconds is caught, not only what is on screen at the end.
 */
async function watchForText(context: BrowserContext, marker: string): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__e2eMarkerSeen', (source, where: string) => {
    seen.push(`${new URL(source.page.url()).pathname}: ${where}`);
  });
  await context.addInitScript((text: string) => {
    const report = (window as unknown as { __e2eMarkerSeen: (where: string) => void }).__e2eMarkerSeen;
    const check = () => {
      if (document.title.includes(text)) report('title');
      if (document.body?.textContent?.includes(text)) report('body');
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, marker);
  return seen;
}

async function arrange(page: Page, request: APIRequestContext, title: string) {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const owner = await currentUser(request, token);
  const [available] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(available, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();
  const task = await arrangeDefectsTask(request, token, (available as Task).place.id, { start: true, title });
  const items = await serverChecklist(request, token, task.id);
  const idOf = (t: string) => items.find((i) => i.title === t)?.id as string;
  await loginWithPassword(page, APPROVED_LT_TASKER);
  await waitForServiceWorkerControl(page);
  return { token, owner, task, idOf };
}

/**
 * Ticks and a defect done offline, then the session expires while the phone is still offline
 * (the refresh token's lifetime is over when it is back online). Returns the queued records.
 */
async function workOfflineThenExpire(page: Page, context: BrowserContext, request: APIRequestContext, taskId: string): Promise<MirrorRecord[]> {
  const work = new TaskWorkPage(page);
  await work.goto(taskId);
  await expect(work.checklistHeading).toBeVisible({ timeout: 20_000 });
  await expect(work.readyOffline).toBeVisible({ timeout: 30_000 });

  await context.setOffline(true);
  await work.tickBox(work.tick(PLAIN));
  await work.itemAction(DEFECTS, 'Log defects').click();
  await work.tickBox(work.defect(DIRTY.name));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(work.tick(DEFECTS), "logging a defect ticked the defects item").toBeChecked();
  await expect(work.syncStatus('Waiting for signal')).toBeVisible();
  const queued = (await readMirror(page, taskId)).outbox;
  expect(queued.map((r) => r.kind).sort(), 'the ticks and the defect wait in the outbox').toEqual(expect.arrayContaining(['done-checklist-items', 'task-defects']));

  // While the phone has no signal the session's lifetime ends.
  await moveServerClock(request, PAST_REFRESH_LIFETIME_MS);
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: SESSION_EXPIRED }), 'the app asks to log in again').toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/login/);
  // The service worker's copies of the offline attempts (its background-sync queue) are replayed
  // now, while the old token is refused, so none is left to go out later.
  const replayed = await askServiceWorker<{ remaining: number }>(page, { type: 'replay' }, 'replay-done');
  expect(replayed.remaining, "the service worker's queue is empty").toBe(0);
  await moveServerClock(request, 0);
  return queued;
}

/** After the expiry nothing of the task reached the server, and the work waits, unsent, on the phone. */
async function expectNothingDelivered(page: Page, request: APIRequestContext, token: string, taskId: string, queued: readonly MirrorRecord[], sent: readonly SentRequest[]) {
  const keys = new Set(queued.map((r) => r.id));
  expect(sent.some((s) => s.keys.some((k) => keys.has(k))), 'the work was tried once the signal was back').toBe(true);
  expect(await accepted(sent, keys), 'no record of the work was accepted').toEqual([]);
  expect((await serverChecklist(request, token, taskId)).filter((i) => i.isDone), 'no tick reached the server').toEqual([]);
  expect((await serverDefects(request, token, taskId)).filter((d) => d.checked), 'no defect reached the server').toEqual([]);
  const mirror = await readWholeMirror(page);
  expect(
    mirror.outbox.filter((r) => keys.has(r.id)).map((r) => r.state),
    'the work is still queued, not refused',
  ).toEqual(queued.map(() => 'pending'));
}

/** A logs in again: the queue drains under A, each record exactly once. */
async function expectDeliveredOnce(page: Page, request: APIRequestContext, token: string, ownerId: string, taskId: string, idOf: (t: string) => string, queued: readonly MirrorRecord[], sent: readonly SentRequest[]) {
  await expect
    .poll(async () => (await readMirror(page, taskId)).outbox.map((r) => `${r.kind}:${r.state}`), { message: 'the outbox of the task drained', timeout: 45_000 })
    .toEqual([]);
  expect((await serverChecklist(request, token, taskId)).filter((i) => i.isDone).map((i) => i.id).sort()).toEqual([idOf(PLAIN), idOf(DEFECTS)].sort());
  expect((await serverDefects(request, token, taskId)).filter((d) => d.checked).map((d) => d.id)).toEqual([DIRTY.id]);
  const keys = new Set(queued.map((r) => r.id));
  const delivered = await accepted(sent, keys);
  expect([...new Set(delivered.map((d) => d.key))].sort(), 'each record was accepted').toEqual([...keys].sort());
  expect([...new Set(delivered.map((d) => d.account))], 'every record was accepted under its owner').toEqual([ownerId]);
  // Exactly once: the server holds one answer per record, and sending a record again repeats it.
  for (const record of queued) {
    const replay = await replayRecord(request, token, record);
    expect(replay, `replay of ${record.kind}`).toEqual({ status: expect.any(Number), replayed: 'true' });
  }
}

test.describe('session faults with work queued', () => {
  test('the session expires offline: the app asks to log in again and delivers the queue once after', async ({ page, context, request }) => {
    test.setTimeout(150_000);
    const sent = recordApi(context);
    const { token, owner, task, idOf } = await arrange(page, request, `Defects: session expired ${Date.now().toString(36)}`);
    let queued: MirrorRecord[] = [];
    try {
      queued = await workOfflineThenExpire(page, context, request, task.id);
    } finally {
      await moveServerClock(request, 0);
    }
    const afterExpiry = sent.length;
    // The signal drops and returns once more: the app tries again (drain and pulls), with no token.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(2000);
    await expectNothingDelivered(page, request, token, task.id, queued, sent);
    expect(sent.slice(afterExpiry).filter((s) => s.account !== null).map((s) => `${s.method} ${s.path}`), 'no request with a token while the session is over').toEqual([]);

    // The notice's button leads to the login screen; the tasker logs in again.
    await page.getByRole('alert').filter({ hasText: SESSION_EXPIRED }).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login/);
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await expectDeliveredOnce(page, request, token, owner.id, task.id, idOf, queued, sent);
  });

  test("another account logs in on the phone: it never sees or sends the first account's work, and is told on sign-out", async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const sent = recordApi(context);
    const marker = `SF${Date.now().toString(36)}`;
    const seen = await watchForText(context, marker);
    const { token, owner, task, idOf } = await arrange(page, request, `Defects: ${marker} account switch`);
    const otherToken = await passwordToken(request, OTHER_TASKER, DEMO_PASSWORD);
    const other = await currentUser(request, otherToken);
    expect(other.id).not.toBe(owner.id);
    let queued: MirrorRecord[] = [];
    try {
      queued = await workOfflineThenExpire(page, context, request, task.id);
    } finally {
      await moveServerClock(request, 0);
    }
    await expectNothingDelivered(page, request, token, task.id, queued, sent);
    expect(seen.length, 'the first account saw its task').toBeGreaterThan(0);
    seen.length = 0;

    // A slow signal: the other account's profile takes two seconds to arrive after its login, so a
    // moment in which the phone shows or sends the first account's things would be long enough to see.
    let profileAsked = () => {};
    const profileHeld = new Promise<void>((resolve) => (profileAsked = resolve));
    await context.route('**/api/user', async (route) => {
      if (route.request().method() === 'GET' && accountOf(route.request().headers().authorization) === other.id) {
        profileAsked();
        await new Promise((r) => setTimeout(r, 2000));
      }
      await route.fallback();
    });
    // The other account logs in straight on the login screen the app went to (not through the notice).
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('Email', { exact: true }).fill(OTHER_TASKER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
    // While its profile is on its way the phone already holds the other account's tokens: the
    // first account's tasks must be gone by then.
    await profileHeld;
    const during = await readWholeMirror(page).catch(() => readWholeMirror(page));
    expect(during.taskIds, "the first account's task is gone as soon as the other account is logged in").not.toContain(task.id);
    await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await context.unroute('**/api/user');
    // Its own lists and screens, each pulled from the server.
    await page.goto('/reservable?lng=en');
    await expect.poll(async () => (await readWholeMirror(page)).taskIds.length, { message: "the other account's available tasks arrived", timeout: 20_000 }).toBeGreaterThan(0);
    for (const path of ['/reserved', '/in_progress', '/settings']) {
      await page.goto(`${path}?lng=en`);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForTimeout(1000);
    }
    await expect.poll(async () => (await readWholeMirror(page)).taskIds.includes(task.id), { message: "the first account's task is not on the phone's screens" }).toBe(false);
    expect(seen, "the first account's task title never showed while the other account was logged in").toEqual([]);
    await expect(page.getByText(APPROVED_LT_TASKER)).toHaveCount(0);

    // Nothing of the first account's work was sent under the other account, and it still waits.
    const keys = new Set(queued.map((r) => r.id));
    expect(
      sent.filter((s) => s.account === other.id && s.keys.some((k) => keys.has(k))).map((s) => `${s.method} ${s.path}`),
      "no record of the first account sent with the other's token",
    ).toEqual([]);
    expect((await readWholeMirror(page)).outbox.filter((r) => keys.has(r.id)).map((r) => `${r.state}:${r.ownerId}`)).toEqual(queued.map(() => `pending:${owner.id}`));
    expect((await serverChecklist(request, token, task.id)).filter((i) => i.isDone)).toEqual([]);

    // Sign out: the confirmation says the phone holds another account's unsent work, and nothing of it.
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out now?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(OTHER_ACCOUNT_NOTICE);
    await expect(dialog).not.toContainText(APPROVED_LT_TASKER);
    await expect(dialog).not.toContainText(marker);
    await expect(dialog, 'the other account has nothing of its own waiting').not.toContainText('reached the server');
    expect(await findOverflows(page)).toEqual([]);
    await screenshot(page, 'session-faults-other-account-notice-en');
    // The two longest languages on a small phone: the notice fits (the words themselves: catalogs).
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lng of ['lt', 'pl']) {
      await page.goto(`/settings?lng=${lng}`);
      // Settings' sign-out button (its words are the language's).
      await page.locator('main button.btn-danger').click();
      const localized = page.getByRole('dialog');
      await expect(localized).toBeVisible();
      await expect(localized.locator('p')).toHaveCount(1);
      await expect(localized).not.toContainText(APPROVED_LT_TASKER);
      expect(await findOverflows(page), `the notice in ${lng} at 360 px`).toEqual([]);
      await screenshot(page, `session-faults-other-account-notice-${lng}`);
      await localized.getByRole('button').first().click();
      await expect(localized).toBeHidden();
    }
    await page.setViewportSize(VIEWPORT);
    await page.goto('/settings?lng=en');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toContainText(OTHER_ACCOUNT_NOTICE);
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);

    // The first account logs in again: its work is delivered once, under its own account.
    seen.length = 0;
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await expectDeliveredOnce(page, request, token, owner.id, task.id, idOf, queued, sent);
  });
});
