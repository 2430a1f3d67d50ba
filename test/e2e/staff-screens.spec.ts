/**
 * Every screen of the staff console at 1280×800, in English and in Lithuanian: each renders its
 * heading (no load failure), nothing runs off the page sideways, and no labelled control cuts its
 * text (support/overflow.ts). A screenshot of each is saved for a person to look at
 * (test-results/screens/staff-<locale>-<screen>.png with E2E_SCREENSHOTS=1).
 *
 * Signed in as the demo member with every role (server/seed/staff.ts) through the API, the session
 * put where the console keeps it; the screens of one thing (a task under review, a tasker, a
 * week…) open the first one the API lists. Translations may still be incomplete: a Lithuanian
 * screen is checked for its layout and heading, not for English words left in it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleContext, staffSessionViaApi, type ConsoleSession } from './pages/ConsoleLoginPage';
import { passwordToken } from './support/api';
import { findOverflows } from './support/overflow';
import { screenshot } from './support/screenshots';
import { APPROVED_LT_TASKER, DEMO_PASSWORD } from './support/session';

const OPS = 'ops@staff.demo.shelfwork.app';

interface Screen {
  name: string;
  path: string;
  /** The English heading (a screen of one thing is named by the thing: any text). */
  heading: string | RegExp;
  /** Without a session (the sign-in page). */
  signedOut?: boolean;
}

async function firstId(request: APIRequestContext, token: string, path: string, pick: (body: { data: Record<string, unknown>[] }) => unknown = (b) => b.data[0]?.id): Promise<string> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  const value = pick((await response.json()) as { data: Record<string, unknown>[] });
  expect(typeof value, `${path} lists something to open`).toBe('string');
  return value as string;
}

async function screensOf(request: APIRequestContext, session: ConsoleSession): Promise<Screen[]> {
  const token = session.token;
  const reviewId = await firstId(request, token, '/api/staff/review-queue?country=LT&limit=1');
  const taskId = await firstId(request, token, '/api/staff/tasks?country=LT&limit=1');
  const typeId = await firstId(request, token, '/api/staff/task-types');
  const taskerId = await firstId(request, token, '/api/staff/users?country=LT&limit=1');
  const week = await firstId(request, token, '/api/staff/payouts/weeks?country=LT', (b) => b.data[0]?.weekStart);
  // The seed has no support request: the LT demo tasker writes one when none is there.
  const inbox = await request.get('/api/staff/support?limit=1', { headers: { Authorization: `Bearer ${token}` } });
  expect(inbox.ok()).toBe(true);
  if (((await inbox.json()) as { data: unknown[] }).data.length === 0) {
    const tasker = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const sent = await request.post('/api/support/submit-support-request', {
      headers: { Authorization: `Bearer ${tasker}`, 'Idempotency-Key': crypto.randomUUID() },
      data: { body: 'The shelf label scanner in the app does not open on my phone.' },
    });
    expect(sent.ok(), `submit-support-request answered ${sent.status()}: ${await sent.text()}`).toBe(true);
  }
  const supportId = await firstId(request, token, '/api/staff/support?limit=1');
  const any = /\S/;
  return [
    { name: 'login', path: '/staff/login', heading: 'Shelfwork staff', signedOut: true },
    { name: 'home', path: '/staff', heading: /^Welcome, / },
    { name: 'review-queue', path: '/staff/review', heading: /^Review queue/ },
    { name: 'review', path: `/staff/review/${encodeURIComponent(reviewId)}`, heading: any },
    { name: 'tasks', path: '/staff/tasks', heading: 'Tasks' },
    { name: 'task-new', path: '/staff/tasks/new', heading: 'New task' },
    { name: 'task-edit', path: `/staff/tasks/${encodeURIComponent(taskId)}`, heading: 'Edit task' },
    { name: 'tasks-import', path: '/staff/tasks/import', heading: 'Import tasks from CSV' },
    { name: 'task-types', path: '/staff/task-types', heading: 'Task types' },
    { name: 'task-type-new', path: '/staff/task-types/new', heading: 'New task type' },
    { name: 'task-type', path: `/staff/task-types/${encodeURIComponent(typeId)}`, heading: any },
    { name: 'places', path: '/staff/places', heading: 'Places' },
    { name: 'taskers', path: '/staff/taskers', heading: 'Taskers' },
    { name: 'tasker', path: `/staff/taskers/${encodeURIComponent(taskerId)}`, heading: any },
    { name: 'money-weeks', path: '/staff/money?country=LT', heading: 'Payouts' },
    { name: 'money-week', path: `/staff/money/LT/${week}`, heading: /^LT: week of / },
    { name: 'missions', path: '/staff/missions', heading: 'Missions' },
    { name: 'attendance', path: '/staff/attendance', heading: 'Attendance requests' },
    { name: 'support-inbox', path: '/staff/support', heading: 'Support inbox' },
    { name: 'support-request', path: `/staff/support/${encodeURIComponent(supportId)}`, heading: /^Support request from / },
    { name: 'accounts', path: '/staff/accounts', heading: 'Staff accounts' },
    { name: 'audit', path: '/staff/audit', heading: 'Audit trail' },
  ];
}

/** The page's content scrolls sideways as a whole: something is wider than the window. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['en', 'lt'] as const) {
  test(`every console screen at 1280×800 in ${locale}: its heading, no overflow, a screenshot`, async ({ browser, request, baseURL }) => {
    test.setTimeout(300_000);
    const session = await staffSessionViaApi(request, OPS);
    const screens = await screensOf(request, session);
    // One tab per context: the console refreshes its token in the tab's own sessionStorage.
    const signedIn = await (await consoleContext(browser, baseURL as string, { locale, session })).newPage();
    const signedOut = await (await consoleContext(browser, baseURL as string, { locale })).newPage();
    try {
      for (const screen of screens) {
        await test.step(screen.name, async () => {
          const page = screen.signedOut ? signedOut : signedIn;
          await page.goto(screen.path);
          expect(new URL(page.url()).pathname, `${screen.name}: not sent elsewhere`).toBe(screen.path.split('?')[0]);
          const heading = page.getByRole('heading', { level: 1 }).first();
          await expect(heading, `${screen.name}: its heading`).toBeVisible({ timeout: 20_000 });
          if (locale === 'en') await expect(heading, `${screen.name}: its heading`).toHaveText(screen.heading);
          else await expect(heading).toHaveText(/\S/);
          expect(await page.evaluate(() => document.documentElement.lang), 'the console speaks the chosen language').toBe(locale);
          // Loaded: the lazy chunk and the screen's queries answered.
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await expect(page.locator('.console-content [role="alert"]'), `${screen.name}: no load failure`).toHaveCount(0);
          expect.soft(await pageOverflow(page), `${screen.name} (${locale}): the page does not scroll sideways`).toBeLessThanOrEqual(0);
          expect.soft(await findOverflows(page), `${screen.name} (${locale}): controls whose text does not fit`).toEqual([]);
          await screenshot(page, `staff-${locale}-${screen.name}`);
        });
      }
    } finally {
      await signedIn.context().close();
      await signedOut.context().close();
    }
  });
}
