/**
 * The auth commands of the sync worker: online only (never queued), tokens kept in the mirror's
 * `session` table. Logging out clears the account's mirror but keeps the tasker's unsent work.
 */
import { SESSION_EXPIRED_KEY } from '#contracts/kv';
import type { CommandResult, SyncApi } from '#contracts/sync';
import type { ShelfworkDb } from '#db/schema';
import type { AuthTokens, CountryCode } from '#domain/types';
import { isAuthTokens } from '../answers';
import type { ApiResult } from '../http';
import { clearPacks, packTables } from '../pack';
import { clearAccountKv } from '../pulls/base';
import { clearProfile, profileTables } from '../pulls/profile';
import type { Session } from '../session';
import { toCommand } from './command';

export interface AuthDeps {
  db: ShelfworkDb;
  session: Session;
  /** Pulls the user row (routing waits for it); never throws. */
  pullUser: () => Promise<unknown>;
  /** Starts the login's full sync in the background. */
  syncAfterLogin: () => void;
  /** Forgets what the screens watched (a logout ends them). */
  forgetWatches: () => void;
}

/** The login is the mirrored tasker's own (emails compare without case or surrounding spaces). */
function sameLogin(mirroredEmail: string | null | undefined, login: string): boolean {
  return typeof mirroredEmail === 'string' && mirroredEmail.trim().toLowerCase() === login.trim().toLowerCase();
}

export type AuthHandlers = Pick<SyncApi, 'sendEmailCode' | 'register' | 'loginWithCode' | 'loginWithPassword' | 'logout'>;

export function authHandlers(deps: AuthDeps): AuthHandlers {
  const { db, session } = deps;

  async function completeLogin(result: ApiResult<unknown>, email: string): Promise<CommandResult> {
    if (!result.ok) return toCommand(result);
    if (!isAuthTokens(result.body)) {
      return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed login answer' } };
    }
    const tokens: AuthTokens = result.body;
    // A session that ended without a logout (it expired) leaves its tasker's mirror behind. Unless
    // this login is that tasker's, it goes in the transaction that stores the new tokens: between
    // the two, a screen would show the old account's tasks to the new one, and a drain would send
    // the old account's records (their owner is the mirrored user) with the new token.
    await db.transaction('rw', accountTables(), async () => {
      const previous = await db.user.get('me');
      if (previous && !sameLogin(previous.email, email)) await forgetAccount();
      await session.storeLogin(tokens, email);
    });
    // The user row decides routing (onboarding or tasks), so the login waits for it; the rest
    // of "pull everything" runs behind (meta was cleared on logout or an account switch).
    await deps.pullUser();
    deps.syncAfterLogin();
    return { ok: true, value: undefined };
  }

  const accountTables = () => [db.session, db.user, db.tasks, db.trainings, db.reservationLimit, db.meta, db.kv, db.outbox, ...packTables(db), ...profileTables(db), db.places];

  /** What a logout clears (inside a transaction over `accountTables()`); the outbox's unsent records stay. */
  async function forgetAccount(): Promise<void> {
    await Promise.all([
      clearPacks(db),
      clearProfile(db),
      db.places.clear(),
      db.session.clear(),
      db.user.clear(),
      db.tasks.clear(),
      db.trainings.clear(),
      db.reservationLimit.clear(),
      db.meta.where('key').notEqual('countries').delete(),
      db.kv.delete(SESSION_EXPIRED_KEY),
      clearAccountKv(db),
      db.outbox.where('state').equals('done').delete(),
    ]);
  }

  return {
    async sendEmailCode(email: string) {
      return toCommand(await session.request('POST', 'auth/send-email-code', { body: { email }, auth: 'none' }));
    },

    async register(email: string, country: CountryCode) {
      return toCommand(await session.request('POST', 'auth/register', { body: { email, country }, auth: 'none' }));
    },

    async loginWithCode(email: string, code: string) {
      const result = await session.request<unknown>('POST', 'auth/login', { body: { code, type: 'email', email }, auth: 'none' });
      return completeLogin(result, email);
    },

    async loginWithPassword(username: string, password: string) {
      const result = await session.request<unknown>('POST', 'auth/password-login', { body: { username, password }, auth: 'none' });
      return completeLogin(result, username);
    },

    /**
     * Clears the tokens and every mirrored table except countries (public reference data the
     * register screen needs offline). Unsent and rejected outbox records are KEPT: they are the
     * tasker's work; they carry their owner's id and drain only when that tasker logs in again.
     */
    async logout() {
      await db.transaction('rw', accountTables(), forgetAccount);
      deps.forgetWatches();
    },
  };
}
