/**
 * The staff's support inbox over support_requests (stored by the tasker's support route,
 * service.ts): pages of requests newest first (filtered by market, open or handled, and text),
 * one request with its tasker and replies, and the reply mailed to the tasker. A request's market
 * is its country_code, or LT for one sent without a market (storeSupportRequest mailed it to LT
 * support), so a member limited to LT sees those too.
 */
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { ApiError, badRequest } from '../http/errors';
import { isCountryCode, isPlausibleId } from '#domain/validation';
import type { Static } from '#contracts/api/common';
import { SUPPORT_REPLY_MAX, type SupportReplySchema, type SupportRequestDetailSchema, type SupportRequestSummarySchema } from '#contracts/api/staffSupport';
import { supportReplyMessage } from './staff-mail';
import { containsPattern } from '../http/input';

export type SupportRequestSummary = Static<typeof SupportRequestSummarySchema>;
export type SupportReply = Static<typeof SupportReplySchema>;
export type SupportRequestDetail = Static<typeof SupportRequestDetailSchema>;

/** The market of a request without one (the tasker's support route writes to LT support then). */
export const DEFAULT_SUPPORT_MARKET = 'LT';

export const SUPPORT_PAGE_DEFAULT = 50;
export const SUPPORT_PAGE_MAX = 200;

export interface SupportInboxFilter {
  country?: string;
  status?: 'open' | 'handled';
  q?: string;
  limit: number;
  cursor?: { createdAt: Date; id: string };
  /** The reader's markets (empty: every market). */
  markets: readonly string[];
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A page's position: the last row's time and id (opaque to clients). */
export function encodeSupportCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

export function decodeSupportCursor(cursor: string): { createdAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  if (bar < 0) return null;
  const createdAt = new Date(text.slice(0, bar));
  const id = text.slice(bar + 1);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(createdAt.getTime()) || id === '') return null;
  return { createdAt, id };
}

/** Reads the inbox's filters from a query (400 with each field's code). */
export function readSupportInboxFilter(query: Record<string, unknown>, markets: readonly string[]): SupportInboxFilter {
  const fields: Record<string, string> = {};
  const text = (name: string, max: number): string | undefined => {
    const raw = query[name];
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string') {
      fields[name] = 'INVALID';
      return undefined;
    }
    const value = raw.trim();
    if (value === '') return undefined;
    if (value.length > max) {
      fields[name] = 'TOO_LONG';
      return undefined;
    }
    return value;
  };
  const filter: SupportInboxFilter = { limit: SUPPORT_PAGE_DEFAULT, markets };
  const country = text('country', 10);
  if (country !== undefined) {
    if (isCountryCode(country)) filter.country = country.toUpperCase();
    else fields.country = 'COUNTRY_INVALID';
  }
  const status = text('status', 20);
  if (status !== undefined) {
    if (status === 'open' || status === 'handled') filter.status = status;
    else fields.status = 'INVALID';
  }
  const q = text('q', 254);
  if (q !== undefined) filter.q = q;
  const limit = text('limit', 10);
  if (limit !== undefined) {
    const n = /^\d+$/.test(limit) ? Number(limit) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > SUPPORT_PAGE_MAX) fields.limit = 'OUT_OF_RANGE';
    else filter.limit = n;
  }
  const cursor = text('cursor', 400);
  if (cursor !== undefined) {
    const decoded = decodeSupportCursor(cursor);
    if (decoded) filter.cursor = decoded;
    else fields.cursor = 'CURSOR_INVALID';
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  return filter;
}

/** The request's market as SQL: its country, or LT. */
const marketOf = sql<string>`coalesce(support_requests.country_code, ${DEFAULT_SUPPORT_MARKET})`;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = containsPattern;

