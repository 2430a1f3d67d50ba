/**
 * Arranging an attendance request from the end-to-end tests: a new task of the seed's 'defects'
 * type at a store of the tasker's market (one of the tasks the tasker may reserve names it), its
 * window tomorrow, reserved by the tasker, and staff asking the tasker to confirm attendance.
 * Made fresh for each test, so no other spec's task or request is used up.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Task } from '../../../src/domain/types';
import { listTasks, passwordToken, reserveTask, staffCreateTask, STAFF_TOKEN } from './api';
import { APPROVED_LT_TASKER, DEMO_PASSWORD } from './session';

/** When the request lapses: in minutes from now, or at a time (ISO 8601). */
export type AttendanceExpiry = { expiresInMinutes: number } | { expiresAt: string };

/**
 * The task (its title is `title` with a unique suffix) reserved by `email` (the Lithuanian demo
 * tasker by default), with a pending attendance request; and the tasker's token.
 */
export async function arrangeAttendanceRequest(
  request: APIRequestContext,
  { title, expiry = { expiresInMinutes: 120 }, email = APPROVED_LT_TASKER }: { title: string; expiry?: AttendanceExpiry; email?: string },
): Promise<{ token: string; task: Task }> {
  const token = await passwordToken(request, email, DEMO_PASSWORD);
  const [available] = await listTasks(request, token, ['available'], { isReservable: 'true' });
  expect(available, `${email} can reserve a task of the seed (its store is used)`).toBeTruthy();
  const start = new Date(Date.now() + 26 * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const created = await staffCreateTask(request, {
    placeId: (available as Task).place.id,
    taskTypeId: 'defects',
    timeWindowStart: start,
    timeWindowEnd: new Date(start.getTime() + 6 * 3600_000),
    expectedDuration: 15,
    reward: '7.00',
    title: `${title} ${Date.now().toString(36)}`,
  });
  const task = await reserveTask(request, token, created.id);
  const asked = await request.post(`/api/staff/tasks/${encodeURIComponent(task.id)}/attendance-request`, {
    headers: { Authorization: `Bearer ${STAFF_TOKEN}` },
    data: expiry,
  });
  expect(asked.status(), `staff attendance request answered ${asked.status()}: ${await asked.text()}`).toBe(201);
  return { token, task };
}
