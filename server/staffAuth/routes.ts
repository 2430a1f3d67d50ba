/**
 * Staff sign-in (public: send-code, login, refresh, logout) and the staff's own account routes
 * (staff scope: me, the accounts admins manage, the audit trail).
 *
 * Sign-in uses the taskers' code machinery and throttling (server/auth/queries.ts, limits.ts)
 * with the codes' audience 'staff': a staff code never signs in a tasker, nor a tasker's code a
 * staff member. send-code answers the same whether or not the e-mail has an active staff
 * account (no account enumeration); only an active account is mailed a code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, assertNoFieldErrors, badRequest, refusal } from '../http/errors';
import { asBody, asQuery, readString, single } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { runAfterResponse } from '../http/afterResponse';
import { staffOf } from '../http/access';
import { serve } from '../http/contract';
import { checkLoginCode, createLoginCode, generateLoginCode } from '../auth/queries';
import { createAuthLimiter } from '../auth/limits';
import type { MailMessage } from '../mail/mailer';
import { normalizeEmail, validateEmail, validateLoginCode } from '#domain/validation';
import { REFUSAL_WORDS } from '#domain/errorWords';
import * as staffAuth from '#contracts/api/staffAuth';
import * as staffAccounts from '#contracts/api/staffAccounts';
import type { Assert, Equal, Static } from '#contracts/api/common';
import type { StaffMember } from '#domain/staff';
import { addStaffAccount, findStaffByEmail, findStaffById, listStaffAccounts, memberOf, queryAudit, readAccountPatch, readAuditFilter, readNewAccount, updateStaffAccount, type StaffAccount, type StaffAuditEntry } from './accounts';
import { recordStaffAction, staffScope } from '../http/staffActions';
import { issueStaffTokens, revokeStaffRefreshToken, rotateStaffRefreshToken } from './tokens';

// The answers' schemas are exactly what the services return (a compile error here means they differ).
export type StaffAccountSchemaChecks = [
  Assert<Equal<Static<typeof staffAuth.StaffMemberSchema>, StaffMember>>,
  Assert<Equal<Static<typeof staffAccounts.StaffAccountSchema>, StaffAccount>>,
  Assert<Equal<Omit<Static<typeof staffAccounts.StaffAuditEntrySchema>, 'before' | 'after'>, Omit<StaffAuditEntry, 'before' | 'after'>>>,
];

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = asBody(request.body);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return body;
}

function readEmail(body: Record<string, unknown>): string {
  assertNoFieldErrors({ email: validateEmail(body.email) });
  return normalizeEmail(body.email as string);
}

function readRefreshToken(body: Record<string, unknown>): string {
  const refreshToken = readString(body.refreshToken, { required: true, max: 200 });
  assertNoFieldErrors({ refreshToken: refreshToken.error });
  return refreshToken.value as string;
}

/** The mail with a staff login code (the dev mailbox shows it with its code). */
export function staffLoginCodeMessage(to: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    code,
    subject: `Your Shelfwork staff sign-in code: ${code}`,
    text: `Your Shelfwork staff console sign-in code is ${code}.\n\nIt is valid for ${ttlMinutes} minutes. If you did not ask for it, ignore this message and tell your administrator.\n`,
  };
}

