/**
 * The auth commands of the sync worker: online only (never queued), tokens kept in the mirror's
 * `session` table. Logging out clears the account's mirror but keeps the tasker's unsent work.
 */
import { SESSION_EXPIRED_KEY } from '#contracts/kv';
import type { CommandResult } from '#contracts/sync';
import type { AuthTokens, CountryCode } from '#domain/types';
import { login, passwordLogin, register, sendEmailCode } from '#contracts/api/auth';
import { isAnswer } from '../../answers';
import { toCommand } from '../../command';
import { command, defineFeature, type FeatureContext } from '../../feature';
import type { ApiResult } from '../../http';
import { clearPacks, packTables } from '../../pack';
import { pullUser } from '../../pulls/account';
import { clearAccountKv } from '../../pulls/base';
import { clearProfile, profileTables } from '../../pulls/profile';

/** The login is the mirrored tasker's own (emails compare without case or surrounding spaces). */
function sameLogin(mirroredEmail: string | null | undefined, login: string): boolean {
  return typeof mirroredEmail === 'string' && mirroredEmail.trim().toLowerCase() === login.trim().toLowerCase();
}

function authCommands(ctx: FeatureContext) {
  const { db, session } = ctx;

  async function completeLogin(result: ApiResult<unknown>, email: string): Promise<CommandResult> {
    if (!result.ok) return toCommand(result);
    if (!isAnswer(login, result.body)) {
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
    await ctx.guard('user pull', () => pullUser(ctx.pullCtx));
    ctx.drainer.spawn(ctx.syncNow('login'));
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
    sendEmailCode: command(async (email: string): Promise<CommandResult> => {
      return toCommand(await session.call(sendEmailCode, { body: { email }, auth: 'none' }));
    }),

    register: command(async (email: string, country: CountryCode): Promise<CommandResult> => {
      return toCommand(await session.call(register, { body: { email, country }, auth: 'none' }));
    }),

    loginWithCode: command(async (email: string, code: string): Promise<CommandResult> => {
      const result = await session.call(login, { body: { code, type: 'email', email }, auth: 'none' });
      return completeLogin(result, email);
    }),

    loginWithPassword: command(async (username: string, password: string): Promise<CommandResult> => {
      const result = await session.call(passwordLogin, { body: { username, password }, auth: 'none' });
      return completeLogin(result, username);
    }),

    /**
     * Clears tokens and every mirrored table except countries (public reference data the
     * register screen needs offline). Unsent and rejected outbox records are KEPT: they are the
     * tasker's work; they carry their owner's id and drain only when that tasker logs in again.
     */
    logout: command(async (): Promise<void> => {
      await db.transaction('rw', accountTables(), forgetAccount);
      ctx.forgetWatches();
    }),
  };
}

/** Auth (online-only commands; tokens are stored in the mirror's `session` table). */
export const auth = defineFeature({
  name: 'auth',
  setup: (ctx) => ({ commands: authCommands(ctx) }),
});
