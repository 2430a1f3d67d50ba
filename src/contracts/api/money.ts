/**
 * Money and missions: the tasker's finances, payouts and missions, and the staff API of payouts,
 * adjustments and missions (staff routes need a staff member's bearer with the route's role, or
 * the automation key; a member acts only in their markets: 403 STAFF_MARKET_REFUSED; every write
 * and export is in the audit trail with who acted). Amounts are Money objects with decimal-string amounts, never floats.
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, IdempotentHeaders, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { MissionSchema, MoneySchema, PayoutInfoSchema, PayoutSchema, StringEnum } from './models';
import { MISSION_CONTENT_TYPES } from '#domain/missions';

const tags = ['money'];
const staffTags = ['staff'];

export const myFinances = defineRoute({
  method: 'GET',
  url: '/api/payment/my-finances',
  operationId: 'myFinances',
  tags,
  summary: 'Paid so far and the next payment with its lines (404 NOT_FOUND before a market is chosen)',
  schema: { response: { 200: PayoutInfoSchema, ...AUTHED_ERRORS } },
});

export const myPayouts = defineRoute({
  method: 'GET',
  url: '/api/payment/payouts',
  operationId: 'myPayouts',
  tags,
  summary: "The tasker's recorded payouts with their status and lines",
  schema: { response: { 200: Type.Object({ data: Type.Array(PayoutSchema) }), ...AUTHED_ERRORS } },
});

export const myMissions = defineRoute({
  method: 'GET',
  url: '/api/mission/my',
  operationId: 'myMissions',
  tags: ['missions'],
  summary: "The tasker's missions with their progress, in the spec's order",
  schema: { response: { 200: Type.Object({ data: Type.Array(MissionSchema) }), ...AUTHED_ERRORS } },
});

// ── Staff ───────────────────────────────────────────────────────────────────────────────────

/** The headers of a staff write: the outbox-style Idempotency-Key, and for the automation key who acted. */
export const StaffWriteHeaders = Type.Composite([
  IdempotentHeaders,
  Type.Object(
    { 'shelfwork-staff-name': Type.Optional(Type.String({ description: "On the automation key: the person its script acts for (else the key's audit name); a signed-in member's is ignored" })) },
    { additionalProperties: true },
  ),
]);

/** A market week: `country` and `week` (its Monday, YYYY-MM-DD), checked by the route (REQUIRED, COUNTRY_INVALID, NOT_A_MONDAY). */
const WeekQuery = Type.Object(
  { country: Type.Optional(QueryString('LT, PL, CZ or RO')), week: Type.Optional(QueryString("The week's Monday, YYYY-MM-DD")) },
  { additionalProperties: true },
);

export const StaffPayoutSchema = Type.Composite(
  [
    PayoutSchema,
    Type.Object({
      user: Type.Object({ id: Type.String(), email: Type.String(), firstName: Nullable(Type.String()), lastName: Nullable(Type.String()), iban: Nullable(Type.String()) }),
    }),
  ],
  { title: 'StaffPayout' },
);

export const PayoutRunResultSchema = Type.Object({
  countryCode: Type.String(),
  weekStart: Type.String(),
  alreadyRun: Type.Boolean({ description: 'The week had been run already: nothing was paid now' }),
  created: Type.Number(),
  total: Type.String({ description: 'Sum of the payouts recorded now (decimal string)' }),
}, { title: 'PayoutRunResult' });

export const AdjustmentSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  kind: StringEnum(['reduction', 'overpayment'] as const),
  amount: MoneySchema,
  taskId: Nullable(Type.String()),
  reason: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.String(),
}, { title: 'Adjustment' });

export const StaffMissionSchema = Type.Object({
  id: Type.String(),
  countryCode: Type.String(),
  name: Type.String(),
  useNameAsDisplayName: Type.Boolean(),
  description: Type.String(),
  moneyReward: Nullable(MoneySchema),
  duration: Nullable(Type.Number({ description: 'Seconds; null: unlimited' })),
  objectives: Type.Array(Type.Object({ id: Type.String(), contentType: StringEnum(MISSION_CONTENT_TYPES), allowedItems: Type.Array(Type.String()), target: Type.Number() })),
  assignedCount: Type.Number(),
  completedCount: Type.Number(),
  createdAt: Type.String(),
}, { title: 'StaffMission' });

