/**
 * Staff accounts and the audit trail: reading and checking an account's fields, adding and
 * changing accounts (each change recorded in the trail, in the change's transaction, with the
 * account before and after), and reading the trail with filters and a cursor. Shared by the HTTP
 * routes (./routes.ts) and the staff CLI (server/staff/commands.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { StaffAccountsTable } from '../db/schema';
import type { StaffActor } from '../http/access';
import { assertStaffMarket } from '../http/access';
import { ApiError, assertNoFieldErrors, badRequest, notFound, refusal } from '../http/errors';
import { recordStaffAction } from '../http/staffActions';
import { isStaffRole, STAFF_ROLES, type StaffMember, type StaffRole } from '#domain/staff';
import { isCountryCode, normalizeEmail, validateEmail } from '#domain/validation';
import type { CountryCode } from '#domain/types';
import { revokeStaffSessions } from './tokens';
import { escapeLike } from '../http/input';

/** A staff account as the accounts list answers it: the member with its times. */
export interface StaffAccount extends StaffMember {
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

export const ACCOUNT_NAME_MAX_LENGTH = 200;

type AccountRow = Selectable<StaffAccountsTable>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function memberOf(row: AccountRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: STAFF_ROLES.filter((role) => row.roles.includes(role)),
    markets: row.markets.filter((m): m is CountryCode => isCountryCode(m)),
    active: row.active,
  };
}

export function accountOf(row: AccountRow): StaffAccount {
  return { ...memberOf(row), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at), lastLoginAt: row.last_login_at ? iso(row.last_login_at) : null };
}

export function findStaffByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findStaffById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  return (await db.selectFrom('staff_accounts').selectAll().orderBy('email').execute()).map(accountOf);
}

type Read<T> = { value: T; error: null } | { value: null; error: string };

/** Roles: a non-empty list of known roles, each once (in STAFF_ROLES order). */
export function readRoles(value: unknown): Read<StaffRole[]> {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return { value: null, error: 'REQUIRED' };
  if (!Array.isArray(value) || !value.every(isStaffRole)) return { value: null, error: 'INVALID' };
  return { value: STAFF_ROLES.filter((role) => value.includes(role)), error: null };
}

/** Markets: a list of market codes (any case), each once; empty: every market. */
export function readMarkets(value: unknown): Read<CountryCode[]> {
  if (value === undefined || value === null) return { value: [], error: null };
  if (!Array.isArray(value)) return { value: null, error: 'INVALID' };
  if (!value.every(isCountryCode)) return { value: null, error: 'COUNTRY_INVALID' };
  return { value: [...new Set(value.map((m) => (m as string).toUpperCase() as CountryCode))], error: null };
}

/** A display name: non-empty text of at most ACCOUNT_NAME_MAX_LENGTH characters, trimmed. */
export function readName(value: unknown): Read<string> {
  if (typeof value !== 'string' || value.trim() === '') return { value: null, error: 'REQUIRED' };
  const name = value.trim();
  return name.length > ACCOUNT_NAME_MAX_LENGTH ? { value: null, error: 'TOO_LONG' } : { value: name, error: null };
}

export interface NewStaffAccount {
  email: string;
  name: string;
  roles: StaffRole[];
  markets: CountryCode[];
}

/** A new account's fields from a body; 400 with every field's code. */
export function readNewAccount(body: Record<string, unknown>): NewStaffAccount {
  const emailError = validateEmail(body.email);
  const name = readName(body.name);
  const roles = readRoles(body.roles);
  const markets = readMarkets(body.markets);
  assertNoFieldErrors({ email: emailError, name: name.error, roles: roles.error, markets: markets.error });
  return { email: normalizeEmail(body.email as string), name: name.value as string, roles: roles.value as StaffRole[], markets: markets.value as CountryCode[] };
}

export interface StaffAccountPatch {
  name?: string;
  roles?: StaffRole[];
  markets?: CountryCode[];
  active?: boolean;
}

