/**
 * Details of the task screens at 360×740: a task another tasker has just taken says that it is no
 * longer available (not "Task not found") when the tasker opens it again.
 */
import { expect, test } from '@playwright/test';
import type { Task } from '../../src/domain/types';
import { TaskActionsPage } from './pages/TaskActionsPage';
import { emailCodeToken, listTasks, passwordToken, reserveTask } from './support/api';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithPassword } from './support/session';

/** The seed's second approved LT tasker with every training (see lifecycle.spec.ts). */
const SECOND_LT_TASKER = 'crowd-lt@demo.shelfwork.app';
const MINUTE = 60_000;

test.use({ viewport: { width: 360, height: 740 } });

test('a task someone else just took says it is no longer available, not that it was not found', async ({ page, request }) => {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const available = await listTasks(request, token, ['available'], { isReservable: 'true' });
  // A task opening later (the open-now ones are the start scenarios').
  const task = (available.find((t) => Date.parse(t.timeWindowStart) > Date.now() + 60 * MINUTE) ?? available.at(-1)) as Task;
  expect(task, 'the demo tasker can reserve at least one task of the seed').toBeTruthy();

  await loginWithPassword(page, APPROVED_LT_TASKER);
  const detail = new TaskActionsPage(page);
  await detail.goto(task.id);
  await detail.expectTitle(task.title);

  // Another tasker takes it while this one looks at it; opening it again asks the server.
  await reserveTask(request, await emailCodeToken(request, SECOND_LT_TASKER), task.id);
  await page.reload();

  await expect(page).toHaveURL(/\/reservable/);
  await expect(page.getByRole('alert').filter({ hasText: 'This task is no longer available. Another user has already reserved it.' })).toBeVisible();
  await expect(page.getByText('Task not found')).toHaveCount(0);
});
