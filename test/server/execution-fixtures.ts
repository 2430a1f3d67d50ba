/**
 * Fixtures for the execution suites: a tasker with a task of a given type already in a given
 * status (set in the database, so these suites do not depend on the life-cycle rules, which
 * have their own tests), small JPEG byte strings and request helpers.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './helpers';
import { createTask, createTaskers, type Tasker } from './lifecycle-fixtures';
import type { ApiErrorBody } from '#domain/types';

export type { Tasker };

/** A task of `taskTypeId` owned by a new tasker, moved straight to `status`. */
export async function taskInStatus(
  server: TestServer,
  options: { taskTypeId?: string; status?: string; tasker?: Tasker } = {},
): Promise<{ taskId: string; tasker: Tasker }> {
  const tasker = options.tasker ?? ((await createTaskers(server, 1))[0] as Tasker);
  const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z', taskTypeId: options.taskTypeId ?? 'shelf-photo' });
  const now = server.clock.now();
  const status = options.status ?? 'in_progress';
  await server.db
    .updateTable('tasks')
    .set({ status, tasker_id: tasker.id, reserved_at: now, ...(status === 'in_progress' ? { start_time: now, start_received_at: now } : {}) })
    .where('id', '=', task.id)
    .execute();
  return { taskId: task.id, tasker };
}

/** A JPEG-looking byte string (SOI + APP0 marker, random payload, EOI); the server checks only the magic bytes. */
export function jpegBytes(size = 2048): Buffer {
  const body = randomBytes(Math.max(0, size - 6));
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), body, Buffer.from([0xff, 0xd9])]);
}

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export const newId = () => randomUUID();

export function postJson(server: TestServer, url: string, token: string, payload: unknown, key: string = randomUUID()): Promise<LightMyRequestResponse> {
  return server.request({ method: 'POST', url, token, headers: { 'content-type': 'application/json', 'idempotency-key': key }, payload: JSON.stringify(payload) });
}

export function getJson(server: TestServer, url: string, token: string): Promise<LightMyRequestResponse> {
  return server.request({ method: 'GET', url, token });
}

export function putJpeg(server: TestServer, presignedUrl: string, bytes: Buffer, contentType = 'image/jpeg'): Promise<LightMyRequestResponse> {
  return server.request({ method: 'PUT', url: presignedUrl, headers: { 'content-type': contentType }, payload: bytes });
}

export const errorOf = (res: LightMyRequestResponse) => res.json<ApiErrorBody>().error;
