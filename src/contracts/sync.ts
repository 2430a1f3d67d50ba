/**
 * The typed contract of the sync worker (workers/sync). The worker implements it
 * (`expose(api satisfies SyncApi)`), the page wraps it (`wrap<SyncApi>()`). All network traffic
 * of the app goes through here: screens never call fetch.
 */
import type { AttendanceAnswer } from '#domain/attendance';
import type { CompletionInput } from '#domain/completion';
import type { ErrorCode } from '#domain/errors';
import type { ScanChange } from '#domain/scans';
import type { Coordinates, CountryCode, Locale, PhotoTag, TaskStatus } from '#domain/types';
import type { PaymentDocumentsPayload, SaveProfilePayload, UserDocumentKind } from '#db/outboxKinds';

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

export interface SyncApi {
  /** Called once by the page; `apiBase` is the absolute URL of /api. */
  init(options: { apiBase: string }): Promise<void>;

  // Auth (online-only commands; tokens are stored in the mirror's `session` table).
  sendEmailCode(email: string): Promise<CommandResult>;
  register(email: string, country: CountryCode): Promise<CommandResult>;
  loginWithCode(email: string, code: string): Promise<CommandResult>;
  loginWithPassword(username: string, password: string): Promise<CommandResult>;
  /** Clears tokens and every mirrored table. */
  logout(): Promise<void>;

  /** Queued through the outbox; the mirror's user row is updated optimistically. */
  setCountry(countryCode: CountryCode): Promise<CommandResult>;

  /** Pull everything that is due (or everything, when `force`). Never throws. */
  syncNow(reason: SyncReason, force?: boolean): Promise<void>;
  /** Pull one task into the mirror (task detail is refreshed every 30 s while open). */
  refreshTask(taskId: string): Promise<CommandResult>;
  /**
   * Mark which collections the visible screen needs, so the worker keeps them fresh. `profile`:
   * an onboarding or profile screen is open (fleet partners, referral codes, supervisor,
   * businesses and the documents' links are pulled while it is, when due). `money`: a payout
   * screen is open (finances every 60 s, past payouts). `missions`: the offerings or missions
   * screen is open (missions pulled as it opens; they have no periodic refresh).
   */
  watch(collections: {
    statuses?: TaskStatus[];
    taskId?: string | null;
    profile?: boolean;
    money?: boolean;
    missions?: boolean;
    /** A map screen is open (issue 13): its centre and whether it is the opportunities map; null when it closes. */
    map?: { center: Coordinates | null; opportunities: boolean } | null;
  }): Promise<void>;

  // Task life cycle (issue 3). The page checks the domain rules first (src/domain/lifecycle.ts);
  // the server re-checks them with its own clock.

