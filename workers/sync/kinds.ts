/**
 * What each outbox record kind means to the mirror: how a still-unsent change is laid over a
 * fresh pull (so a pull never undoes an optimistic change), and how the server's 2xx answer is
 * written back. Later issues add their kinds (checklist, photos, complete ...) here.
 */
import type { OutboxRecord, ShelfworkDb, TaskRow } from '../../src/db/schema';
import { COUNTRY_CODES, type CountryCode, type Task, type User } from '../../src/domain/types';

/** Which collection to pull after a record settled, when its answer did not carry the new state. */
export type FollowUp = { pull: 'user' } | { pull: 'task'; taskId: string } | null;

export interface OutboxKind {
  /** Re-applies a queued account change onto a user row just pulled from the server. */
  overlayUser?: (user: User, payload: unknown) => User;
  /** Writes a 2xx answer into the mirror; runs inside the transaction that deletes the record. */
  reconcile: (db: ShelfworkDb, record: OutboxRecord, body: unknown) => Promise<FollowUp>;
  /** After a rejection the optimistic change is wrong: what to pull to show the server's truth. */
  afterRejection: (record: OutboxRecord) => FollowUp;
}

export function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { email?: unknown }).email === 'string' &&
    typeof (value as { status?: unknown }).status === 'string'
  );
}

export function isTask(value: unknown): value is Task {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { status?: unknown }).status === 'string' &&
    typeof (value as { place?: unknown }).place === 'object' &&
    (value as { place?: unknown }).place !== null
  );
}

export function toTaskRow(task: Task, sortKey?: number): TaskRow {
  const row: TaskRow = { ...task, placeId: task.place.id };
  if (sortKey !== undefined) row.sortKey = sortKey;
  return row;
}

function countryOf(payload: unknown): CountryCode | null {
  const code = (payload as { countryCode?: unknown } | null)?.countryCode;
  return typeof code === 'string' && (COUNTRY_CODES as readonly string[]).includes(code) ? (code as CountryCode) : null;
}

const setCountry: OutboxKind = {
  overlayUser: (user, payload) => {
    const code = countryOf(payload);
    return code ? { ...user, countryCode: code } : user;
  },
  reconcile: async (db, _record, body) => {
    if (!isUser(body)) return { pull: 'user' };
    const current = await db.user.get('me');
    if (current && current.id !== body.id) return { pull: 'user' };
    await db.user.put({ ...body, key: 'me' });
    return null;
  },
  afterRejection: () => ({ pull: 'user' }),
};

/** Default for task-scoped kinds: the answer is the task in its new state, or we pull it. */
const taskMutation: OutboxKind = {
  reconcile: async (db, record, body) => {
    if (!record.taskId) return null;
    if (!isTask(body) || body.id !== record.taskId) return { pull: 'task', taskId: record.taskId };
    const existing = await db.tasks.get(body.id);
    await db.tasks.put(toTaskRow(body, existing?.sortKey));
    return null;
  },
  afterRejection: (record) => (record.taskId ? { pull: 'task', taskId: record.taskId } : { pull: 'user' }),
};

/** Payload of a queued start (DESIGN.md, "Offline start"): where and when the tasker started. */
export interface StartTaskPayload {
  latitude: number;
  longitude: number;
  startedAt: string;
}

export const START_TASK_KIND = 'start-task';

/**
 * `start-task` (POST task/{id}/start). Optimistic change: status in_progress, startTime =
 * startedAt (engine.startTask). 2xx: the answer is the started task. Rejected (420 too far, window
 * ended ...): the record stays rejected with the server's message and the task is pulled, which
 * puts it back in its server state (reserved, or wherever the server has it).
 */
const startTask: OutboxKind = {
  reconcile: taskMutation.reconcile,
  afterRejection: taskMutation.afterRejection,
};

const accountMutation: OutboxKind = {
  reconcile: async () => ({ pull: 'user' }),
  afterRejection: () => ({ pull: 'user' }),
};

const KINDS: Record<string, OutboxKind> = {
  'set-country': setCountry,
  [START_TASK_KIND]: startTask,
};

export function outboxKind(record: Pick<OutboxRecord, 'kind' | 'taskId'>): OutboxKind {
  return KINDS[record.kind] ?? (record.taskId ? taskMutation : accountMutation);
}

/** The user row as the tasker should see it: the server's, with unsent account changes on top. */
export function overlayUnsent(user: User, unsent: readonly OutboxRecord[]): User {
  return unsent
    .filter((r) => r.taskId === null)
    .reduce((acc, r) => outboxKind(r).overlayUser?.(acc, r.payload) ?? acc, user);
}
