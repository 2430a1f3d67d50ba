/**
 * The task life cycle through the UI against the real server (spec sections 2 and 4):
 * reserve by sliding, start at the store, staff review showing in history, the 1000 m start
 * rule, late cancel, and two taskers racing for one task. Tasks are picked through the API in
 * the state each scenario needs; every action under test goes through the screens, and the
 * server's answer is checked through the API afterwards.
 *
 * Finishing a started task through the screens is offline-work.spec.ts's; here the tasker's
 * finish is sent through its endpoint (`POST /api/task/{id}/complete`), then staff
 * accepts through the staff API, and the result is checked in the app's history.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import { HistoryPage } from './pages/HistoryPage';
import { TaskActionsPage } from './pages/TaskActionsPage';
import { TaskListPage } from './pages/TaskListPage';
import { completeTask, currentUser, getTask, listTasks, northOf, passwordToken, reserveTask, staffAccept, staffCreateTask } from './support/api';
import { screenshot } from './support/screenshots';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithEmailCode, loginWithPassword } from './support/session';

/**
 * A second approved LT tasker who has done every training: the seed's "crowd" account, which holds
 * the tasks the demo accounts must not see. It has no password, so it logs in by email code.
 * (A tasker registered and approved during the test could not reserve: every task type needs a
 * training, and no API marks one done.)
 */
const SECOND_LT_TASKER = 'crowd-lt@demo.shelfwork.app';

const MINUTE = 60_000;

/** Minutes of slack so a window or deadline cannot pass while the test runs. */
const SLACK = 10 * MINUTE;

/**
 * An available task the demo tasker can reserve and start now: its window is open and stays open
 * well past the test. The seed opens two such windows per market in its daytime; at other hours
 * staff creates one at a store of the market (docs/api.md, `POST /api/staff/tasks`).
 */
