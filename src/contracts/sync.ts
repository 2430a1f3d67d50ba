/**
 * The typed contract of the sync worker (workers/sync): what crosses Comlink. The worker exposes
 * it, the page wraps it (`wrap<SyncApi>()`). All network traffic of the app goes through here:
 * screens never call fetch. `SyncApi` itself is derived from the worker's feature definitions;
 * the types they share with the page are written here.
 */
import type { ErrorCode } from '#domain/errors';
import type { ScanChange } from '#domain/scans';
import type { PhotoTag } from '#domain/types';
// The one import of worker code here, type only (eslint.config.js allows the contracts no more): the
// contract is the features' commands as they are defined, so a command's signature is written once
// (workers/sync/features/<feature>/index.ts).
import type { SyncFeaturesApi } from '../../workers/sync/features/index';

export type { ScanChange };

/** A checklist item the tasker ticked (`done`) or unticked. */
export interface ChecklistChange {
  itemId: string;
  done: boolean;
}

/** A defect (regular or blocker) the tasker logged (`checked`) or unlogged. */
export interface DefectChange {
  defectId: string;
  checked: boolean;
}

/** Errors cross the boundary as data; the UI maps `code` to words (spec section 8). */
export interface CommandError {
  /** HTTP status, or 0 when the server could not be reached. */
  status: number;
  /** The server's code (e.g. 'WRONG_CODE') or the worker's own ('NETWORK', 'QUOTA_EXCEEDED', 'UNKNOWN'…): src/domain/errors.ts. */
  code: ErrorCode;
  /** The server's message (shown for 420, spec section 8). */
  message: string;
  fields?: Record<string, string>;
}

/** A photo the tasker took: the (already resized) JPEG and what is sent about it. */
export interface NewPhoto {
  id: string;
  blob: Blob;
  width: number;
  height: number;
  comment: string;
  tags: PhotoTag[];
}

export type CommandResult<T = void> = { ok: true; value: T } | { ok: false; error: CommandError };

export type SyncReason = 'start' | 'online' | 'visible' | 'timer' | 'login' | 'manual' | 'background-sync';

/** The push-notification calls (spec section 7) the page makes through the worker's session. */
export type PushNotificationCall =
  | { op: 'vapid-public-key' }
  | { op: 'settings' }
  | { op: 'subscriptions' }
  | { op: 'save-settings'; settings: { topicTaskOffer?: boolean; topicBonus?: boolean } }
  | { op: 'subscribe'; subscription: { endpoint: string; expirationTime: number | null; keys: { p256dh: string; auth: string } } };

/**
 * The sync worker's API, derived from its feature definitions (workers/sync/features/index.ts):
 * the engine's own calls (init, syncNow, watch: workers/sync/feature.ts, CoreApi) and every
 * feature's exposed command, with the argument types and doc comments written beside the command
 * in its feature (workers/sync/features/<feature>/index.ts). `watch` takes every feature's signals.
 */
export type SyncApi = SyncFeaturesApi;
