/**
 * Fixtures for the life-cycle suites: extra approved taskers (trainings done) and fresh tasks
 * with known windows created through the staff API, so each test owns its data.
 */
import { randomUUID } from 'node:crypto';
import type { TestServer } from './helpers';
import type { Task } from '#domain/types';

export const STAFF = { authorization: 'Bearer test-staff-token' };

export interface Tasker {
  id: string;
  token: string;
}

/** Approved taskers in a market with every training done (so only the rule under test can refuse). */
export async function createTaskers(server: TestServer, count: number, country = 'LT', limitMinutes: number | null = null): Promise<Tasker[]> {
  const now = server.clock.now();
  const trainings = await server.db.selectFrom('trainings').select('id').execute();
  const out: Tasker[] = [];
  const rows = Array.from({ length: count }, () => {
    const id = randomUUID();
    return {
      id,
      email: `tasker-${id}@test.shelfwork.app`,
      password_hash: null,
      first_name: 'Test',
      middle_name: null,
      last_name: 'Tasker',
      phone: null,
      country_code: country,
      status: 'active',
      payment_documents_done: true,
      profile_complete: true,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: null,
      reservation_limit_minutes: limitMinutes,
      created_at: now,
      updated_at: now,
    };
  });
  await server.db.insertInto('users').values(rows).execute();
  await server.db
    .insertInto('user_trainings')
    .values(rows.flatMap((u) => trainings.map((t) => ({ user_id: u.id, training_id: t.id, done_at: now }))))
    .execute();
  for (const r of rows) out.push({ id: r.id, token: await server.tokenFor(r.id) });
  return out;
}

/** Coordinates of a place, for starting tasks there. */
export async function placeOf(server: TestServer, placeId: string): Promise<{ latitude: number; longitude: number }> {
  const p = await server.db.selectFrom('places').select(['latitude', 'longitude']).where('id', '=', placeId).executeTakeFirstOrThrow();
  return { latitude: p.latitude, longitude: p.longitude };
}

export async function firstPlace(server: TestServer, country = 'LT'): Promise<string> {
  const p = await server.db.selectFrom('places').select('id').where('country_code', '=', country).orderBy('id').executeTakeFirstOrThrow();
  return p.id;
}

/**
 * A new available task (task type 'shelf-photo', which needs trainings every fixture tasker has).
 * Deadlines follow the staff rule: early = end − duration − 48 h, late = start − 1 h.
 */
export async function createTask(
  server: TestServer,
  options: { placeId?: string; start: string; end: string; duration?: number; reward?: string; taskTypeId?: string },
): Promise<Task> {
  const placeId = options.placeId ?? (await firstPlace(server));
  const res = await server.request({
    method: 'POST',
    url: '/api/staff/tasks',
    headers: STAFF,
    payload: {
      placeId,
      taskTypeId: options.taskTypeId ?? 'shelf-photo',
      timeWindowStart: options.start,
      timeWindowEnd: options.end,
      expectedDuration: options.duration ?? 60,
      reward: options.reward ?? '20.00',
    },
  });
  if (res.statusCode !== 201) throw new Error(`create task failed: ${res.statusCode} ${res.body}`);
  return res.json<Task>();
}

export function post(server: TestServer, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) {
  return server.request({ method: 'POST', url, token, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

export async function statusOf(server: TestServer, taskId: string): Promise<{ status: string; tasker_id: string | null }> {
  return server.db.selectFrom('tasks').select(['status', 'tasker_id']).where('id', '=', taskId).executeTakeFirstOrThrow();
}
