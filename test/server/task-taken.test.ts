/**
 * A task another tasker has just reserved: GET task/{id} answers 404 with
 * TASK_NO_LONGER_AVAILABLE (the viewer saw it among the offerings), so the page can say "no
 * longer available" instead of "not found"; an unknown task is still TASK_NOT_FOUND.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, SEED_TIME, type TestServer } from './helpers';
import { createTask, createTaskers, post, type Tasker } from './lifecycle-fixtures';
import type { ApiErrorBody } from '#domain/types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a task someone else took', () => {
  it('answers TASK_NO_LONGER_AVAILABLE to another tasker of the market, the task itself to its tasker', async () => {
    server.clock.set(SEED_TIME);
    const [taker, other] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const task = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z', duration: 60 });
    other.token = await server.tokenFor(other.id);
    expect((await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: other.token })).statusCode).toBe(200);
    taker.token = await server.tokenFor(taker.id);
    expect((await post(server, `/api/task/${task.id}/reserve`, taker.token)).statusCode).toBe(200);

    const gone = await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: other.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ApiErrorBody>().error.code).toBe('TASK_NO_LONGER_AVAILABLE');
    expect((await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: taker.token })).statusCode).toBe(200);
    // An account that may not see tasks learns nothing of the taken task: the refusal it gets for any task.
    const [waiting] = (await createTaskers(server, 1)) as [Tasker];
    await server.db.updateTable('users').set({ status: 'rejected', approved_at: null }).where('id', '=', waiting.id).execute();
    const hidden = await server.request({ method: 'GET', url: `/api/task/${task.id}`, token: await server.tokenFor(waiting.id) });
    expect(hidden.json<ApiErrorBody>().error.code).toBe('CANNOT_SEE_TASKS');
    const unknown = await server.request({ method: 'GET', url: '/api/task/no-such-task', token: other.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().error.code).toBe('TASK_NOT_FOUND');
  });
});
