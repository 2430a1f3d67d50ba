/**
 * The sync engine: the one `SyncApi` (src/contracts/sync.ts) over an injected database, fetch and
 * clock, so vitest drives it with fake-indexeddb and the real server in-process. It joins the
 * feature handler maps of features/ (auth, lifecycle, execution; every command through the one
 * wrapper of features/command.ts; the drain in features/drainer.ts) and keeps the scheduling
 * itself: what is due, the watched collections, the paged pulls a screen asks for (suggestions,
 * older history), the task-pack schedule, setCountry, position and locale. worker.ts only adds
 * timers and Comlink.
 *
 * Over 450 lines because the scheduling shares one state (watched statuses and task, history
 * resets, in-flight pages, the sync chain) that the sync triggers, `watch` and the pack schedule
 * all read and write.
 */
import type { FetchImpl } from './http';
import { enqueueMutation } from './queue';
import { authHandlers, type AuthHandlers } from './features/auth';
import { runCommand, toCommand } from './features/command';
import { executionHandlers, type ExecutionHandlers } from './features/execution';
import { lifecycleHandlers, type LifecycleHandlers } from './features/lifecycle';
import { profileHandlers, type ProfileHandlers } from './features/profile';
import { supportHandlers, type SupportHandlers } from './features/support';
import { answerAttendanceHandler } from './features/attendance';
import { attendanceDue, pullAttendanceRequests } from './pulls/attendance';
import { Drainer } from './features/drainer';
import { notificationHandlers, type NotificationHandlers } from './features/notifications';
import { notificationsDue, pullNotifications } from './pulls/notifications';
import type { ShelfworkDb } from '#db/schema';
import { LOCALE_KEY, POSITION_KEY } from '#contracts/kv';
import type { ChecklistChange, CommandResult, DefectChange, NewPhoto, PushNotificationCall, ScanChange, SyncApi, SyncReason } from '#contracts/sync';
import type { PaymentDocumentsPayload, SaveProfilePayload, UserDocumentKind } from '#db/outboxKinds';
import type { AttendanceAnswer } from '#domain/attendance';
import type { CompletionInput } from '#domain/completion';
import {
  COUNTRY_CODES,
  TASK_STATUSES,
  type Coordinates,
  type CountryCode,
  type Locale,
  type ScannedItem,
  type TaskStatus,
  type User,
} from '#domain/types';
import { canSeeTasks, countryChangeError } from '#domain/users';
import type { FollowUp } from './kinds';
import { restartBackoff, type DrainContext } from './outbox';
import { browserImageCache, maintainPackCache, packDue, pullTaskPack, type ImageCache, type PackContext } from './pack';
import { pullCountries, pullReservationLimit, pullTrainings, pullUser } from './pulls/account';
import {
  FAILED_PULL_RETRY_MS,
  INTERVALS_MS,
  isDue,
  isHistoryStatus,
  LocalWrites,
  metaKeyForStatus,
  metaKeyForTask,
  type PullContext,
} from './pulls/base';
import { pullNextHistoryPage } from './pulls/history';
import { missionsDueOnOpen, pullMissions, pullMoneyDue, pullMoneyOnOpen } from './pulls/money';
import { centerMovedFar, PLACES_INTERVAL_MS, PLACES_META, pullPlaces, type MapWatch } from './pulls/places';
import { pullProfileDue } from './pulls/profile';
import { pullSuggestions } from './pulls/suggestions';
import { pullTask, pullTasksByStatus } from './pulls/taskLists';
import { NOT_LOGGED_IN, Session } from './session';

/** The lists every screen set needs (tabs and badges); history statuses are pulled while watched. */
export const DEFAULT_TASK_STATUSES: readonly TaskStatus[] = ['available', 'reserved', 'in_progress'];

/** A history list unwatched this long starts again from its first page when reopened. */
export const HISTORY_RESET_AFTER_MS = 10 * 60_000;

/** Statuses whose task pack is kept on the device. */
const PACK_STATUSES: readonly TaskStatus[] = ['reserved', 'in_progress'];

/**
 * Triggers that mean "the connection may be back": retry failed pulls and waiting records now,
 * whatever their backoff. Each is a one-off event (app start, a login, the browser going from
 * offline to online). The service worker's wake-up ('background-sync') is not one of them: Chromium
 * fires a sync event at once whenever one is registered while the browser counts as online, which
 * the page does on every outbox change, so a server that refuses connections would get every
 * record and failed pull again after each failed attempt, without end. A wake-up sends what is due.
 */
