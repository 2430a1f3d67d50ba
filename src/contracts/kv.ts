/**
 * The keys of the mirror's `kv` table and the type of each value. The sync worker writes them; the
 * page reads them (`useKv`). A value read from IndexedDB is untrusted (an older worker may have
 * written another shape), so each structured value has its reader here, used by both sides.
 */
import type { Coordinates, Locale, PageInfo, TaskStatus } from '#domain/types';

/** `true` once a token refresh was refused: the page asks the tasker to log in again. */
export const SESSION_EXPIRED_KEY = 'sessionExpired';
/** The last known position, sent as the `Geolocation` header. */
export const POSITION_KEY = 'position';
/** The active locale, sent as `Accept-Language`. */
export const LOCALE_KEY = 'locale';
/**
 * Whether the API answered the worker's last request (any HTTP status) or nothing came back
 * (`ConnectionState`). The page shows "Offline" from this as well as from `navigator.onLine`,
 * which can read true while every request fails (after a reload without signal, say).
 */
export const CONNECTION_KEY = 'connection';
/**
 * The sign-in methods the server offers (`SignInProviders`, GET auth/providers), kept from the
 * last answer so the login and register screens still show the Google button offline (disabled).
 * Not an account's: a logout keeps it.
 */
export const SIGN_IN_PROVIDERS_KEY = 'signInProviders';

const SUGGESTIONS_PREFIX = 'suggestions:';
const CURSOR_PREFIX = 'cursor:';
const PROFILE_PREFIX = 'profile:';
const MONEY_PREFIX = 'money:';
const NOTIFICATIONS_PREFIX = 'notifications:';
const ATTENDANCE_PREFIX = 'attendance:';

/** The tasker's own referral code (GET user/referral-code; it never changes once made). */
export const REFERRAL_CODE_KEY = `${PROFILE_PREFIX}referralCode`;
/** The code of whoever referred the tasker, or null (GET / POST user/referred-by-code). */
export const REFERRED_BY_CODE_KEY = `${PROFILE_PREFIX}referredByCode`;
/** The market's supervisor `{ name, phone, email }` (GET country/supervisor). */
export const SUPERVISOR_KEY = `${PROFILE_PREFIX}supervisor`;
/** The market's businesses `[{ id, countryCode, name, registrationNumber, address }]` (GET country/business). */
export const BUSINESSES_KEY = `${PROFILE_PREFIX}businesses`;

/** Money and motivation: GET payment/my-finances (`PayoutInfo`). */
export const FINANCES_KEY = `${MONEY_PREFIX}finances`;
/** GET payment/payouts: the tasker's recorded payouts (`Payout[]`). */
export const PAYOUTS_KEY = `${MONEY_PREFIX}payouts`;
/** GET mission/my: the tasker's missions (`Mission[]`). */
export const MISSIONS_KEY = `${MONEY_PREFIX}missions`;
/** GET task/last-week-earn?country: what taskers of the market earned in the last 7 days (`{ amount, tasksCount }`). */
export const LAST_WEEK_EARN_KEY = `${MONEY_PREFIX}lastWeekEarn`;

/** GET task/attendance-requests: the approved tasker's open attendance requests (`AttendanceRequest[]`, src/domain/attendance.ts). */
export const ATTENDANCE_REQUESTS_KEY = `${ATTENDANCE_PREFIX}requests`;

/** GET notifications: the tasker's unseen notifications, newest first (`AppNotification[]`, src/domain/notifications.ts). */
export const NOTIFICATIONS_KEY = `${NOTIFICATIONS_PREFIX}list`;

/** kv `suggestions:<taskId>`: the suggested task ids in server order and the paging state. */
export function suggestionsKey(taskId: string): string {
  return `${SUGGESTIONS_PREFIX}${taskId}`;
}

/** kv `cursor:tasks:<status>`: a history list's paging state. */
export function historyCursorKey(status: TaskStatus): string {
  return `${CURSOR_PREFIX}tasks:${status}`;
}

/** kv keys that belong to the signed-in account (cleared on logout and on an account switch). */
export const ACCOUNT_KV_PREFIXES = [SUGGESTIONS_PREFIX, CURSOR_PREFIX, PROFILE_PREFIX, MONEY_PREFIX, ATTENDANCE_PREFIX, NOTIFICATIONS_PREFIX] as const;

export interface SuggestionsState {
  taskIds: string[];
  pageInfo: PageInfo;
  /**
   * The server's `totalCount` when the page carries one; otherwise null (unknown while more pages
   * exist; screens count the suggestions they can show, some ids may have been reserved since).
   */
  total: number | null;
  syncedAt: string;
}

/**
 * Paging state of a history list: the cursor after the deepest loaded page, whether the server
 * has more, how many pages are loaded, and the sort value (`endTime ?? timeWindowEnd`, the
 * server's -end_time order) of the last loaded row.
 */
export interface HistoryCursor {
  endCursor: string | null;
  hasNext: boolean;
  pages: number;
  boundary: string | null;
}

export interface ConnectionState {
  /** false: the last request got no answer at all (no signal, or the server cannot be reached). */
  answered: boolean;
  /** When that outcome was first seen (ISO 8601). */
  since: string;
}

/** A connection value, trusted only with the contract's shape. */
export function readConnectionState(value: unknown): ConnectionState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ConnectionState>;
  if (typeof v.answered !== 'boolean' || typeof v.since !== 'string') return null;
  return { answered: v.answered, since: v.since };
}

/** What GET auth/providers answered: which sign-in methods are on. */
export interface SignInProviders {
  email: boolean;
  google: boolean;
}

/** A providers value, trusted only with the contract's shape. */
export function readSignInProviders(value: unknown): SignInProviders | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<SignInProviders>;
  if (typeof v.email !== 'boolean' || typeof v.google !== 'boolean') return null;
  return { email: v.email, google: v.google };
}

/** Every fixed key with its value's type. */
export interface KvValues {
  [SESSION_EXPIRED_KEY]: true;
  [POSITION_KEY]: Pick<Coordinates, 'latitude' | 'longitude'>;
  [LOCALE_KEY]: Locale;
  [CONNECTION_KEY]: ConnectionState;
  [SIGN_IN_PROVIDERS_KEY]: SignInProviders;
}

/** A suggestions value, trusted only with the contract's shape (ids that are not strings dropped). */
export function readSuggestionsState(value: unknown): SuggestionsState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<SuggestionsState>;
  if (!Array.isArray(v.taskIds) || !v.pageInfo || typeof v.pageInfo !== 'object' || typeof v.syncedAt !== 'string') return null;
  return {
    taskIds: v.taskIds.filter((id): id is string => typeof id === 'string'),
    pageInfo: v.pageInfo,
    total: typeof v.total === 'number' ? v.total : null,
    syncedAt: v.syncedAt,
  };
}

/** A history cursor value, trusted only with the contract's shape. */
export function readHistoryCursor(value: unknown): HistoryCursor | null {
  if (!value || typeof value !== 'object') return null;
  const c = value as Partial<HistoryCursor>;
  if (typeof c.hasNext !== 'boolean' || typeof c.pages !== 'number') return null;
  return {
    endCursor: typeof c.endCursor === 'string' ? c.endCursor : null,
    hasNext: c.hasNext,
    pages: c.pages,
    boundary: typeof c.boundary === 'string' ? c.boundary : null,
  };
}