function summaryQuery(db: Db) {
  return db
    .selectFrom('support_requests')
    .innerJoin('users', 'users.id', 'support_requests.user_id')
    .select([
      'support_requests.id',
      'support_requests.user_id',
      'support_requests.email',
      'support_requests.body',
      'support_requests.locale',
      'support_requests.created_at',
      'support_requests.mailed_at',
      'support_requests.handled_at',
      'support_requests.handled_by',
      'users.first_name',
      'users.last_name',
      marketOf.as('market'),
      (eb: ExpressionBuilder<Database, 'support_requests' | 'users'>) =>
        eb.selectFrom('support_replies').whereRef('support_replies.request_id', '=', 'support_requests.id').select(sql<string>`count(*)`.as('n')).as('reply_count'),
      (eb: ExpressionBuilder<Database, 'support_requests' | 'users'>) =>
        eb.selectFrom('support_replies').whereRef('support_replies.request_id', '=', 'support_requests.id').select(sql<Date | null>`max(created_at)`.as('t')).as('last_reply_at'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

const fullName = (first: string | null, last: string | null) => [first, last].filter((part) => part && part.trim()).join(' ') || null;

function toSummary(row: SummaryRow): SupportRequestSummary {
  const locale = (['en', 'lt', 'pl', 'cs', 'ro'] as const).find((l) => l === row.locale) ?? 'en';
  return {
    id: row.id,
    tasker: { id: row.user_id, email: row.email, name: fullName(row.first_name, row.last_name) },
    market: row.market,
    body: row.body,
    locale,
    createdAt: iso(row.created_at),
    mailedAt: isoOrNull(row.mailed_at),
    status: row.handled_at === null ? 'open' : 'handled',
    handledAt: isoOrNull(row.handled_at),
    handledBy: row.handled_by,
    replies: Number(row.reply_count ?? 0),
    lastReplyAt: isoOrNull(row.last_reply_at ?? null),
  };
}

/** A page of the inbox, newest first, and the cursor of the next page (null: the last page). */
export async function listSupportRequests(db: Db, filter: SupportInboxFilter): Promise<{ data: SupportRequestSummary[]; nextCursor: string | null }> {
  let query = summaryQuery(db);
  if (filter.country !== undefined) query = query.where(marketOf, '=', filter.country);
  if (filter.markets.length > 0) query = query.where(marketOf, 'in', [...filter.markets]);
  if (filter.status === 'open') query = query.where('support_requests.handled_at', 'is', null);
  if (filter.status === 'handled') query = query.where('support_requests.handled_at', 'is not', null);
  if (filter.q !== undefined) {
    const pattern = containing(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('support_requests.email', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
        eb('support_requests.body', 'ilike', pattern),
        eb(sql<string>`coalesce(users.first_name, '') || ' ' || coalesce(users.last_name, '')`, 'ilike', pattern),
      ]),
    );
  }
  if (filter.cursor) {
    const { createdAt, id } = filter.cursor;
    query = query.where((eb) =>
      eb.or([eb('support_requests.created_at', '<', createdAt), eb.and([eb('support_requests.created_at', '=', createdAt), eb('support_requests.id', '<', id)])]),
    );
  }
  const rows = await query.orderBy('support_requests.created_at', 'desc').orderBy('support_requests.id', 'desc').limit(filter.limit + 1).execute();
  const page = rows.slice(0, filter.limit).map(toSummary);
  const last = page[page.length - 1];
  return { data: page, nextCursor: rows.length > filter.limit && last ? encodeSupportCursor(last.createdAt, last.id) : null };
}

export const supportRequestNotFound = () => new ApiError(404, 'NOT_FOUND', 'Support request not found');

/** The request id of a path (anything implausible: 404). */
export function supportRequestId(params: unknown): string {
  const { id } = (params ?? {}) as { id?: unknown };
  if (!isPlausibleId(id)) throw supportRequestNotFound();
  return id;
}

/** The request's market (404 for an unknown request). */
export async function supportRequestMarket(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('support_requests').select(marketOf.as('market')).where('id', '=', id).executeTakeFirst();
  if (!row) throw supportRequestNotFound();
  return row.market;
}

/** What the audit trail keeps of a request before and after a change; locks the row. */
export async function lockSupportSnapshot(trx: Db, id: string): Promise<{ market: string; handledAt: string | null; handledBy: string | null }> {
  const row = await trx.selectFrom('support_requests').select(['handled_at', 'handled_by', marketOf.as('market')]).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw supportRequestNotFound();
  return { market: row.market, handledAt: isoOrNull(row.handled_at), handledBy: row.handled_by };
}

/** A request with its tasker (as now) and its replies, oldest first. */
export async function supportRequestDetail(db: Db, id: string): Promise<SupportRequestDetail> {
  const row = await summaryQuery(db).where('support_requests.id', '=', id).executeTakeFirst();
  if (!row) throw supportRequestNotFound();
  const user = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'phone', 'status', 'country_code']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
  const contact = await db.selectFrom('country_contacts').select('support_email').where('country_code', '=', row.market).executeTakeFirst();
  const replies = await db.selectFrom('support_replies').selectAll().where('request_id', '=', id).orderBy('created_at').orderBy('id').execute();
  return {
    request: toSummary(row),
    tasker: { id: user.id, email: user.email, name: fullName(user.first_name, user.last_name), phone: user.phone, status: user.status, country: user.country_code },
    supportEmail: contact?.support_email ?? null,
    replies: replies.map((r) => ({ id: r.id, actor: r.actor, staffId: r.staff_id, body: r.body, createdAt: iso(r.created_at), mailedAt: isoOrNull(r.mailed_at) })),
  };
}

/** The reply's text: trimmed, REQUIRED when empty, TOO_LONG past SUPPORT_REPLY_MAX characters. */
export function readReplyBody(body: unknown): string {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ body: 'REQUIRED' }, 'Write the reply');
  const text = (body as { body?: unknown }).body;
  if (text === undefined || text === null) throw badRequest({ body: 'REQUIRED' }, 'Write the reply');
  if (typeof text !== 'string') throw badRequest({ body: 'INVALID' });
  const trimmed = text.trim();
  if (trimmed === '') throw badRequest({ body: 'REQUIRED' }, 'Write the reply');
  if ([...trimmed].length > SUPPORT_REPLY_MAX) throw badRequest({ body: 'TOO_LONG' }, `A reply has at most ${SUPPORT_REPLY_MAX} characters`);
  return trimmed;
}

