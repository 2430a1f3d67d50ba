/**
 * The IndexedDB mirror (Dexie). The sync worker is its only writer for server data; screens read
 * it through `useLiveQuery`. Shared by the page and the workers, so it must not touch the DOM.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { ErrorCode } from '#domain/errors';
import type { OutboxKindName, OutboxPayloads, UserDocumentKind } from './outboxKinds';
import type {
  AuthTokens,
  ChecklistItem,
  Country,
  Defect,
  FleetPartner,
  Money,
  Photo,
  Place,
  Product,
  ReservationLimit,
  ScannedItem,
  Task,
  Training,
  User,
} from '#domain/types';

/** One row per synced collection: when it was last pulled and whether that failed. */
export interface SyncMeta {
  /** e.g. 'user', 'tasks:available', 'tasks:reserved', 'task:<id>', 'trainings', 'reservationLimit'. */
  key: string;
  syncedAt: string | null;
  /** Error code of the last failed pull, cleared on success. */
  error: string | null;
  attemptedAt: string | null;
  /**
   * Delta task lists (`tasks:available|reserved|in_progress`, docs/sync-protocol.md): the server's
   * opaque `since` cursor of the last successful pull, written with the rows it describes. Not
   * indexed, so no schema version; absent → the next pull asks for the whole list.
   */
  cursor?: string | null;
}

/** One kind's record: its `kind` and that kind's payload. */
export type OutboxRecordOf<K extends OutboxKindName> = OutboxRecordBase & { kind: K; payload: OutboxPayloads[K] };

/** A queued mutation (DESIGN.md, "The write path"), by kind. Never deleted before the server answered 2xx. */
export type OutboxRecord = { [K in OutboxKindName]: OutboxRecordOf<K> }[OutboxKindName];

export type OutboxState = 'pending' | 'sending' | 'rejected' | 'done';