export const weekPayouts = defineRoute({
  method: 'GET',
  url: '/api/staff/payouts',
  roles: ['finance'],
  operationId: 'staffWeekPayouts',
  tags: staffTags,
  summary: "A market week's payouts with the taskers' bank details, and its run",
  schema: {
    querystring: WeekQuery,
    response: {
      200: Type.Object({
        countryCode: Type.String(),
        weekStart: Type.String(),
        run: Nullable(Type.Object({ payoutsCount: Type.Number(), finishedAt: Type.String() })),
        data: Type.Array(StaffPayoutSchema),
      }),
      ...AUTHED_ERRORS,
    },
  },
});

export const PayoutWeekSummarySchema = Type.Object({
  weekStart: Type.String({ description: "The week's Monday, YYYY-MM-DD" }),
  over: Type.Boolean({ description: 'The week has ended in the market: it can be run' }),
  run: Nullable(Type.Object({ payoutsCount: Type.Number(), finishedAt: Type.String() })),
  payouts: Type.Number(),
  pending: Type.Number(),
  paid: Type.Number(),
  total: Type.String({ description: "Sum of the week's payouts (decimal string)" }),
  pendingTotal: Type.String({ description: 'Sum of the pending ones (decimal string)' }),
}, { title: 'PayoutWeekSummary' });

export const payoutWeeks = defineRoute({
  method: 'GET',
  url: '/api/staff/payouts/weeks',
  roles: ['finance'],
  operationId: 'staffPayoutWeeks',
  tags: staffTags,
  summary: "A market's weeks, newest first: the current one, the last 12 closed ones and any older with payouts, each with its run and totals",
  schema: {
    querystring: Type.Object({ country: Type.Optional(QueryString("Required: LT, PL, CZ or RO (outside the member's markets: 403 STAFF_MARKET_REFUSED)")) }, { additionalProperties: true }),
    response: {
      200: Type.Object({ countryCode: Type.String(), currencyCode: Type.String(), currencySymbol: Type.String(), data: Type.Array(PayoutWeekSummarySchema) }),
      ...AUTHED_ERRORS,
    },
  },
});

export const runPayouts = defineRoute({
  method: 'POST',
  url: '/api/staff/payouts/run',
  roles: ['finance'],
  operationId: 'staffRunPayouts',
  tags: staffTags,
  summary: 'Run the due weeks of every market, or one week of one market once it is over (NOT_OVER)',
  schema: {
    headers: StaffWriteHeaders,
    body: Nullable(Type.Object({ country: Type.Optional(RuleChecked<string>('With week: LT, PL, CZ or RO')), week: Type.Optional(RuleChecked<string>("With country: the week's Monday, YYYY-MM-DD")) })),
    response: { 200: Type.Object({ data: Type.Array(PayoutRunResultSchema) }), ...AUTHED_ERRORS },
  },
});

export const markPaid = defineRoute({
  method: 'POST',
  url: '/api/staff/payouts/mark-paid',
  roles: ['finance'],
  operationId: 'staffMarkPaid',
  tags: staffTags,
  summary: 'Mark payouts paid: by ids, or a market week',
  schema: {
    headers: StaffWriteHeaders,
    body: Nullable(
      Type.Object({
        ids: Type.Optional(RuleChecked<string[]>('Payout ids (1–10000; INVALID; unknown: 404)')),
        country: Type.Optional(RuleChecked<string>('Without ids: LT, PL, CZ or RO')),
        week: Type.Optional(RuleChecked<string>("Without ids: the week's Monday, YYYY-MM-DD")),
      }),
    ),
    response: { 200: Type.Object({ paid: Type.Array(Type.String()) }), ...AUTHED_ERRORS },
  },
});

export const exportCsv = defineRoute({
  method: 'GET',
  url: '/api/staff/payouts/export.csv',
  roles: ['finance'],
  operationId: 'staffPayoutsCsv',
  tags: staffTags,
  summary: "A market week's payouts as CSV (an attachment)",
  schema: { querystring: WeekQuery, response: { 200: Type.String({ description: 'text/csv' }), ...AUTHED_ERRORS } },
});

