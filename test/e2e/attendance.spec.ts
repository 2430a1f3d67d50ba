/**
 * Attendance confirmation end to end (spec sections 3–8), real Chromium against the real
 * server: staff ask the demo tasker to confirm a reserved task (staff API); the banner on the
 * reserved list opens the popup; an answer "no" with a comment reaches the server exactly once —
 * also when given offline and delivered on reconnect — and the request leaves the screen; a request
 * left unanswered lapses (the lapse job run now through the staff API, with the server's clock) and
 * its reservation is cancelled, which the app then shows.
 *
 * Each scenario makes its own task (staff API, window tomorrow) and reserves it as the demo tasker.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import { AttendancePage } from './pages/AttendancePage';
import { STAFF_TOKEN } from './support/api';
import { arrangeAttendanceRequest } from './support/attendance';
import { screenshot } from './support/screenshots';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, loginWithPassword } from './support/session';
import { fastForwardSyncWorker } from './support/syncWorkerClock';

const staff = { Authorization: `Bearer ${STAFF_TOKEN}` };

interface StaffRequest {
  id: string;
  status: string;
  accept: boolean | null;
  justification: string | null;
  cancelledReservation: boolean | null;
}

async function serverRequests(request: APIRequestContext, taskId: string): Promise<StaffRequest[]> {
  const response = await request.get(`/api/staff/tasks/${encodeURIComponent(taskId)}/attendance-requests`, { headers: staff });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: StaffRequest[] }).data;
}

test.describe('attendance confirmation', () => {
  test('an answer "no" with a comment arrives once, and the request leaves the screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { task } = await arrangeAttendanceRequest(request, { title: 'Attendance online' });
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await page.goto('/reserved');
    const attendance = new AttendancePage(page);
    // Pulled at start (approved tasker), then every 60 s.
    await expect(attendance.banner(task.title)).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'attendance-banner');
    await attendance.open(task.title);
    await screenshot(page, 'attendance-dialog');
    await attendance.answerNo('My car broke down on the way');

    await expect.poll(async () => (await serverRequests(request, task.id)).map((r) => [r.status, r.accept, r.justification]), { timeout: 20_000 }).toEqual([['declined', false, 'My car broke down on the way']]);
    await expect(attendance.banner(task.title)).toBeHidden();
    // Exactly once: still one answered request after the outbox settled and the next pulls.
    await page.reload();
    await expect(page.locator('.task-list-screen')).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(2000);
    expect((await serverRequests(request, task.id)).map((r) => r.status)).toEqual(['declined']);
    await expect(attendance.banner(task.title)).toBeHidden();
    // A second delivery would have been refused as already answered and said so.
    await expect(page.getByText('You have already answered this attendance request.')).toHaveCount(0);
  });

  test('an answer given offline waits on the phone and is delivered once on reconnect', async ({ page, context, request }) => {
    test.setTimeout(150_000);
    const { task } = await arrangeAttendanceRequest(request, { title: 'Attendance offline' });
    await loginWithPassword(page, APPROVED_LT_TASKER);
    await waitForServiceWorkerControl(page);
    await page.goto('/reserved');
    const attendance = new AttendancePage(page);
    await expect(attendance.banner(task.title)).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await attendance.open(task.title);
    await attendance.answerNo('Sick today, sorry');
    await expect(attendance.banner(task.title)).toContainText('Your answer is saved and waits to be sent.');
    await screenshot(page, 'attendance-waiting-offline');
    // Nothing reached the server while offline.
    expect((await serverRequests(request, task.id)).map((r) => r.status)).toEqual(['pending']);

    await context.setOffline(false);
    await expect.poll(async () => (await serverRequests(request, task.id)).map((r) => [r.status, r.justification]), { timeout: 60_000 }).toEqual([['declined', 'Sick today, sorry']]);
    await expect(attendance.banner(task.title)).toBeHidden({ timeout: 20_000 });
    await page.waitForTimeout(2000);
    expect(await serverRequests(request, task.id)).toHaveLength(1);
    await expect(page.getByText('You have already answered this attendance request.')).toHaveCount(0);
  });

  test('an unanswered request lapses and cancels the reservation', async ({ page, request }) => {
    test.setTimeout(200_000);
    const expiresAt = Date.now() + 20_000;
    const { token, task } = await arrangeAttendanceRequest(request, { title: 'Attendance unanswered', expiry: { expiresAt: new Date(expiresAt).toISOString() } });
    await loginWithPassword(page, APPROVED_LT_TASKER);
    // Searched by its title: in the day groups it may sit behind 'Show more' (two per group are shown).
    await page.goto(`/reserved?search=${encodeURIComponent(task.title)}`);
    const attendance = new AttendancePage(page);
    await expect(attendance.banner(task.title)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: new RegExp(task.title) })).toBeVisible();

    // Past the expiry, the lapse job runs (staff run it now; the server also runs it every minute).
    await page.waitForTimeout(Math.max(0, expiresAt + 500 - Date.now()));
    const lapse = await request.post('/api/staff/attendance-requests/lapse', { headers: staff });
    expect(lapse.ok()).toBe(true);
    expect((await serverRequests(request, task.id)).map((r) => [r.status, r.cancelledReservation])).toEqual([['lapsed', true]]);
    const serverTask = await request.get(`/api/task/${encodeURIComponent(task.id)}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await serverTask.json()) as Task).status).toBe('available');

    // The app follows with its next refreshes (lists and attendance every 60 s, spec section 9): a
    // minute passes for the sync worker (support/syncWorkerClock.ts) and its next 15 s tick pulls;
    // the reservation leaves the reserved list, the banner goes.
    await fastForwardSyncWorker(page, 60_000);
    await expect(page.getByRole('link', { name: new RegExp(task.title) })).toBeHidden({ timeout: 30_000 });
    await expect(attendance.banner(task.title)).toBeHidden({ timeout: 30_000 });
    await screenshot(page, 'attendance-lapsed');
  });
});