  /**
   * Online only: reserving is a race between taskers, so it is never queued. On success the task,
   * the reservation limit and the reserved list are pulled again. Offline → error code 'NETWORK'.
   */
  reserveTask(taskId: string): Promise<CommandResult>;
  /** Online only: the server judges early/late cancel with its clock. `justification` for late cancels. */
  cancelTask(taskId: string, justification: string | null): Promise<CommandResult>;
  /**
   * Queued through the outbox (works offline): the mirror shows the task in progress at once;
   * the server re-checks the recorded position and time on arrival (DESIGN.md, "Offline start").
   */
  startTask(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult>;
  /**
   * Pulls a page of suggestions (available tasks in the same store) into `kv` under
   * `suggestions:<taskId>` as `{ taskIds, pageInfo, total, syncedAt }`, the tasks into `tasks`.
   * `more` appends the next page; otherwise the first page replaces the list.
   */
  pullSuggestions(taskId: string, more?: boolean): Promise<CommandResult>;
  /** Pulls one more page (50) of a history status list; the first page comes with `watch`. */
  pullMoreTasks(status: TaskStatus): Promise<CommandResult>;

  // Doing the work (issue 4). Every command below writes the mirror optimistically and queues an
  // outbox record in ONE Dexie transaction, so it works offline and is delivered exactly once.

  /** Downloads the task pack (checklist, products, defects, scans, photos, images) into the mirror. */
  pullTaskPack(taskId: string): Promise<CommandResult>;
  // Ticks, defects and scans cross as intent (what the tasker changed), never as the whole state a
  // screen saw: the worker applies them to the mirror's CURRENT value in one transaction, so a
  // change made meanwhile in another tab stays, and queues the resulting whole state (a full
  // replacement, coalesced while unsent). Drain debounced 100 ms per task.

  /** These checklist items ticked or unticked. */
  changeChecklist(taskId: string, changes: ChecklistChange[]): Promise<CommandResult>;
  /** These scanned items added or changed (`put`: by id, else by EAN) or removed. */
  changeScannedItems(taskId: string, changes: ScanChange[]): Promise<CommandResult>;
  /** These defects (regular defects and blockers alike) logged or unlogged. */
  changeTaskDefects(taskId: string, changes: DefectChange[]): Promise<CommandResult>;
  /** Stores the (already resized) JPEG in the mirror and queues metadata POST + upload. */
  addPhoto(taskId: string, photo: NewPhoto): Promise<CommandResult>;
  updatePhotoComment(taskId: string, photoId: string, comment: string): Promise<CommandResult>;
  deletePhotos(taskId: string, photoIds: string[]): Promise<CommandResult>;
  /** Queued after the task's other records (the outbox drains in order per task). */
  completeTask(taskId: string, input: CompletionInput): Promise<CommandResult>;
  /** A rejected record: try again as it is (after the tasker fixed the cause), or discard it. */
  retryRejected(recordId: string): Promise<CommandResult>;
  dismissRejected(recordId: string): Promise<CommandResult>;

  // Onboarding and profile. Each writes the mirror and queues an outbox record in ONE transaction
  // (the account queue, delivered in order, exactly once); offline it is queued and shown at once.

  /** `POST user` with these profile fields (any subset; normalised and checked with the domain rules first). */
  saveProfile(values: SaveProfilePayload): Promise<CommandResult>;
  /** `POST user/payment-documents`: LT `{ activityCode }`, elsewhere `{ fleetPartnerId, registered: true }`. */
  savePaymentDocuments(input: PaymentDocumentsPayload): Promise<CommandResult>;
  /** `POST user/referred-by-code` (trimmed; an empty code is ignored, nothing queued). */
  saveReferredByCode(code: string): Promise<CommandResult>;
  /** Stores the (already resized) JPEG in the mirror and queues its upload (POST, then PUT). */
  addUserDocument(kind: UserDocumentKind, blob: Blob): Promise<CommandResult>;

  /** `POST support/submit-support-request {body}` queued on the account queue (works offline, arrives once). */
  submitSupportRequest(body: string): Promise<CommandResult>;
  /** GET country/support-contact into kv (src/domain/support.ts SUPPORT_CONTACT_KV_KEY); online only. */
  refreshSupportContact(): Promise<CommandResult>;

  /**
   * `POST task/{taskId}/attendance-request` (spec section 7), queued on the task's queue: works
   * offline, delivered exactly once; the request leaves kv `attendance:requests` on the 2xx. A
   * refusal stays as a rejected record with the server's code (ATTENDANCE_ALREADY_SUBMITTED ...).
   */
  answerAttendance(taskId: string, answer: AttendanceAnswer): Promise<CommandResult>;

  /** Notifications (issue 14): out of the mirror at once, `POST notifications/{id}/mark-as-seen` queued (offline too, arrives once). */
  markNotificationSeen(id: string): Promise<CommandResult>;
  /** Web push calls (online only), answered with the server's body: see PushNotificationCall. */
  pushNotificationCall(call: PushNotificationCall): Promise<CommandResult<unknown>>;

  /** Last known position, sent as the `Geolocation` header (spec section 7). */
  setPosition(position: { latitude: number; longitude: number } | null): Promise<void>;
  setLocale(locale: Locale): Promise<void>;
}