/** A change's fields from a body (only those present); 400 with every field's code. */
export function readAccountPatch(body: Record<string, unknown>): StaffAccountPatch {
  const fields: Record<string, string | null> = {};
  const patch: StaffAccountPatch = {};
  if (body.name !== undefined) {
    const name = readName(body.name);
    fields.name = name.error;
    if (name.value !== null) patch.name = name.value;
  }
  if (body.roles !== undefined) {
    const roles = readRoles(body.roles);
    fields.roles = roles.error;
    if (roles.value) patch.roles = roles.value;
  }
  if (body.markets !== undefined) {
    const markets = readMarkets(body.markets);
    fields.markets = markets.error;
    if (markets.value) patch.markets = markets.value;
  }
  if (body.active !== undefined) {
    if (typeof body.active !== 'boolean') fields.active = 'INVALID';
    else patch.active = body.active;
  }
  assertNoFieldErrors(fields);
  return patch;
}

/**
 * An actor limited to some markets grants only markets of theirs: not every market (an empty
 * list), not another market (403 STAFF_MARKET_REFUSED); nor changes a member of other markets.
 */
function assertMayGrant(actor: StaffActor, markets: readonly string[]): void {
  if (actor.markets.length === 0) return;
  if (markets.length === 0) throw new ApiError(403, 'STAFF_MARKET_REFUSED', 'Only a member of every market may grant every market');
  for (const market of markets) assertStaffMarket(actor, market);
}

/** Adds an account (420 STAFF_EMAIL_TAKEN when the e-mail has one), recorded as 'staff.add'. */
export async function addStaffAccount(trx: Db, actor: StaffActor, input: NewStaffAccount, now: Date): Promise<StaffAccount> {
  assertMayGrant(actor, input.markets);
  const inserted = await trx
    .insertInto('staff_accounts')
    .values({
      id: randomUUID(),
      email: input.email,
      name: input.name,
      roles: JSON.stringify(input.roles),
      markets: JSON.stringify(input.markets),
      active: true,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw refusal('STAFF_EMAIL_TAKEN', `${input.email} already has a staff account`);
  const account = accountOf(inserted);
  await recordStaffAction(trx, actor, { action: 'staff.add', entity: 'staff', entityId: account.id, before: null, after: memberOf(inserted) }, now);
  return account;
}

/**
 * Changes an account (404 STAFF_NOT_FOUND), recorded as 'staff.update' with the member before and
 * after. An admin cannot take their own admin role away or deactivate themselves (420
 * STAFF_SELF_LOCKOUT: another admin must). Deactivating ends the account's sessions.
 */
export async function updateStaffAccount(trx: Db, actor: StaffActor, id: string, patch: StaffAccountPatch, now: Date): Promise<StaffAccount> {
  const row = await trx.selectFrom('staff_accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('STAFF_NOT_FOUND', 'No such staff account');
  const before = memberOf(row);
  assertMayGrant(actor, before.markets);
  if (patch.markets) assertMayGrant(actor, patch.markets);
  if (actor.id === id) {
    if (patch.active === false) throw refusal('STAFF_SELF_LOCKOUT', 'You cannot deactivate your own account; another admin can');
    if (patch.roles && before.roles.includes('admin') && !patch.roles.includes('admin')) {
      throw refusal('STAFF_SELF_LOCKOUT', 'You cannot remove your own admin role; another admin can');
    }
  }
  const updated = await trx
    .updateTable('staff_accounts')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.roles !== undefined ? { roles: JSON.stringify(patch.roles) } : {}),
      ...(patch.markets !== undefined ? { markets: JSON.stringify(patch.markets) } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (before.active && !updated.active) await revokeStaffSessions(trx, id, now);
  const after = memberOf(updated);
  // A save that changed nothing is not an action (as for every other staff write).
  if (JSON.stringify(before) !== JSON.stringify(after)) await recordStaffAction(trx, actor, { action: 'staff.update', entity: 'staff', entityId: id, before, after }, now);
  return accountOf(updated);
}

/** One row of the trail as the API answers it. */
export interface StaffAuditEntry {
  id: string;
  staffId: string | null;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  country: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  staffId?: string;
  actor?: string;
  /** An action, or a prefix ending in '.*' ('task.*'). */
  action?: string;
  entity?: string;
  entityId?: string;
  country?: string;
  from?: Date;
  to?: Date;
  limit: number;
  cursor?: { createdAt: Date; id: string };
  /** The reader's markets: only rows of these markets (empty: every row). */
  markets?: readonly string[];
}

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** A page's position: the last row's time and id (opaque to clients). */
export function encodeAuditCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): { createdAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar < 0) return null;
  const createdAt = new Date(text.slice(0, bar));
  const id = text.slice(bar + 1);
  if (Number.isNaN(createdAt.getTime()) || id === '') return null;
  return { createdAt, id };
}

/** Reads the trail's filters from a query (400 with each field's code). */
export function readAuditFilter(query: Record<string, string | undefined>): AuditFilter {
  const fields: Record<string, string | null> = {};
  const text = (name: string, max = 254): string | undefined => {
    const value = query[name]?.trim();
    if (value === undefined || value === '') return undefined;
    if (value.length > max) fields[name] = 'TOO_LONG';
    return value;
  };
  const time = (name: string): Date | undefined => {
    const value = text(name, 40);
    if (value === undefined) return undefined;
    const date = new Date(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
      fields[name] = 'INVALID';
      return undefined;
    }
    return date;
  };
  const filter: AuditFilter = { limit: AUDIT_PAGE_DEFAULT };
  const set = <K extends keyof AuditFilter>(key: K, value: AuditFilter[K] | undefined) => {
    if (value !== undefined) filter[key] = value;
  };
  set('staffId', text('staffId', 200));
  set('actor', text('actor'));
  set('action', text('action', 200));
  set('entity', text('entity', 200));
  set('entityId', text('entityId', 200));
  const country = text('country', 10);
  if (country !== undefined) {
    if (isCountryCode(country)) filter.country = country.toUpperCase();
    else fields.country = 'COUNTRY_INVALID';
  }
  set('from', time('from'));
  set('to', time('to'));
  const limit = text('limit', 10);
  if (limit !== undefined) {
    const n = /^\d+$/.test(limit) ? Number(limit) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > AUDIT_PAGE_MAX) fields.limit = 'OUT_OF_RANGE';
    else filter.limit = n;
  }
  const cursor = text('cursor', 400);
  if (cursor !== undefined) {
    const decoded = decodeAuditCursor(cursor);
    if (decoded) filter.cursor = decoded;
    else fields.cursor = 'CURSOR_INVALID';
  }
  if (Object.values(fields).some(Boolean)) throw badRequest(Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Record<string, string>);
  return filter;
}