/** Stores a reply, not mailed yet (inside the caller's transaction); its id. */
export async function storeSupportReply(trx: Db, requestId: string, actor: { id: string | null; name: string }, body: string, now: Date): Promise<string> {
  const id = randomUUID();
  await trx.insertInto('support_replies').values({ id, request_id: requestId, staff_id: actor.id, actor: actor.name, body, created_at: now, mailed_at: null }).execute();
  return id;
}

export interface SupportReplyMailDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  log?: (line: string, error?: unknown) => void;
}

/**
 * Mails every reply of the request not mailed yet, oldest first. Each is claimed (mailed_at set)
 * before it is sent and released when the send fails, so two senders mail a reply once and a
 * failed one is sent by the next call. The number sent.
 */
export async function mailSupportReplies(deps: SupportReplyMailDeps, requestId: string): Promise<number> {
  const { db } = deps;
  const pending = await db.selectFrom('support_replies').select('id').where('request_id', '=', requestId).where('mailed_at', 'is', null).orderBy('created_at').orderBy('id').execute();
  if (pending.length === 0) return 0;
  const request = await db
    .selectFrom('support_requests')
    .innerJoin('users', 'users.id', 'support_requests.user_id')
    .select(['support_requests.body', 'support_requests.locale', 'support_requests.created_at', 'support_requests.to_email', 'users.email', 'users.first_name', marketOf.as('market')])
    .where('support_requests.id', '=', requestId)
    .executeTakeFirstOrThrow();
  const contact = await db.selectFrom('country_contacts').select('support_email').where('country_code', '=', request.market).executeTakeFirst();
  let sent = 0;
  for (const { id } of pending) {
    const claimed = await db.updateTable('support_replies').set({ mailed_at: deps.now() }).where('id', '=', id).where('mailed_at', 'is', null).returning(['body']).executeTakeFirst();
    if (!claimed) continue;
    try {
      await deps.mailer.send(
        supportReplyMessage({
          to: request.email,
          supportEmail: contact?.support_email ?? request.to_email,
          locale: request.locale,
          firstName: request.first_name,
          reply: claimed.body,
          original: request.body,
          originalAt: new Date(request.created_at),
        }),
      );
      sent += 1;
    } catch (error) {
      await db.updateTable('support_replies').set({ mailed_at: null }).where('id', '=', id).execute();
      deps.log?.(`support reply ${id} not mailed`, error);
    }
  }
  return sent;
}

/** Marks the request handled by `by` (true) or open again (false); whether it changed. */
export async function setSupportHandled(trx: Db, id: string, handled: boolean, by: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('support_requests')
    .set(handled ? { handled_at: now, handled_by: by } : { handled_at: null, handled_by: null })
    .where('id', '=', id)
    .where('handled_at', handled ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
