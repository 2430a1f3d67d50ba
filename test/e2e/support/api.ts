/**
 * The server's API as the end-to-end tests use it to arrange a scenario: log a tasker in, find a
 * task in the state the scenario needs, review work as staff. The screens under test are always
 * driven through the UI; this only picks and prepares the data they act on.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Coordinates, Page as ApiPage, Task, TaskStatus, User } from '../../../src/domain/types';
import { waitForCode } from './mailbox';

/** The dev default of STAFF_TOKEN (docs/api.md, "Staff API"); the e2e server never sets another. */
export const STAFF_TOKEN = process.env.STAFF_TOKEN ?? 'dev-staff-token';

export async function passwordToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/password-login', { data: { username: email, password } });
  expect(response.ok(), `password login of ${email} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The email-code login through the dev mailbox, for accounts without a password. */
export async function emailCodeToken(request: APIRequestContext, email: string): Promise<string> {
  const since = new Date();
  const sent = await request.post('/api/auth/send-email-code', { data: { email } });
  expect(sent.ok(), `send-email-code for ${email} answered ${sent.status()}`).toBe(true);
  const code = await waitForCode(request, email, since);
  const response = await request.post('/api/auth/login', { data: { type: 'email', email, code } });
  expect(response.ok(), `code login of ${email} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** `GET /api/task` with the tasker's token, all pages (the lists are small: one market). */
export async function listTasks(
  request: APIRequestContext,
  token: string,
  statuses: readonly TaskStatus[],
  filters: Record<string, string> = {},
): Promise<Task[]> {
  const tasks: Task[] = [];
  let after: string | null = null;
  for (;;) {
    const params = new URLSearchParams({ status: statuses.join(','), first: '50', ...filters });
    if (after) params.set('after', after);
    const response = await request.get(`/api/task?${params.toString()}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), `GET /api/task?${params.toString()} answered ${response.status()}`).toBe(true);
    const page = (await response.json()) as ApiPage<Task>;
    tasks.push(...page.data);
    if (!page.pageInfo.hasNext || !page.pageInfo.endCursor) return tasks;
    after = page.pageInfo.endCursor;
  }
}

export async function currentUser(request: APIRequestContext, token: string): Promise<User> {
  const response = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET /api/user answered ${response.status()}`).toBe(true);
  return (await response.json()) as User;
}

export async function getTask(request: APIRequestContext, token: string, taskId: string): Promise<Task> {
  const response = await request.get(`/api/task/${encodeURIComponent(taskId)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET /api/task/${taskId} answered ${response.status()}`).toBe(true);
  return (await response.json()) as Task;
}

export async function reserveTask(request: APIRequestContext, token: string, taskId: string): Promise<Task> {
  const response = await request.post(`/api/task/${encodeURIComponent(taskId)}/reserve`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `reserve ${taskId} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Task;
}

/**
 * `POST /api/task/{id}/complete` (outcome `complete`): in_progress → awaiting_confirmation, as the
 * finish screen of the task pack sends it.
 */
export async function completeTask(request: APIRequestContext, token: string, taskId: string, taskerComment: string): Promise<Task> {
  const response = await request.post(`/api/task/${encodeURIComponent(taskId)}/complete`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { outcome: 'complete', taskerComment },
  });
  expect(response.ok(), `complete ${taskId} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Task;
}

/** `POST /api/staff/tasks/{id}/accept` as staff review does it. */
export async function staffAccept(request: APIRequestContext, taskId: string, resultComment: string): Promise<Task> {
  const response = await request.post(`/api/staff/tasks/${encodeURIComponent(taskId)}/accept`, {
    headers: { Authorization: `Bearer ${STAFF_TOKEN}` },
    data: { resultComment },
  });
  expect(response.ok(), `staff accept of ${taskId} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Task;
}

/**
 * `POST /api/staff/tasks`: a new available task at `placeId`. Used only when the seed has no
 * task in the state a scenario needs at this hour (the seed opens windows "now" only in the
 * market's daytime).
 */
export async function staffCreateTask(
  request: APIRequestContext,
  input: { placeId: string; taskTypeId: string; timeWindowStart: Date; timeWindowEnd: Date; expectedDuration: number; reward: string; title: string },
): Promise<Task> {
  const response = await request.post('/api/staff/tasks', {
    headers: { Authorization: `Bearer ${STAFF_TOKEN}` },
    data: { ...input, timeWindowStart: input.timeWindowStart.toISOString(), timeWindowEnd: input.timeWindowEnd.toISOString() },
  });
  expect(response.status(), `staff create task answered ${response.status()}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Task;
}

/** A point `meters` due north of `from` (one degree of latitude is ~111.2 km everywhere). */
export function northOf(from: Coordinates, meters: number): Coordinates {
  return { latitude: from.latitude + meters / 111_195, longitude: from.longitude };
}
