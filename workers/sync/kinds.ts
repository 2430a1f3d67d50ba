/**
 * What an outbox record kind means, and the registry of every kind. A feature declares its kinds
 * (features/<feature>/index.ts, `kinds`), each an `OutboxKind<K>` whose hooks get that kind's
 * record, so its payload is typed by kind (src/db/outboxKinds.ts, OutboxPayloads) with no cast:
 * how its optimistic change is applied, how it is delivered (its lane, whether it coalesces, or a
 * request sequence of its own), how a still-unsent change is laid over a fresh pull, and how the
 * server's 2xx answer is written back. The engine registers each feature's kinds as it starts;
 * the drain, the queue and the pulls look them up here. A kind no feature registered (a record
 * from another version) gets the defaults: the task or the user is pulled after it settles.
 */
import type { ApiResult } from './http';
import type { OutboxKindName } from '#db/outboxKinds';
import type { OutboxRecord, OutboxRecordOf, ShelfworkDb, TaskPackPart, TaskRow } from '#db/schema';
import type { Task, User } from '#domain/types';
import { isTask } from './answers';
import type { Session } from './session';

/** Which collection to pull after a record settled, when its answer did not carry the new state. */
export type FollowUp = { pull: 'user' } | { pull: 'task'; taskId: string } | { pull: 'pack'; taskId: string } | { pull: 'attendance' } | null;

/** What a kind with its own request sequence (photo-create: POST then PUT) may use. */
export interface SendContext {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  /** An upload's turn for its metadata POST among the photos sent at once (outbox/batch.ts). */
  metadataTurn?: MetadataTurn;
}

/** Wait for `ready` before the metadata POST; call `done` once it is answered. */
export interface MetadataTurn {
  ready: Promise<void>;
  done: () => void;
}

/** What the outbox knows of the other answers written with this one (settleMany). */
export interface WrittenWith {
  replacedInWrite: boolean;
}

/**
 * A task's records go in lanes (outbox/batch.ts): 'photo' records one after the other beside the
 * 'work' records (ticks, scans, defects), which go in batches; any other record is a barrier.
 * `concurrent`: photo creates, up to batchDelivery.photoCreatesAtOnce in flight, taking turns for
 * their metadata POST.
 */
export interface Delivery {
  lane: 'photo' | 'work';
  concurrent?: boolean;
}

/** The fields of a record an optimistic change reads. */
export type Applied<K extends OutboxKindName> = Pick<OutboxRecordOf<K>, 'taskId' | 'payload' | 'path' | 'createdAt'>;

// Methods (not function properties), so a kind of one name is a kind of any name in the registry.
export interface OutboxKind<K extends OutboxKindName = OutboxKindName> {
  /** The optimistic mirror change; runs inside the queueing transaction, and again on retryRejected. */
  apply?(db: ShelfworkDb, record: Applied<K>): Promise<void>;
  /** Sends the record itself instead of one request of `method path payload` (same verdict rules). */
  send?(ctx: SendContext, record: OutboxRecordOf<K>): Promise<ApiResult>;
  /** Its lane among a task's records; none: a barrier (every earlier record goes first). */
  delivery?: Delivery;
  /**
   * "Last state wins": a new record of the same task, kind and path replaces the payload of the
   * newest one still pending and never attempted (queue.ts, `coalescible`).
   */
  coalesce?: boolean;
  /** The task-pack part this kind's unsent records pin (a pull must not overwrite them). */
  packPart?: TaskPackPart;
  /** Re-applies a queued account change onto a user row just pulled from the server. */
  overlayUser?(user: User, record: Pick<OutboxRecordOf<K>, 'kind' | 'path' | 'payload'>): User;
  /**
   * Writes a 2xx answer into the mirror; runs inside the transaction that deletes the record.
   * `written.replacedInWrite`: a later record of the same kind and path is written in the same
   * transaction (a batch's answers), so this answer is not the truth to show (`laterUnsent`).
   */
  reconcile(db: ShelfworkDb, record: OutboxRecordOf<K>, body: unknown, written?: WrittenWith): Promise<FollowUp>;
  /** After a rejection the optimistic change is wrong: what to pull to show the server's truth. */
  afterRejection(record: OutboxRecordOf<K>): FollowUp;
}

/** A feature's kinds: each name with its own record type. */
export type OutboxKinds = { [K in OutboxKindName]?: OutboxKind<K> };

export function toTaskRow(task: Task, sortKey?: number): TaskRow {
  const row: TaskRow = { ...task, placeId: task.place.id };
  if (sortKey !== undefined) row.sortKey = sortKey;
  return row;
}

/** Default for task-scoped kinds: the answer is the task in its new state, or we pull it. */
export const taskMutation: OutboxKind = {
  reconcile: async (db, record, body) => {
    if (!record.taskId) return null;
    if (!isTask(body) || body.id !== record.taskId) return { pull: 'task', taskId: record.taskId };
    const existing = await db.tasks.get(body.id);
    await db.tasks.put(toTaskRow(body, existing?.sortKey));
    return null;
  },
  afterRejection: (record) => (record.taskId ? { pull: 'task', taskId: record.taskId } : { pull: 'user' }),
};

const accountMutation: OutboxKind = {
  reconcile: async () => ({ pull: 'user' }),
  afterRejection: () => ({ pull: 'user' }),
};

const KINDS = new Map<string, OutboxKind>();

/** Registers a feature's kinds (the engine does, for every feature; registering again is harmless). */
export function registerKinds(kinds: OutboxKinds): void {
  for (const [name, kind] of Object.entries(kinds)) if (kind) KINDS.set(name, kind);
}

export function outboxKind(record: Pick<OutboxRecord, 'kind' | 'taskId'>): OutboxKind {
  return KINDS.get(record.kind) ?? (record.taskId ? taskMutation : accountMutation);
}

/** Pack parts pinned by a task's unsent records (their local state wins over a pull). */
export function pinnedParts(unsent: readonly Pick<OutboxRecord, 'kind' | 'taskId'>[]): Set<TaskPackPart> {
  const parts = new Set<TaskPackPart>();
  for (const r of unsent) {
    const part = KINDS.get(r.kind)?.packPart;
    if (part) parts.add(part);
  }
  return parts;
}

/** The user row as the tasker should see it: the server's, with unsent account changes on top. */
export function overlayUnsent(user: User, unsent: readonly OutboxRecord[]): User {
  return unsent.filter((r) => r.taskId === null).reduce((acc, r) => outboxKind(r).overlayUser?.(acc, r) ?? acc, user);
}