const EAGER_REASONS: ReadonlySet<SyncReason> = new Set(['start', 'online', 'login']);

export interface SyncEngineOptions {
  db: ShelfworkDb;
  /** Absolute URL of /api; may instead arrive later through init(). */
  apiBase?: string;
  fetchImpl?: FetchImpl;
  now?: () => Date;
  /** Jitter source for the outbox backoff; tests pin it. */
  random?: () => number;
  /** Web Locks; null where unavailable (Node tests). Defaults to navigator.locks. */
  locks?: LockManager | null;
  warn?: (message: string, detail?: unknown) => void;
  /** Where task-pack images are cached; defaults to the Cache API (null: none, e.g. Node). */
  imageCache?: ImageCache | null;
}

function defaultLocks(): LockManager | null {
  return (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks ?? null;
}

const OK: CommandResult = { ok: true, value: undefined };

export class SyncEngine implements SyncApi {
  readonly db: ShelfworkDb;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly locks: LockManager | null;
  private readonly warn: (message: string, detail?: unknown) => void;
  private readonly session: Session;
  private readonly pullCtx: PullContext;
  private readonly drainCtx: DrainContext;
  private readonly packCtx: PackContext;
  private readonly drainer: Drainer;
  private readonly auth: AuthHandlers;
  private readonly execution: ExecutionHandlers;
  private readonly lifecycle: LifecycleHandlers;
  private readonly profile: ProfileHandlers;
  private readonly notifications: NotificationHandlers;
  private readonly support: SupportHandlers;
  private readonly answerAttendanceCmd: (taskId: string, answer: unknown) => Promise<CommandResult>;

  private apiBase: string | null;
  private resolveReady: (() => void) | null = null;
  private readonly ready: Promise<void>;

  private watchedStatuses: TaskStatus[] = [];
  private watchedTaskId: string | null = null;
  /** An onboarding or profile screen is open: its reference data is pulled when due. */
  private profileWatched = false;
  /** A payout screen is open (profile, next payout): finances every 60 s (pulls/money.ts). */
  private moneyWatched = false;
  /** The offerings or missions screen is open: missions pulled when it opens (they have no refresh). */
  private missionsWatched = false;
  /** A map screen is open (pulls/places.ts): its centre and whether it shows opportunities. */
  private mapWatched: MapWatch | null = null;
  private mapPulledCenter: Coordinates | null = null;
  /** History statuses opened anew: their next first-page pull replaces the whole list. */
  private readonly historyResets = new Set<TaskStatus>();
  /** When each history status stopped being watched (ms), to tell "back from a task" from "opened anew". */
  private readonly unwatchedAt = new Map<TaskStatus, number>();
  private readonly pagesInFlight = new Map<string, Promise<CommandResult>>();
  private readonly writes = new LocalWrites();
  private overflowReported = false;

  private syncChain: Promise<void> = Promise.resolve();
  private queuedSync: { reason: SyncReason; force: boolean; promise: Promise<void> } | null = null;

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.warn = options.warn ?? ((message, detail) => console.warn(`[sync] ${message}`, detail ?? ''));
    this.apiBase = options.apiBase ?? null;
    this.ready = this.apiBase
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.resolveReady = resolve;
        });
    this.session = new Session({
      db: this.db,
      fetchImpl: options.fetchImpl,
      apiBase: async () => {
        await this.ready;
        return this.apiBase ?? '';
      },
      locks: this.locks,
    });
    this.pullCtx = {
      db: this.db,
      session: this.session,
      now: this.now,
      reportOverflow: (key, count) => {
        if (this.overflowReported) return;
        this.overflowReported = true;
        this.warn(`More than 500 tasks fetched (${count} in ${key})`);
      },
      writes: this.writes,
    };
    this.drainCtx = {
      db: this.db,
      session: this.session,
      now: this.now,
      random: this.random,
      followUp: (followUp) => this.runFollowUp(followUp),
      taskWritten: (taskId) => this.writes.touch(taskId),
    };
    this.drainer = new Drainer({ db: this.db, ctx: this.drainCtx, locks: this.locks, ready: this.ready, warn: this.warn });
    this.execution = executionHandlers({ db: this.db, session: this.session, now: this.now, drainer: this.drainer, warn: this.warn });
    this.profile = profileHandlers({ db: this.db, session: this.session, now: this.now, drainer: this.drainer, warn: this.warn });
    this.notifications = notificationHandlers({ db: this.db, session: this.session, now: this.now, drainer: this.drainer, warn: this.warn });
    this.support = supportHandlers({ db: this.db, session: this.session, now: this.now, drainer: this.drainer, warn: this.warn });
    this.answerAttendanceCmd = answerAttendanceHandler({ db: this.db, session: this.session, now: this.now, drainer: this.drainer, warn: this.warn });
    this.lifecycle = lifecycleHandlers({
      db: this.db,
      session: this.session,
      now: this.now,
      ready: this.ready,
      writes: this.writes,
      pullCtx: this.pullCtx,
      drainer: this.drainer,
      warn: this.warn,
      guard: (what, job) => this.guard(what, job),
      pullPackIfDue: (taskId) => this.pullPackIfDue(taskId),
    });
    this.auth = authHandlers({
      db: this.db,
      session: this.session,
      pullUser: () => this.guard('user pull', () => pullUser(this.pullCtx)),
      syncAfterLogin: () => this.drainer.spawn(this.syncNow('login')),
      forgetWatches: () => {
        this.watchedStatuses = [];
        this.watchedTaskId = null;
        this.profileWatched = false;
        this.moneyWatched = false;
        this.missionsWatched = false;
        this.mapWatched = null;
        this.mapPulledCenter = null;
        this.historyResets.clear();
        this.unwatchedAt.clear();
      },
    });
    this.packCtx = {
      db: this.db,
      session: this.session,
      now: this.now,
      apiBase: async () => {
        await this.ready;
        return this.apiBase ?? '';
      },
      images: options.imageCache === undefined ? browserImageCache() : options.imageCache,
    };
  }

  // ---- SyncApi -------------------------------------------------------------------------------

  async init(options: { apiBase: string }): Promise<void> {
    this.apiBase = options.apiBase;
    this.resolveReady?.();
    this.resolveReady = null;
  }

  // Auth: features/auth.ts.
  sendEmailCode(email: string): Promise<CommandResult> {
    return this.auth.sendEmailCode(email);
  }

  register(email: string, country: CountryCode): Promise<CommandResult> {
    return this.auth.register(email, country);
  }

  loginWithCode(email: string, code: string): Promise<CommandResult> {
    return this.auth.loginWithCode(email, code);
  }

  loginWithPassword(username: string, password: string): Promise<CommandResult> {
    return this.auth.loginWithPassword(username, password);
  }

  logout(): Promise<void> {
    return this.auth.logout();
  }

  setCountry(countryCode: CountryCode): Promise<CommandResult> {
    return this.command('setCountry', () => this.setCountryNow(countryCode));
  }

  private async setCountryNow(countryCode: CountryCode): Promise<CommandResult> {
    if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) {
      return { ok: false, error: { status: 400, code: 'COUNTRY_INVALID', message: `Unknown country ${countryCode}` } };
    }
    if (!(await this.session.tokens())) return toCommand(NOT_LOGGED_IN);
    const { db } = this;
    // After approval the market is staff's (src/domain/users.ts): refused here as the server would, nothing queued.
    const known = await db.user.get('me');
    const locked = known ? countryChangeError(known, known.countryCode ?? null, countryCode) : null;
    if (locked) {
      return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'This cannot be changed after your profile is approved', fields: { countryCode: locked } } };
    }
    await enqueueMutation(
      db,
      { taskId: null, kind: 'set-country', method: 'POST', path: 'user/set-country', payload: { countryCode } },
      {
        now: this.now(),
        optimistic: async () => {
          const me = await db.user.get('me');
          if (me) await db.user.put({ ...me, countryCode });
        },
      },
    );
    this.drainer.spawn(this.drain({ ignoreBackoff: true }));
    return { ok: true, value: undefined };
  }

  /** Drain the outbox, then pull what is due (or everything). Coalesces overlapping calls. Never throws. */
  syncNow(reason: SyncReason, force = false): Promise<void> {
    const queued = this.queuedSync;
    if (queued) {
      // A run is already waiting to start: widen it instead of queueing another.
      queued.force ||= force;
      if (EAGER_REASONS.has(reason)) queued.reason = reason;
      return queued.promise;
    }
    const entry = { reason, force, promise: Promise.resolve() };
    entry.promise = this.syncChain.then(async () => {
      if (this.queuedSync === entry) this.queuedSync = null;
      await this.runSync(entry.reason, entry.force);
    });
    this.queuedSync = entry;
    this.syncChain = entry.promise;
    return entry.promise;
  }

  async refreshTask(taskId: string): Promise<CommandResult> {
    await this.ready;
    try {
      return await pullTask(this.pullCtx, taskId);
    } catch (err) {
      this.warn('task pull failed', err);
      return { ok: false, error: { status: 0, code: 'UNKNOWN', message: String(err) } };
    }
  }

  async watch(collections: { statuses?: TaskStatus[]; taskId?: string | null; profile?: boolean; money?: boolean; missions?: boolean; map?: MapWatch | null }): Promise<void> {
    this.watchMoney(collections);
    if (collections.map !== undefined) this.watchMap(collections.map);
    if (collections.profile !== undefined) {
      const opened = collections.profile && !this.profileWatched;
      this.profileWatched = collections.profile;
      if (opened) {
        // A profile screen opened: what it shows is pulled now if due (never a full sync).
        const job = this.syncChain.then(() => this.pullProfile({ eager: false, force: false }));
        this.syncChain = job;
        this.drainer.spawn(job);
      }
    }
    if (collections.statuses !== undefined) {
      const next = collections.statuses.filter((s) => (TASK_STATUSES as readonly string[]).includes(s));
      this.noteHistoryWatch(next);
      this.watchedStatuses = next;
    }
    if (collections.taskId !== undefined) this.watchedTaskId = collections.taskId;
    // Only what this screen watches, and only if due (never synced, past its interval, or a history
    // list starting afresh): a screen mount must not cost a full sync (drain, every due check, the
    // pack cache) that competes with the screen's own reads. The full sync's triggers (start,
    // online, visibility, timer, background sync) keep pulling every watched collection. Queued on
    // the sync chain so it never overlaps a pull of the same collection; the caller does not wait.
    const statuses = this.watchedStatuses.filter((s) => collections.statuses?.includes(s));
    const taskId = collections.taskId ?? null;
    if (statuses.length === 0 && taskId === null) return;
    const job = this.syncChain.then(() => this.pullWatched(statuses, taskId));
    this.syncChain = job;
    this.drainer.spawn(job);
  }

  /**
   * A map opened, moved or closed (pulls/places.ts): its places are pulled now when it opens or its
   * centre moved past the radius from the last pulled centre; then every 60 s with the sync timer.
   */
  private watchMap(map: MapWatch | null): void {
    const previous = this.mapWatched;
    this.mapWatched = map;
    if (!map) return;
    const opened = !previous || previous.opportunities !== map.opportunities;
    if (!opened && !centerMovedFar(this.mapPulledCenter, map.center)) return;
    const job = this.syncChain.then(() => this.pullMap(map));
    this.syncChain = job;
    this.drainer.spawn(job);
  }

  private async pullMap(map: MapWatch): Promise<void> {
    await this.guard('places pull', async () => {
      await this.ready;
      if (!(await this.session.tokens())) return;
      const user = await this.db.user.get('me');
      if (user && !canSeeTasks(user)) return;
      this.mapPulledCenter = map.center;
      await pullPlaces(this.pullCtx, map);
    });
  }

  /** Money and missions screens opening: what they show is pulled now if due (pulls/money.ts). */
  private watchMoney(collections: { money?: boolean; missions?: boolean }): void {
    const moneyOpened = collections.money === true && !this.moneyWatched;
    const missionsOpened = collections.missions === true && !this.missionsWatched;
    if (collections.money !== undefined) this.moneyWatched = collections.money;
    if (collections.missions !== undefined) this.missionsWatched = collections.missions;
    if (!moneyOpened && !missionsOpened) return;
    const job = this.syncChain.then(() =>
      this.guard('money pulls', async () => {
        await this.ready;
        if (!(await this.session.tokens())) return;
        const pull = (what: string, run: () => Promise<unknown>) => this.guard(what, run);
        const jobs: Promise<unknown>[] = [];
        if (moneyOpened) jobs.push(pullMoneyOnOpen(this.pullCtx, pull));
        if (missionsOpened && (await missionsDueOnOpen(this.db, this.now()))) jobs.push(pull('missions pull', () => pullMissions(this.pullCtx)));
        await Promise.all(jobs);
      }),
    );
    this.syncChain = job;
    this.drainer.spawn(job);
  }

  private async pullWatched(statuses: readonly TaskStatus[], taskId: string | null): Promise<void> {
    await this.guard('watched pull', async () => {
      await this.ready;
      if (!(await this.session.tokens())) return;
      const { db } = this;
      const now = this.now();
      const user = await db.user.get('me');
      const allowed = this.statusesToPull(user ?? null);
      const jobs: Promise<unknown>[] = [];
      for (const status of statuses) {
        if (!allowed.includes(status)) continue;
        if (this.historyResets.has(status) || (await isDue(db, metaKeyForStatus(status), INTERVALS_MS.tasks, now))) jobs.push(this.pullStatus(status));
      }
      if (taskId && taskId === this.watchedTaskId && (await isDue(db, metaKeyForTask(taskId), INTERVALS_MS.task, now))) {
        jobs.push(this.guard('task pull', () => pullTask(this.pullCtx, taskId)));
      }
      await Promise.all(jobs);
    });
  }

  // Task life cycle: features/lifecycle.ts.
  reserveTask(taskId: string): Promise<CommandResult> {
    return this.lifecycle.reserveTask(taskId);
  }

  cancelTask(taskId: string, justification: string | null): Promise<CommandResult> {
    return this.lifecycle.cancelTask(taskId, justification);
  }

  startTask(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult> {
    return this.lifecycle.startTask(taskId, position, startedAt);
  }

  /** A page of suggestions into kv `suggestions:<taskId>` and `tasks` (see pulls/suggestions.ts). */
  async pullSuggestions(taskId: string, more = false): Promise<CommandResult> {
    await this.ready;
    return this.once(`suggestions:${taskId}:${more}`, () => pullSuggestions(this.pullCtx, taskId, more));
  }

  /**
   * The next page of a history list. Reserved, in-progress and available lists are always pulled
   * whole, so for them there is nothing more to fetch.
   */
  async pullMoreTasks(status: TaskStatus): Promise<CommandResult> {
    await this.ready;
    if (!isHistoryStatus(status)) return OK;
    return this.once(`more:${status}`, async () => {
      if (!this.historyResets.has(status)) return pullNextHistoryPage(this.pullCtx, status);
      // Reopened and not yet restarted from page 1: do that first, or the pages would mix.
      const result = await pullTasksByStatus(this.pullCtx, status, { replaceAll: true });
      if (result.ok) this.historyResets.delete(status);
      return result.ok ? OK : { ok: false, error: result.error };
    });
  }

  // ---- Doing the work (issue 4) ---------------------------------------------------------------

  async pullTaskPack(taskId: string): Promise<CommandResult> {
    await this.ready;
    return this.once(`pack:${taskId}`, () => pullTaskPack(this.packCtx, taskId));
  }

  // Doing the work: features/execution.ts.
  changeChecklist(taskId: string, changes: ChecklistChange[]): Promise<CommandResult> {
    return this.execution.changeChecklist(taskId, changes);
  }

  changeScannedItems(taskId: string, changes: ScanChange[]): Promise<CommandResult> {
    return this.execution.changeScannedItems(taskId, changes);
  }

  changeTaskDefects(taskId: string, changes: DefectChange[]): Promise<CommandResult> {
    return this.execution.changeTaskDefects(taskId, changes);
  }

  /** The whole set of done ids, replacing the mirror's (tests and tools; not on SyncApi). */
  setChecklistDone(taskId: string, doneIds: string[]): Promise<CommandResult> {
    return this.execution.setChecklistDone(taskId, doneIds);
  }

  /** The whole list, replacing the mirror's (tests and tools; not on SyncApi). */
  saveScannedItems(taskId: string, items: ScannedItem[]): Promise<CommandResult> {
    return this.execution.saveScannedItems(taskId, items);
  }

  /** The whole set of logged defect ids, replacing the mirror's (tests and tools; not on SyncApi). */
  setTaskDefects(taskId: string, defectIds: string[]): Promise<CommandResult> {
    return this.execution.setTaskDefects(taskId, defectIds);
  }

  addPhoto(taskId: string, photo: NewPhoto): Promise<CommandResult> {
    return this.execution.addPhoto(taskId, photo);
  }

  updatePhotoComment(taskId: string, photoId: string, comment: string): Promise<CommandResult> {
    return this.execution.updatePhotoComment(taskId, photoId, comment);
  }

  deletePhotos(taskId: string, photoIds: string[]): Promise<CommandResult> {
    return this.execution.deletePhotos(taskId, photoIds);
  }

  completeTask(taskId: string, input: CompletionInput): Promise<CommandResult> {
    return this.execution.completeTask(taskId, input);
  }

  retryRejected(recordId: string): Promise<CommandResult> {
    return this.execution.retryRejected(recordId);
  }

  dismissRejected(recordId: string): Promise<CommandResult> {
    return this.execution.dismissRejected(recordId);
  }

  async setPosition(position: { latitude: number; longitude: number } | null): Promise<void> {
    if (position) await this.db.kv.put({ key: POSITION_KEY, value: { latitude: position.latitude, longitude: position.longitude } });
    else await this.db.kv.delete(POSITION_KEY);
  }

  async setLocale(locale: Locale): Promise<void> {
    await this.db.kv.put({ key: LOCALE_KEY, value: locale });
  }

  // Onboarding and profile: features/profile.ts.
  saveProfile(values: SaveProfilePayload): Promise<CommandResult> {
    return this.profile.saveProfile(values);
  }

  savePaymentDocuments(input: PaymentDocumentsPayload): Promise<CommandResult> {
    return this.profile.savePaymentDocuments(input);
  }

  saveReferredByCode(code: string): Promise<CommandResult> {
    return this.profile.saveReferredByCode(code);
  }

  addUserDocument(kind: UserDocumentKind, blob: Blob): Promise<CommandResult> {
    return this.profile.addUserDocument(kind, blob);
  }

  /** Support: features/support.ts (queued on the account queue; the contact into kv). */
  submitSupportRequest(body: string): Promise<CommandResult> {
    return this.support.submitSupportRequest(body);
  }

  refreshSupportContact(): Promise<CommandResult> {
    return this.support.refreshSupportContact();
  }

  /** Attendance: features/attendance.ts (queued on the task's queue; the pull is pulls/attendance.ts). */
  answerAttendance(taskId: string, answer: AttendanceAnswer): Promise<CommandResult> {
    return this.answerAttendanceCmd(taskId, answer);
  }

  /** Notifications (issue 14): features/notifications.ts; the pull is pulls/notifications.ts. */
  markNotificationSeen(id: string): Promise<CommandResult> {
    return this.notifications.markNotificationSeen(id);
  }

  pushNotificationCall(call: PushNotificationCall): Promise<CommandResult<unknown>> {
    return this.notifications.pushNotificationCall(call);
  }

  // ---- Engine internals used by worker.ts and tests ------------------------------------------

  /** Drains the outbox; only one drain per engine and (with Web Locks) per origin at a time. */
  drain(options: { ignoreBackoff: boolean } = { ignoreBackoff: false }): Promise<void> {
    return this.drainer.drain(options);
  }

  /** When the next waiting outbox record is due, or null when nothing waits. */
  nextDrainAt(): Promise<Date | null> {
    return this.drainer.nextDrainAt();
  }

  /** Resolves when every fire-and-forget job (drain kicks, watch pulls) has settled. For tests. */
  async idle(): Promise<void> {
    await this.drainer.idle();
    await this.syncChain;
  }

  /**
   * A history list opened for the first time in this worker, or after HISTORY_RESET_AFTER_MS
   * unwatched, starts again from its first page (its older pages may be stale); coming back from
   * a task within that time keeps the pages the tasker had scrolled through.
   */
  private noteHistoryWatch(next: readonly TaskStatus[]): void {
    const now = this.now().getTime();
    for (const status of this.watchedStatuses) {
      if (isHistoryStatus(status) && !next.includes(status)) this.unwatchedAt.set(status, now);
    }
    for (const status of next) {
      if (!isHistoryStatus(status) || this.watchedStatuses.includes(status)) continue;
      const since = this.unwatchedAt.get(status);
      if (since === undefined || now - since >= HISTORY_RESET_AFTER_MS) this.historyResets.add(status);
    }
  }

  /** Joins a call to the same job already in flight (a screen's scroll sentinel may fire twice). */
  private once(key: string, job: () => Promise<CommandResult>): Promise<CommandResult> {
    const running = this.pagesInFlight.get(key);
    if (running) return running;
    const promise = job()
      .catch((err: unknown): CommandResult => {
        this.warn(`${key} failed`, err);
        return { ok: false, error: { status: 0, code: 'UNKNOWN', message: String(err) } };
      })
      .finally(() => {
        this.pagesInFlight.delete(key);
      });
    this.pagesInFlight.set(key, promise);
    return promise;
  }

  /**
   * Runs a command; a storage error comes back as data (QUOTA_EXCEEDED, or UNKNOWN), never thrown
   * across Comlink and never swallowed.
   */
  private command(what: string, job: () => Promise<CommandResult>): Promise<CommandResult> {
    return runCommand(this.warn, what, job);
  }




  /** Pulls the pack of a reserved / in-progress task when it is missing, incomplete or > 10 min old. */
  private async pullPackIfDue(taskId: string, eager = true, force = false): Promise<void> {
    const task = await this.db.tasks.get(taskId);
    if (!task || !PACK_STATUSES.includes(task.status)) return;
    if (!force && !(await packDue(this.db, taskId, this.now(), eager, FAILED_PULL_RETRY_MS))) return;
    const result = await this.pullTaskPack(taskId);
    if (!result.ok && result.error.code !== 'NETWORK') this.warn(`task pack ${taskId}: ${result.error.code}`);
  }

  /** After the pulls of a sync: the packs of every reserved / in-progress task that are due. */
  private async pullDuePacks(eager: boolean, force: boolean): Promise<void> {
    if (!(await this.session.tokens())) return;
    const tasks = await this.db.tasks.where('status').anyOf([...PACK_STATUSES]).primaryKeys();
    // One at a time: a pack is seven requests plus images, on what may be a weak signal.
    for (const taskId of tasks) await this.guard('task pack pull', () => this.pullPackIfDue(taskId, eager, force));
  }



  private async runSync(reason: SyncReason, force: boolean): Promise<void> {
    try {
      await this.ready;
      const eager = EAGER_REASONS.has(reason);
      // The connection may be back: the waiting records' backoff counts only the failures from now.
      if (eager) await this.guard('outbox backoff', () => restartBackoff(this.db));
      // Drain first: pulls then see the server state after our own queued changes.
      await this.drain({ ignoreBackoff: eager });
      await this.pullDue(force, eager);
      // Pack images the browser evicted reopen their pack; images no kept task needs are deleted.
      await this.guard('task pack cache', () => maintainPackCache(this.packCtx, PACK_STATUSES));
      // After the lists: a task that just became reserved or in progress gets its pack.
      await this.pullDuePacks(eager, force);
    } catch (err) {
      this.warn(`sync (${reason}) failed`, err);
    }
  }

  private async pullDue(force: boolean, eager: boolean): Promise<void> {
    const { db } = this;
    const now = this.now();
    const due = (key: string, interval: number) => (force ? Promise.resolve(true) : isDue(db, key, interval, now, eager));
    const jobs: Promise<unknown>[] = [];

    if (await due('countries', INTERVALS_MS.countries)) jobs.push(this.guard('countries pull', () => pullCountries(this.pullCtx)));
    if (!(await this.session.tokens())) {
      await Promise.all(jobs);
      return;
    }
    if (await due('user', INTERVALS_MS.user)) await this.guard('user pull', () => pullUser(this.pullCtx));
    // The user pull may have ended the session (refresh refused).
    if (!(await this.session.tokens())) {
      await Promise.all(jobs);
      return;
    }
    const user = await db.user.get('me');
    const seesTasks = !!user && canSeeTasks(user);
    if (user && !seesTasks) {
      // Deactivated or rejected since the last pull: available tasks must not linger in the mirror.
      // Their meta row (and its delta cursor) goes with them: allowed again, the list comes whole.
      await db.transaction('rw', db.tasks, db.meta, async () => {
        await db.tasks.where('status').equals('available').delete();
        await db.meta.delete(metaKeyForStatus('available'));
      });
    }

    if (await due('trainings', INTERVALS_MS.trainings)) jobs.push(this.guard('trainings pull', () => pullTrainings(this.pullCtx)));
    // Notifications for every logged-in tasker, every 60 s (issue 14).
    if (await notificationsDue(db, now, eager, force)) jobs.push(this.guard('notifications pull', () => pullNotifications(this.pullCtx)));
    if (this.profileWatched) jobs.push(this.pullProfile({ eager, force }));
    jobs.push(
      pullMoneyDue(this.pullCtx, user?.countryCode ?? null, { moneyWatched: this.moneyWatched, accountPulls: eager || force, eager, force }, (what, job) =>
        this.guard(what, job),
      ),
    );
    if (await attendanceDue(db, user, now, eager, force)) jobs.push(this.guard('attendance pull', () => pullAttendanceRequests(this.pullCtx)));
    const map = this.mapWatched;
    if (map && seesTasks && (await due(PLACES_META, PLACES_INTERVAL_MS))) jobs.push(this.pullMap(map));
    if (seesTasks && (await due('reservationLimit', INTERVALS_MS.reservationLimit))) {
      jobs.push(this.guard('reservation limit pull', () => pullReservationLimit(this.pullCtx)));
    }
    for (const status of this.statusesToPull(user ?? null)) {
      const replaceAll = this.historyResets.has(status);
      // A list just reopened is pulled now, fresh or not, so it does not shrink under the tasker later.
      if (!replaceAll && !(await due(metaKeyForStatus(status), INTERVALS_MS.tasks))) continue;
      jobs.push(this.pullStatus(status));
    }
    const taskId = this.watchedTaskId;
    if (taskId && (await due(metaKeyForTask(taskId), INTERVALS_MS.task))) {
      jobs.push(this.guard('task pull', () => pullTask(this.pullCtx, taskId)));
    }
    await Promise.all(jobs);
  }

  /** While a profile screen is open: its reference data and document links, each when due (pulls/profile.ts). */
  private async pullProfile(options: { eager: boolean; force: boolean }): Promise<void> {
    await this.guard('profile pulls', async () => {
      await this.ready;
      if (!(await this.session.tokens())) return;
      const user = await this.db.user.get('me');
      if (!user) return;
      await pullProfileDue(this.pullCtx, user, options, (what, job) => this.guard(what, job));
    });
  }

  /** One list: from its first page (replaced whole) if it starts afresh, see noteHistoryWatch. */
  private pullStatus(status: TaskStatus): Promise<unknown> {
    const replaceAll = this.historyResets.has(status);
    return this.guard(`${status} tasks pull`, async () => {
      const result = await pullTasksByStatus(this.pullCtx, status, { replaceAll });
      if (replaceAll && result.ok) this.historyResets.delete(status);
      // The open task left this list: learn where it went (or that it is gone) right away.
      const watched = this.watchedTaskId;
      if (watched && result.removed?.includes(watched)) await pullTask(this.pullCtx, watched);
      return result;
    });
  }

  /**
   * Own tasks (reserved, in progress, history) and, for those who may see tasks, available ones.
   * An account that may not see tasks (new, rejected, deactivated) pulls no list at all: the server
   * refuses every list to it (403 CANNOT_SEE_TASKS), and asking every minute only fills its meta
   * with errors.
   */
  private statusesToPull(user: User | null): TaskStatus[] {
    if (user && !canSeeTasks(user)) return [];
    const statuses = new Set<TaskStatus>([...DEFAULT_TASK_STATUSES, ...this.watchedStatuses]);
    if (!user) statuses.delete('available');
    return [...statuses];
  }

  private async runFollowUp(followUp: FollowUp): Promise<void> {
    if (!followUp) return;
    if (followUp.pull === 'user') await this.guard('user pull', () => pullUser(this.pullCtx));
    else if (followUp.pull === 'attendance') await this.guard('attendance pull', () => pullAttendanceRequests(this.pullCtx));
    else if (followUp.pull === 'pack') await this.guard('task pack pull', () => this.pullTaskPack(followUp.taskId));
    else await this.guard('task pull', () => pullTask(this.pullCtx, followUp.taskId));
  }

  /** Pull failures are data (meta rows); anything thrown here is a bug, logged and contained. */
  private async guard<T>(what: string, job: () => Promise<T>): Promise<T | undefined> {
    try {
      return await job();
    } catch (err) {
      this.warn(`${what} failed`, err);
      return undefined;
    }
  }
}
