/**
 * The IndexedDB mirror (Dexie). The sync worker is its only writer for server data; screens read
 * it through `useLiveQuery`. Shared by the page and the workers, so it must not touch the DOM.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { AuthTokens, Country, ReservationLimit, Task, Training, User } from '../domain/types';

/** One row per synced collection: when it was last pulled and whether that failed. */
export interface SyncMeta {
  /** e.g. 'user', 'tasks:available', 'tasks:reserved', 'task:<id>', 'trainings', 'reservationLimit'. */
  key: string;
  syncedAt: string | null;
  /** Error code of the last failed pull, cleared on success. */
  error: string | null;
  attemptedAt: string | null;
}

export type OutboxState = 'pending' | 'sending' | 'rejected' | 'done';

/** A queued mutation (DESIGN.md, "The write path"). Never deleted before the server answered 2xx. */
export interface OutboxRecord {
  /** uuid, also the Idempotency-Key. */
  id: string;
  /** Null for account-level mutations (settings). */
  taskId: string | null;
  kind: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path under /api, e.g. 'user/set-country'. */
  path: string;
  payload: unknown;
  createdAt: string;
  attempts: number;
  state: OutboxState;
  nextAttemptAt: string | null;
  /** For rejected records: the server's error. */
  error: { status: number; code: string; message: string } | null;
  /**
   * Id of the user who queued it (additive, optional). Only the owner's session drains it, so a
   * record kept across logout is never sent with another tasker's token. Missing = anyone's.
   */
  ownerId?: string | null;
}

/** A task row: the API task plus the index fields the lists query by. */
export interface TaskRow extends Task {
  placeId: string;
  /** Position of the task in its collection's server order, for stable paging. */
  sortKey?: number;
}

export interface SessionRow {
  key: 'tokens';
  tokens: AuthTokens;
  /** For dev convenience and support: whose session this is. */
  email: string | null;
}

export interface KeyValueRow<T = unknown> {
  key: string;
  value: T;
}

export const DB_NAME = 'shelfwork';

export class ShelfworkDb extends Dexie {
  tasks!: EntityTable<TaskRow, 'id'>;
  user!: EntityTable<User & { key: 'me' }, 'key'>;
  trainings!: EntityTable<Training, 'id'>;
  countries!: EntityTable<Country, 'code'>;
  reservationLimit!: EntityTable<ReservationLimit & { key: 'me' }, 'key'>;
  meta!: EntityTable<SyncMeta, 'key'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  session!: EntityTable<SessionRow, 'key'>;
  /** Small device-local values the worker needs too (last known position, ...). */
  kv!: EntityTable<KeyValueRow, 'key'>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
      tasks: 'id, status, placeId, taskTypeId, timeWindowStart, timeWindowEnd, [status+timeWindowStart]',
      user: 'key',
      trainings: 'id',
      countries: 'code',
      reservationLimit: 'key',
      meta: 'key',
      outbox: 'id, taskId, state, createdAt, [state+createdAt]',
      session: 'key',
      kv: 'key',
    });
  }
}

let instance: ShelfworkDb | null = null;

/** The one database of this runtime (page or worker). Tests create their own `new ShelfworkDb(name)`. */
export function getDb(): ShelfworkDb {
  if (!instance) {
    instance = new ShelfworkDb();
    // Another runtime upgraded the schema: close so it can proceed; the page reloads (see src/app).
    instance.on('versionchange', () => {
      instance?.close();
      return false;
    });
  }
  return instance;
}