export const exportSepaXml = defineRoute({
  method: 'GET',
  url: '/api/staff/payouts/export.xml',
  roles: ['finance'],
  operationId: 'staffPayoutsSepaXml',
  tags: staffTags,
  summary: "The week's pending EUR payouts as a SEPA pain.001.001.09 file (headers: Shelfwork-Payouts-Included, -Skipped, Shelfwork-Control-Sum)",
  schema: { querystring: WeekQuery, response: { 200: Type.String({ description: 'application/xml' }), ...AUTHED_ERRORS } },
});

export const recordAdjustment = defineRoute({
  method: 'POST',
  url: '/api/staff/payouts/adjustments',
  roles: ['finance'],
  operationId: 'staffRecordAdjustment',
  tags: staffTags,
  summary: "Record a reduction or an overpayment on a tasker's payouts",
  schema: {
    headers: StaffWriteHeaders,
    body: Nullable(
      Type.Object({
        user: Type.Optional(RuleChecked<string>('Required: the tasker, by id or email (also as userId or email)')),
        kind: Type.Optional(RuleChecked<'reduction' | 'overpayment'>('Required: reduction or overpayment')),
        amount: Type.Optional(RuleChecked<string>('Required: a positive decimal string')),
        reason: Type.Optional(RuleChecked<string>('Required, at most 500 characters')),
        taskId: Type.Optional(RuleChecked<string | null>('The task it concerns')),
      }),
    ),
    response: { 201: AdjustmentSchema, ...AUTHED_ERRORS },
  },
});

export const listMissions = defineRoute({
  method: 'GET',
  url: '/api/staff/missions',
  roles: ['author', 'finance'],
  operationId: 'staffListMissions',
  tags: staffTags,
  summary: 'Missions, of one market or all',
  schema: {
    querystring: Type.Object({ country: Type.Optional(QueryString('LT, PL, CZ or RO (INVALID)')) }, { additionalProperties: true }),
    response: { 200: Type.Object({ data: Type.Array(StaffMissionSchema) }), ...AUTHED_ERRORS },
  },
});

export const createMission = defineRoute({
  method: 'POST',
  url: '/api/staff/missions',
  roles: ['author', 'finance'],
  operationId: 'staffCreateMission',
  tags: staffTags,
  summary: 'Create a mission in a market',
  schema: {
    headers: StaffWriteHeaders,
    body: Nullable(
      Type.Object({
        name: Type.Optional(RuleChecked<string>('Required, at most 200 characters')),
        description: Type.Optional(RuleChecked<string>('At most 2000 characters')),
        countryCode: Type.Optional(RuleChecked<string>('Required: LT, PL, CZ or RO')),
        moneyReward: Type.Optional(RuleChecked<string | { amount: string } | null>('Decimal string (or a Money object)')),
        duration: Type.Optional(RuleChecked<number | null>('Seconds (or durationSeconds); null: unlimited')),
        useNameAsDisplayName: Type.Optional(RuleChecked<boolean>('Show the name as the title')),
        objectives: Type.Optional(RuleChecked<{ contentType: string; allowedItems: string[]; target: number }[]>('Required: 1–10 objectives')),
      }),
    ),
    response: { 201: StaffMissionSchema, ...AUTHED_ERRORS },
  },
});

export const assignMission = defineRoute({
  method: 'POST',
  url: '/api/staff/missions/:id/assign',
  roles: ['author', 'finance'],
  operationId: 'staffAssignMission',
  tags: staffTags,
  summary: 'Assign a mission to taskers of its market: userIds and/or emails, or allActive',
  schema: {
    params: Type.Object({ id: PathId('Mission id (anything else: 404 NOT_FOUND)') }),
    headers: StaffWriteHeaders,
    body: Nullable(
      Type.Object({
        userIds: Type.Optional(RuleChecked<string[]>('Tasker ids')),
        emails: Type.Optional(RuleChecked<string[]>('Tasker emails')),
        allActive: Type.Optional(RuleChecked<boolean>('Every approved tasker of the market')),
      }),
    ),
    response: { 200: Type.Object({ mission: StaffMissionSchema, assigned: Type.Array(Type.String()) }, { title: 'AssignResult' }), ...AUTHED_ERRORS },
  },
});
