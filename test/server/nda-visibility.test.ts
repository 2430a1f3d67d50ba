/**
 * NDA content per viewer (spec section 6, server/catalog/visibility.ts): an account awaiting
 * approval sees tasks locked, but no instructions, no link of an NDA-protected training and no
 * reference photos of an NDA-protected task type — in the list, the detail, the training list and
 * the task type's photos. The approved tasker sees them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import type { Page, Task, Training } from '#domain/types';

let server: TestServer;
let pending: string;
let approved: string;
const NDA_LINK = 'https://learn.shelfwork.app/nda/planograms';
// Both accounts are Lithuanian: the task type reads in Lithuanian (docs/decisions/0008).
const NDA_INSTRUCTIONS = 'Planograma konfidenciali';

beforeAll(async () => {
  server = await startTestServer();
  pending = (await server.login('pending@demo.shelfwork.app')).token;
  approved = (await server.login('lt@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server?.close();
});

async function restockingTasks(token: string): Promise<Task[]> {
  const res = await server.request({ method: 'GET', url: '/api/task?status=available&trainingId=confidential-planograms&first=50', token });
  expect(res.statusCode).toBe(200);
  return res.json<Page<Task>>().data.filter((t) => t.taskType.ndaProtected);
}

describe('NDA-protected content needs approval', () => {
  it('the approved tasker sees the NDA task type in full (so the checks below can fail)', async () => {
    const tasks = await restockingTasks(approved);
    expect(tasks.length).toBeGreaterThan(0);
    const type = tasks[0]!.taskType;
    expect(type.fullDescription).toContain(NDA_INSTRUCTIONS);
    expect(type.trainings.map((t) => t.linkToTraining)).toContain(NDA_LINK);
    const detail = (await server.request({ method: 'GET', url: `/api/task/${tasks[0]!.id}`, token: approved })).json<Task>();
    expect(detail.taskType.fullDescription).toContain(NDA_INSTRUCTIONS);
  });

  it('an account awaiting approval gets no NDA link and no instructions in the task list', async () => {
    const tasks = await restockingTasks(pending);
    expect(tasks.length).toBeGreaterThan(0);
    const body = JSON.stringify(tasks);
    expect(body).not.toContain(NDA_LINK);
    expect(body).not.toContain(NDA_INSTRUCTIONS);
    expect(tasks.every((t) => t.taskType.fullDescription === '')).toBe(true);
    // Titles of the trainings stay, so the locked task can say which training is missing.
    expect(tasks[0]!.taskType.trainings.map((t) => t.title)).toContain('Konfidencialios planogramos (NDA)');
  });

  it('the whole list answer carries no instructions at all before approval', async () => {
    const res = await server.request({ method: 'GET', url: '/api/task?status=available&trainingId=confidential-planograms&first=50', token: pending });
    expect(res.json<Page<Task>>().data.every((t) => t.taskType.fullDescription === '')).toBe(true);
    expect(res.body).not.toContain(NDA_LINK);
  });

  it('nor in the task detail', async () => {
    const [task] = await restockingTasks(approved);
    const res = await server.request({ method: 'GET', url: `/api/task/${task!.id}`, token: pending });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(NDA_LINK);
    expect(res.body).not.toContain(NDA_INSTRUCTIONS);
  });

  it('a list asked right after the approved viewer (shared per-type cache) still gets the locked shape', async () => {
    await restockingTasks(approved);
    const res = await server.request({ method: 'GET', url: '/api/task?status=available&trainingId=confidential-planograms&first=50', token: pending });
    expect(res.body).not.toContain(NDA_LINK);
    await restockingTasks(pending);
    const again = await server.request({ method: 'GET', url: '/api/task?status=available&trainingId=confidential-planograms&first=50', token: approved });
    expect(again.body).toContain(NDA_LINK);
  });

  it('the training list hides the NDA training link before approval', async () => {
    const list = (await server.request({ method: 'GET', url: '/api/training', token: pending })).json<Training[]>();
    expect(list.find((t) => t.ndaProtected)?.linkToTraining).toBe('');
    const full = (await server.request({ method: 'GET', url: '/api/training', token: approved })).json<Training[]>();
    expect(full.find((t) => t.ndaProtected)?.linkToTraining).toBe(NDA_LINK);
  });

  it("the NDA task type's reference photos are refused before approval", async () => {
    const [task] = await restockingTasks(approved);
    await server.db.updateTable('task_types').set({ photos: JSON.stringify(['/images/planogram-example.jpg']) }).where('id', '=', task!.taskTypeId).execute();
    const url = `/api/task/task_type/${task!.taskTypeId}/photos`;
    const full = (await server.request({ method: 'GET', url, token: approved })).json<{ data: unknown[] }>();
    expect(full.data.length).toBeGreaterThan(0);
    const locked = (await server.request({ method: 'GET', url, token: pending })).json<{ data: unknown[] }>();
    expect(locked.data).toEqual([]);
  });
});