/** A page of the trail, newest first, and the cursor of the next page (null: the last page). */
export async function queryAudit(db: Db, filter: AuditFilter): Promise<{ data: StaffAuditEntry[]; nextCursor: string | null }> {
  let query = db.selectFrom('staff_audit').selectAll();
  if (filter.staffId !== undefined) query = query.where('staff_id', '=', filter.staffId);
  if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
  if (filter.action !== undefined) {
    if (filter.action.endsWith('.*')) {
      const prefix = escapeLike(filter.action.slice(0, -1));
      query = query.where('action', 'like', `${prefix}%`);
    } else query = query.where('action', '=', filter.action);
  }
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  if (filter.country !== undefined) query = query.where('country_code', '=', filter.country);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (filter.markets && filter.markets.length > 0) {
    // Only their markets' rows: a row of no market (staff accounts and sign-ins, task types, the
    // lapse run) is about every market, which a member limited to some may not read.
    const markets = [...filter.markets];
    query = query.where('country_code', 'in', markets);
  }
  if (filter.cursor) {
    const { createdAt, id } = filter.cursor;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit + 1).execute();
  const page = rows.slice(0, filter.limit).map(
    (row): StaffAuditEntry => ({
      id: row.id,
      staffId: row.staff_id,
      actor: row.actor,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      country: row.country_code,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: iso(row.created_at),
    }),
  );
  const last = page[page.length - 1];
  return { data: page, nextCursor: rows.length > filter.limit && last ? encodeAuditCursor(last.createdAt, last.id) : null };
}