/** What every queued mutation has, whatever its kind. */
export interface OutboxRecordBase {
  /** uuid, also the Idempotency-Key. */
  id: string;
  /** Null for account-level mutations (settings). */
  taskId: string | null;
  method: 'POST' | 'PUT' | 'DELETE';
  /** API path under /api, e.g. 'user/set-country'. */
  path: string;
  createdAt: string;
  attempts: number;
  /**
   * `attempts` when the connection last came back (additive, optional — missing = 0): the backoff
   * grows with the failures since then, so attempts made offline do not delay the first retries
   * after a reconnect.
   */
  backoffFrom?: number;
  state: OutboxState;
  nextAttemptAt: string | null;
  /**
   * For rejected records: the server's error, with its per-field codes when it sent them
   * (`fields`, additive: a refused profile save shows each field's error under the field).
   */
  error: { status: number; code: ErrorCode; message: string; fields?: Record<string, string> } | null;
  /**
   * Id of the user who queued it (additive, optional). Only the owner's session drains it, so a
   * record kept across logout is never sent with another tasker's token. Missing = anyone's.
   */
  ownerId?: string | null;
  /**
   * When the tasker did what the record carries (ISO; additive, optional — missing = createdAt).
   * Coalescing moves it to the newest state's time. Sent as `Shelfwork-Recorded-At`: the server
   * takes work recorded inside the window even when it arrives after the task expired.
   */
  recordedAt?: string;
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

// ---------------------------------------------------------------------------------------------
// The task pack: everything needed to perform a reserved / in-progress task offline.

export type TaskPackPart = 'checklist' | 'products' | 'defects' | 'taskDefects' | 'scannedItems' | 'photos' | 'images';

/** Whether a task's pack is complete on this device, part by part (ISO time of the last pull, or null). */
export interface TaskPackRow {
  taskId: string;
  parts: Partial<Record<TaskPackPart, string | null>>;
  complete: boolean;
  error: string | null;
  /**
   * Additive (task-pack cache, sync worker): the absolute URLs of the images and documents of the
   * `images` part, as keyed in the pack cache. Lets the sync worker keep exactly what reserved and
   * in-progress tasks need and notice entries the browser evicted. Absent on packs pulled before.
   */
  images?: string[];
}

export interface ChecklistItemRow extends ChecklistItem {
  taskId: string;
  /** Position in the server's order. */
  position: number;
}

export interface ProductRow extends Product {
  taskId: string;
}

/** A defect applicable to a task, with whether the tasker logged it. */
export interface TaskDefectRow extends Defect {
  taskId: string;
  checked: boolean;
}

export interface ScannedItemRow extends ScannedItem {
  taskId: string;
}

export type PhotoUploadState = 'local' | 'metadata-sent' | 'uploaded';

/**
 * A photo of a task. Taken offline it exists only here, with its JPEG in `blob`; the blob is
 * deleted only after the server confirmed the upload (DESIGN.md, write path step 5).
 */
export interface PhotoRow extends Photo {
  taskId: string;
  blob: Blob | null;
  /** Bytes of the JPEG, kept after the blob is dropped (for "waiting" summaries and checks). */
  size: number;
  width: number;
  height: number;
  uploadState: PhotoUploadState;
  /** Deleted by the tasker, deletion queued. Hidden from screens. */
  deleted?: boolean;
  /**
   * Additive (sync worker): its rejected upload was dismissed by the tasker. The photo
   * and its JPEG are kept on the device (never thrown away by dismissing an error), but nothing
   * will send it any more; deleting it removes it.
   */
  uploadDismissed?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Onboarding and profile (schema version 4).

/**
 * A half-filled form, kept on the device so it survives a closed app (device-local, never sent;
 * cleared on logout and on an account switch: it may hold a national ID or an IBAN).
 */
export interface DraftRow<T = unknown> {
  /** The form, e.g. 'profile' or 'onboarding-profile'. */
  key: string;
  values: T;
  /** Where the wizard was (a step id). */
  step?: string;
  updatedAt: string;
}

export type UserDocumentUploadState = 'local' | 'uploaded';

/**
 * A profile photo, identity document or payment document. Taken on the device it exists only here
 * with its JPEG in `blob` until the upload's PUT succeeded (then `blob` is dropped and `src` set);
 * one the server already had comes from its GET with `src` only.
 */
export interface UserDocumentRow {
  /** Client-made UUID (the server is idempotent by it). */
  id: string;
  kind: UserDocumentKind;
  blob?: Blob | null;
  uploadState: UserDocumentUploadState;
  /** The server's link to the file, once uploaded. */
  src?: string | null;
  createdAt: string;
  /** Who took it (a local document waits for its owner's session, like the outbox record). */
  ownerId?: string | null;
}

/** A fleet partner with its place in the server's order (the list is shown in that order). */
export interface FleetPartnerRow extends FleetPartner {
  position?: number;
}

/** A business of the tasker's market (GET country/business). */
export interface CountryBusiness {
  id: string;
  countryCode: string;
  name: string;
  registrationNumber: string;
  address: string;
}

/** The market's supervisor (GET country/supervisor). */
export interface Supervisor {
  name: string;
  phone: string | null;
  email: string | null;
}

// ---------------------------------------------------------------------------------------------
// Maps (schema version 5).

/**
 * A place pulled for the map (GET task/places: places with available tasks and their count and
 * summed reward), with this week's opportunities when the opportunities map asked
 * (GET task/places/task-earn). The places of the tasker's own tasks come from `tasks`.
 */
export interface MapPlaceRow extends Place {
  /** This week's count and summed reward (GET task/places/task-earn); absent until asked. */
  weekEarn?: { taskCount: number; taskEarn: Money | null } | null;
  /** When the pull that wrote it ran (ISO). */
  pulledAt: string;
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
  taskPacks!: EntityTable<TaskPackRow, 'taskId'>;
  checklistItems!: EntityTable<ChecklistItemRow, 'id'>;
  products!: Dexie.Table<ProductRow, [string, string]>;
  /** The global defect list (GET task/defects). */
  defects!: EntityTable<Defect, 'id'>;
  taskDefects!: Dexie.Table<TaskDefectRow, [string, string]>;
  scannedItems!: EntityTable<ScannedItemRow, 'id'>;
  photos!: EntityTable<PhotoRow, 'id'>;
  /** Half-filled forms (onboarding, profile edit). */
  drafts!: EntityTable<DraftRow, 'key'>;
  userDocuments!: EntityTable<UserDocumentRow, 'id'>;
  /** The fleet partners of the markets asked for (GET country/fleet-partners). */
  fleetPartners!: EntityTable<FleetPartnerRow, 'id'>;
  /** Places with available tasks, pulled while a map is open (GET task/places). */
  places!: EntityTable<MapPlaceRow, 'id'>;

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
    // the task pack and the tasker's own records (photos keep their JPEG until uploaded).
    this.version(2).stores({
      taskPacks: 'taskId',
      checklistItems: 'id, taskId',
      products: '[taskId+ean], taskId',
      defects: 'id',
      taskDefects: '[taskId+id], taskId',
      scannedItems: 'id, taskId',
      photos: 'id, taskId, uploadState, [taskId+createdAt]',
    });
    // Task lists (DESIGN.md budget: 500 tasks, list query + render ≤ 100 ms): the first page in the
    // list's time order (start, end, id) and the type filter's categories come from indexes, so
    // the plain list reads 50 rows instead of every row of its status. Replaces the unused
    // [status+timeWindowStart] (a prefix of the new one). No upgrade function: IndexedDB builds
    // the indexes from the existing rows and keeps them in step with every writer.
    this.version(3).stores({
      tasks: 'id, status, placeId, taskTypeId, timeWindowStart, timeWindowEnd, [status+timeWindowStart+timeWindowEnd], [status+taskType.filterTitle]',
    });
    // Onboarding and profile: drafts of half-filled forms, the tasker's documents (JPEG kept until
    // uploaded), the fleet partners. New tables only: nothing to upgrade.
    this.version(4).stores({
      drafts: 'key',
      userDocuments: 'id, kind',
      fleetPartners: 'id, countryCode',
    });
    // Maps: the places pulled for the map, kept for offline. A new table only.
    this.version(5).stores({
      places: 'id, countryCode',
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