/** POST /api/staff/auth/*: registered in the public scope. */
export function registerStaffAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock, config } = ctx;
  const limiter = createAuthLimiter(app, ctx);
  const gated = { onRequest: limiter.gate };

  async function session(staffId: string, tokens: { token: string; refreshToken: string }) {
    const row = await findStaffById(db, staffId);
    if (!row?.active) throw new ApiError(401, 'UNAUTHORIZED', 'Staff account not active');
    return { ...tokens, staff: memberOf(row) };
  }

  serve(app, staffAuth.staffSendCode, gated)(async (request) => {
    const email = readEmail(bodyOf(request));
    // Counted for every e-mail, known or not, so the route cannot probe many addresses.
    await limiter.codeRequest(email, request);
    const account = await findStaffByEmail(db, email);
    // A code is stored for every e-mail, so the database work (and its time) is the same for an
    // unknown address; only an active account's is mailed, and login refuses any other. The mail
    // goes out without the answer waiting for it: an answer slower for real accounts (SMTP)
    // would tell which e-mails are staff.
    const code = generateLoginCode();
    await createLoginCode(db, email, code, clock.now(), config.loginCodeTtlSeconds, 'staff');
    if (account?.active) {
      const message = staffLoginCodeMessage(email, code, Math.round(config.loginCodeTtlSeconds / 60));
      runAfterResponse(ctx, () => ctx.mailer.send(message), (line, error) => request.log.warn({ err: error }, `staff login code: ${line}`));
    }
    return { ok: true };
  });

  serve(app, staffAuth.staffLogin, gated)(async (request) => {
    const body = bodyOf(request);
    assertNoFieldErrors({ email: validateEmail(body.email), code: validateLoginCode(body.code) });
    const email = normalizeEmail(body.email as string);
    const code = (body.code as string).trim();
    await limiter.loginAttempt(email, request);
    const now = clock.now();
    const result = await checkLoginCode(db, email, code, now, config.loginCodeMaxAttempts, 'staff');
    if (result === 'wrong') throw refusal('WRONG_CODE', REFUSAL_WORDS.WRONG_CODE.message);
    const account = result === 'ok' ? await findStaffByEmail(db, email) : undefined;
    // No code, a spent one, or an account deactivated since the code was sent: all answer alike.
    if (!account?.active) throw refusal('CODE_EXPIRED', REFUSAL_WORDS.CODE_EXPIRED.message);
    // The sign-in is in the trail too (who signed in, when), with the time kept on the account.
    return db.transaction().execute(async (trx) => {
      const signedIn = await trx.updateTable('staff_accounts').set({ last_login_at: now }).where('id', '=', account.id).returningAll().executeTakeFirstOrThrow();
      const staff = memberOf(signedIn);
      await recordStaffAction(trx, { id: staff.id, name: staff.email, roles: staff.roles, markets: staff.markets }, { action: 'staff.sign_in', entity: 'staff', entityId: staff.id }, now);
      return { ...(await issueStaffTokens(trx, ctx.tokens, account.id, now)), staff };
    });
  });

  serve(app, staffAuth.staffRefresh, gated)(async (request) => {
    const rotated = await rotateStaffRefreshToken(db, ctx.tokens, readRefreshToken(bodyOf(request)), clock.now());
    return session(rotated.staffId, rotated.tokens);
  });

  serve(app, staffAuth.staffLogout, gated)(async (request, reply) => {
    await revokeStaffRefreshToken(db, readRefreshToken(bodyOf(request)), clock.now());
    return reply.status(204).send();
  });
}

/** /api/staff/me, /api/staff/accounts*, /api/staff/audit: registered in the staff scope. */
export function registerStaffAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, clock } = ctx;

  serve(app, staffAccounts.staffMe)(async (request): Promise<StaffMember> => {
    const actor = staffOf(request);
    if (actor.id) {
      const row = await findStaffById(db, actor.id);
      if (row) return memberOf(row);
    }
    // The automation key: no account; its audit name, every role and market.
    return { id: '', email: '', name: actor.name, roles: [...actor.roles], markets: [], active: true };
  });

  serve(app, staffAccounts.listStaffAccounts)(async (request) => {
    const actor = staffOf(request);
    const all = await listStaffAccounts(db);
    // An admin limited to some markets sees the members of theirs only (not those of every market).
    const visible = actor.markets.length === 0 ? all : all.filter((a) => a.markets.length > 0 && a.markets.every((m) => actor.markets.includes(m)));
    return { data: visible };
  });

  serve(app, staffAccounts.addStaffAccount)(async (request, reply) => {
    const actor = staffOf(request);
    const input = readNewAccount(bodyOf(request));
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => ({ status: 200, body: await addStaffAccount(trx, actor, input, clock.now()) }));
  });

  serve(app, staffAccounts.updateStaffAccount)(async (request, reply) => {
    const actor = staffOf(request);
    const { id } = request.params;
    if (!(await findStaffById(db, id))) throw new ApiError(404, 'STAFF_NOT_FOUND', 'No such staff account');
    const patch = readAccountPatch(bodyOf(request));
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => ({ status: 200, body: await updateStaffAccount(trx, actor, id, patch, clock.now()) }));
  });

  serve(app, staffAccounts.staffAudit)(async (request) => {
    const query = asQuery(request.query);
    const values: Record<string, string | undefined> = {};
    const fields: Record<string, string> = {};
    for (const name of ['staffId', 'actor', 'action', 'entity', 'entityId', 'country', 'from', 'to', 'limit', 'cursor']) {
      const one = single(query[name]);
      if (one.error) fields[name] = 'INVALID';
      else values[name] = one.value;
    }
    if (Object.keys(fields).length > 0) throw badRequest(fields);
    const filter = readAuditFilter(values);
    const actor = staffOf(request);
    // Staff accounts' own history (sign-ins, roles) is the admins'; any member reads a task's, a tasker's…
    if (!actor.roles.includes('admin') && (filter.entity === undefined || filter.entityId === undefined || filter.entity === 'staff')) {
      throw new ApiError(403, 'STAFF_ROLE_REQUIRED', "The whole audit trail needs the admin role; name an entity and its id for that entity's history");
    }
    return queryAudit(db, { ...filter, markets: actor.markets });
  });
}