async function reservableTaskOpenNow(request: APIRequestContext, token: string): Promise<Task> {
  const available = await listTasks(request, token, ['available'], { isReservable: 'true' });
  const now = Date.now();
  const open = available.find((t) => Date.parse(t.timeWindowStart) <= now && Date.parse(t.timeWindowEnd) > now + t.expectedDuration * MINUTE + SLACK);
  if (open) return open;
  const store = available.find((t) => t.taskTypeId === 'shelf-photo') ?? available[0];
  expect(store, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();
  const start = new Date(Math.floor((now - 15 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE);
  const created = await staffCreateTask(request, {
    placeId: (store as Task).place.id,
    taskTypeId: 'shelf-photo',
    timeWindowStart: start,
    timeWindowEnd: new Date(start.getTime() + 4 * 60 * MINUTE),
    expectedDuration: 30,
    reward: '11.50',
    title: 'Shelf photo: end-to-end check',
  });
  return getTask(request, token, created.id);
}

test.describe('task life cycle', () => {
  test('a tasker reserves a task, starts it at the store, and sees it accepted in history after staff review', async ({ page, context, request }) => {
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const task = await reservableTaskOpenNow(request, token);
    await context.setGeolocation(task.place.coordinates);
    await loginWithPassword(page, APPROVED_LT_TASKER);

    const detail = new TaskActionsPage(page);
    await detail.goto(task.id);
    await detail.expectTitle(task.title);
    await expect(detail.statusPill('Available')).toBeVisible();
    // The commitment dialog shows for a tasker with 3+ accepted tasks (the demo tasker has 6) or
    // when the early-cancel deadline has passed or is missing.
    const { acceptedTaskCount } = await currentUser(request, token);
    const earlyOver = task.earlyCancelDeadline === null || Date.parse(task.earlyCancelDeadline) <= Date.now();
    expect(await detail.slideToReserve(), 'the commitment dialog showed').toBe((acceptedTaskCount ?? 0) >= 3 || earlyOver);
    await expect(detail.toast('Task reserved')).toBeVisible();
    await screenshot(page, 'lifecycle-1-task-reserved');
    // Opened by a deep link, there is no screen to go back to: the reserved list comes instead.
    await expect(page).toHaveURL(/\/reserved$/);
    expect((await getTask(request, token, task.id)).status).toBe('reserved');

    const list = new TaskListPage(page);
    await list.expectCards();
    await list.cards.and(page.locator(`[href="/task/${task.id}"]`)).click();
    await detail.expectTitle(task.title);
    await expect(detail.statusPill('Reserved')).toBeVisible();

    await screenshot(page, 'lifecycle-2-reserved-task');
    const ready = await detail.startFromReadyDialog();
    await expect(detail.toast('Task started')).toBeVisible();
    await expect(ready).toBeHidden();
    await expect(detail.statusPill('In progress')).toBeVisible();
    await expect(page.getByText('Started at')).toBeVisible();
    await expect(detail.startButton).toHaveCount(0);
    await screenshot(page, 'lifecycle-3-in-progress');
    // The start is sent through the outbox: the server has it once it arrived.
    await expect.poll(async () => (await getTask(request, token, task.id)).status, { message: 'the server has the start' }).toBe('in_progress');

    const taskerComment = 'All shelves photographed; the top shelf was half empty.';
    expect((await completeTask(request, token, task.id, taskerComment)).status).toBe('awaiting_confirmation');
    const reviewerComment = `Accepted in the end-to-end run ${Date.now().toString(36)}: photos sharp, all shelves covered.`;
    expect((await staffAccept(request, task.id, reviewerComment)).status).toBe('accepted');

    const history = new HistoryPage(page);
    await history.goto('accepted');
    await history.expectCard(task.id, task.title);
    await screenshot(page, 'lifecycle-4-accepted-history');
    await history.card(task.id).click();
    await detail.expectTitle(task.title);
    await expect(page.getByText('Your work was reviewed and accepted.')).toBeVisible();
    await expect(page.getByText("Reviewer's comment")).toBeVisible();
    await expect(page.getByText(reviewerComment)).toBeVisible();
    await expect(page.getByText(taskerComment)).toBeVisible();
    await screenshot(page, 'lifecycle-5-accepted-task');
  });

  test('starting 2 km away from the store is refused with the distance shown', async ({ page, context, request }) => {
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const reserved = await listTasks(request, token, ['reserved']);
    const now = Date.now();
    const task =
      reserved.find((t) => t.isStartable && Date.parse(t.timeWindowEnd) > now + SLACK) ??
      (await reserveTask(request, token, (await reservableTaskOpenNow(request, token)).id));
    await context.setGeolocation(northOf(task.place.coordinates, 2000));
    await loginWithPassword(page, APPROVED_LT_TASKER);

    const detail = new TaskActionsPage(page);
    await detail.goto(task.id);
    await detail.expectTitle(task.title);
    await detail.startFromReadyDialog();

    const refused = detail.dialog('You are too far from the store');
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('You are 2 km from the store.');
    await expect(refused).toContainText('A task can be started only within 1 km of the store.');
    await screenshot(page, 'lifecycle-6-start-too-far');
    await refused.getByRole('button', { name: 'Close' }).last().click();
    await expect(detail.statusPill('Reserved')).toBeVisible();
    expect((await getTask(request, token, task.id)).status).toBe('reserved');
  });

  test('a late cancel needs a reason and the policy agreement', async ({ page, request }) => {
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const now = Date.now();
    // The seed reserves a task for tomorrow: its early-cancel deadline (end − duration − 48 h)
    // has passed, its late one (an hour before the window) has not.
    const task = (await listTasks(request, token, ['reserved'])).find(
      (t) =>
        t.earlyCancelDeadline !== null &&
        Date.parse(t.earlyCancelDeadline) < now &&
        t.lateCancelDeadline !== null &&
        Date.parse(t.lateCancelDeadline) > now + SLACK,
    );
    expect(task, 'the seed gives the demo tasker a reserved task in its late-cancel period').toBeTruthy();
    const late = task as Task;
    await loginWithPassword(page, APPROVED_LT_TASKER);

    const detail = new TaskActionsPage(page);
    await detail.goto(late.id);
    await detail.expectTitle(late.title);
    await detail.lateCancelButton.click();

    const dialog = detail.dialog('Late cancellation');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('note')).toContainText('may restrict your account');
    const submit = dialog.getByRole('button', { name: 'Cancel task' });
    const reason = dialog.getByLabel('Why are you canceling?');
    const policy = dialog.getByRole('checkbox', { name: /I understand the cancellation policy/ });
    await expect(submit).toBeDisabled();

    await reason.fill('x'.repeat(160));
    await policy.check();
    await expect(dialog.getByText('The reason must be shorter than 160 characters (160/159).')).toBeVisible();
    await expect(submit).toBeDisabled();

    await reason.fill('My child is ill and I cannot leave home tomorrow.');
    await policy.uncheck();
    await expect(submit).toBeDisabled();
    await policy.check();
    await expect(submit).toBeEnabled();
    await screenshot(page, 'lifecycle-7-late-cancel');
    await submit.click();

    await expect(detail.toast('Reservation canceled')).toBeVisible();
    await expect(page).toHaveURL(/\/reserved$/);
    const after = await getTask(request, token, late.id);
    expect(after.status).toBe('available');
    expect(after.taskerId).toBeNull();
  });

  test('two taskers reserving the same task: one sees that it is no longer available', async ({ browser, page, request }) => {
    const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
    const now = Date.now();
    // Not one of the few open-now tasks the start scenario needs.
    const available = await listTasks(request, token, ['available'], { isReservable: 'true' });
    const task = available.find((t) => Date.parse(t.timeWindowStart) > now + 60 * MINUTE) ?? available[0];
    expect(task, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();
    const contested = task as Task;

    const secondContext = await browser.newContext();
    try {
      const secondPage = await secondContext.newPage();
      const first = new TaskActionsPage(page);
      const second = new TaskActionsPage(secondPage);
      // Both taskers get ready side by side; only the slides are ordered.
      await Promise.all([
        (async () => {
          await loginWithPassword(page, APPROVED_LT_TASKER);
          await first.goto(contested.id);
          await first.expectTitle(contested.title);
          await expect(first.slider).toBeVisible();
        })(),
        (async () => {
          await loginWithEmailCode(secondPage, request, SECOND_LT_TASKER);
          await second.goto(contested.id);
          await second.expectTitle(contested.title);
          await expect(second.slider).toBeVisible();
        })(),
      ]);

      await first.slideToReserve();
      await expect(first.toast('Task reserved')).toBeVisible();

      await second.slideToReserve();
      await expect(second.toast('This task is no longer available. Another user has already reserved it.')).toBeVisible();
      await screenshot(secondPage, 'lifecycle-8-no-longer-available');
      // The screen asks the server again and stops offering the task it lost.
      await expect(second.slider).toHaveCount(0);

      const after = await getTask(request, token, contested.id);
      expect(after.status).toBe('reserved');
      expect(after.taskerId).toBe((await currentUser(request, token)).id);
    } finally {
      await secondContext.close();
    }
  });
});
