/**
 * The staff's support inbox: taskers' support requests (what they wrote from the app's support
 * page), newest first, limited to the member's markets; a request with its tasker and the replies
 * staff mailed; a reply (mailed to the tasker in the request's language, answerable to the
 * market's support address); marking a request handled and reopening it. A request's market is
 * the tasker's market when they sent it; one sent without a market belongs to LT (its mail went to
 * LT support). Writes take an Idempotency-Key and are recorded in the audit trail.
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { StringEnum } from './models';
import { StaffWriteHeaders } from './money';

const tags = ['staff'];
const roles = ['support'] as const;

export const SUPPORT_REPLY_MAX = 5000;

export const SupportTaskerSchema = Type.Object({
  id: Type.String(),
  email: Type.String({ description: "The tasker's e-mail now (the request keeps the one it was sent from)" }),
  name: Nullable(Type.String({ description: 'First and last name; null when the profile has none' })),
  phone: Nullable(Type.String()),
  status: Type.String(),
  country: Nullable(Type.String()),
}, { title: 'SupportTasker' });

export const SupportRequestSummarySchema = Type.Object({
  id: Type.String(),
  tasker: Type.Object({ id: Type.String(), email: Type.String({ description: 'The address the request was sent from' }), name: Nullable(Type.String()) }),
  market: Type.String({ description: "The request's market (LT for a tasker without one)" }),
  body: Type.String(),
  locale: StringEnum(['en', 'lt', 'pl', 'cs', 'ro'] as const),
  createdAt: Type.String(),
  mailedAt: Nullable(Type.String({ description: 'When it was mailed to the market’s support address' })),
  status: StringEnum(['open', 'handled'] as const),
  handledAt: Nullable(Type.String()),
  handledBy: Nullable(Type.String({ description: "Who marked it handled: a member's e-mail or the automation key's name" })),
  replies: Type.Number({ description: 'Replies staff sent' }),
  lastReplyAt: Nullable(Type.String()),
}, { title: 'SupportRequestSummary' });

export const SupportReplySchema = Type.Object({
  id: Type.String(),
  actor: Type.String({ description: "Who wrote it: a member's e-mail or the automation key's name" }),
  staffId: Nullable(Type.String()),
  body: Type.String(),
  createdAt: Type.String(),
  mailedAt: Nullable(Type.String({ description: 'When the mail to the tasker went out; null: not sent (yet)' })),
}, { title: 'SupportReply' });

export const SupportRequestDetailSchema = Type.Object({
  request: SupportRequestSummarySchema,
  tasker: SupportTaskerSchema,
  supportEmail: Nullable(Type.String({ description: "The market's support address (replies are answered to it)" })),
  replies: Type.Array(SupportReplySchema, { description: 'Oldest first' }),
}, { title: 'SupportRequestDetail' });

const RequestParams = Type.Object({ id: PathId('Support request id (anything else: 404 NOT_FOUND)') });

export const listSupportRequests = defineRoute({
  method: 'GET',
  url: '/api/staff/support',
  roles,
  operationId: 'staffListSupportRequests',
  tags,
  summary: "Taskers' support requests, newest first, of the member's markets; a page of at most `limit` with the next cursor",
  schema: {
    querystring: Type.Object(
      {
        country: Type.Optional(QueryString("LT, PL, CZ or RO (COUNTRY_INVALID; outside the member's markets: 403 STAFF_MARKET_REFUSED)")),
        status: Type.Optional(QueryString('open or handled (INVALID); absent: both')),
        q: Type.Optional(QueryString("The tasker's e-mail or name, or the message, contains (at most 254 characters: TOO_LONG)")),
        limit: Type.Optional(QueryString('1–200 (default 50; OUT_OF_RANGE)')),
        cursor: Type.Optional(QueryString('The nextCursor of the previous page (CURSOR_INVALID)')),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Object({ data: Type.Array(SupportRequestSummarySchema), nextCursor: Nullable(Type.String()) }), ...AUTHED_ERRORS },
  },
});

export const supportRequest = defineRoute({
  method: 'GET',
  url: '/api/staff/support/:id',
  roles,
  operationId: 'staffSupportRequest',
  tags,
  summary: "A support request with its tasker and the replies (outside the member's markets: 403 STAFF_MARKET_REFUSED)",
  schema: { params: RequestParams, response: { 200: SupportRequestDetailSchema, ...AUTHED_ERRORS } },
});

export const replySupportRequest = defineRoute({
  method: 'POST',
  url: '/api/staff/support/:id/reply',
  roles,
  operationId: 'staffReplySupportRequest',
  tags,
  summary:
    "Mails the reply to the tasker (subject and intro in the request's language, Reply-To the market's support address) and keeps it; the request with its replies (a reply whose mail failed has mailedAt null and is sent again by the next reply to the request or a retry with the same key)",
  schema: {
    params: RequestParams,
    headers: StaffWriteHeaders,
    body: Nullable(Type.Object({ body: Type.Optional(RuleChecked<string>(`The reply's text (REQUIRED; at most ${SUPPORT_REPLY_MAX} characters: TOO_LONG)`)) })),
    response: { 200: SupportRequestDetailSchema, ...AUTHED_ERRORS },
  },
});

export const markSupportHandled = defineRoute({
  method: 'POST',
  url: '/api/staff/support/:id/handled',
  roles,
  operationId: 'staffMarkSupportHandled',
  tags,
  summary: 'Marks the request handled (already handled: unchanged); the request with its replies',
  schema: { params: RequestParams, headers: StaffWriteHeaders, response: { 200: SupportRequestDetailSchema, ...AUTHED_ERRORS } },
});

export const reopenSupportRequest = defineRoute({
  method: 'POST',
  url: '/api/staff/support/:id/reopen',
  roles,
  operationId: 'staffReopenSupportRequest',
  tags,
  summary: 'Opens a handled request again (already open: unchanged); the request with its replies',
  schema: { params: RequestParams, headers: StaffWriteHeaders, response: { 200: SupportRequestDetailSchema, ...AUTHED_ERRORS } },
});
