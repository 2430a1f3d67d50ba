/** Reference data: markets, trainings, the tasker's market contacts, health; and for development the mailbox and the movable clock. */
import { Type, type Static } from '@sinclair/typebox';
import { AUTHED_ERRORS, COMMON_ERRORS, ErrorBodySchema, Nullable, QueryString, ReaderCheckedBody, defineRoute } from './common';
import { CountryCodeSchema, CountrySchema, FleetPartnerSchema, TrainingSchema } from './models';

const tags = ['catalog'];

export const listCountries = defineRoute({
  method: 'GET',
  url: '/api/country',
  operationId: 'listCountries',
  tags,
  summary: 'Public: the markets (code, currency, locale)',
  schema: { response: { 200: Type.Array(CountrySchema), ...COMMON_ERRORS } },
});

export const listTrainings = defineRoute({
  method: 'GET',
  url: '/api/training',
  operationId: 'listTrainings',
  tags,
  summary: "Every training with the tasker's progress, in their market's language (required first)",
  schema: { response: { 200: Type.Array(TrainingSchema), ...AUTHED_ERRORS } },
});

/** A business of the market a tasker contracts with. */
export const CountryBusinessSchema = Type.Object(
  { id: Type.String(), countryCode: CountryCodeSchema, name: Type.String(), registrationNumber: Type.String(), address: Type.String() },
  { title: 'CountryBusiness' },
);
export type CountryBusiness = Static<typeof CountryBusinessSchema>;

/** The market's supervisor. */
export const SupervisorSchema = Type.Object({ name: Type.String(), phone: Type.String(), email: Type.String() }, { title: 'Supervisor' });
export type Supervisor = Static<typeof SupervisorSchema>;

export const listCountryBusinesses = defineRoute({
  method: 'GET',
  url: '/api/country/business',
  operationId: 'listCountryBusinesses',
  tags,
  summary: "The businesses of the tasker's market (empty without a market)",
  schema: { response: { 200: Type.Object({ data: Type.Array(CountryBusinessSchema) }), ...AUTHED_ERRORS } },
});

export const getSupervisor = defineRoute({
  method: 'GET',
  url: '/api/country/supervisor',
  operationId: 'getSupervisor',
  tags,
  summary: "The supervisor of the tasker's market (404 NOT_FOUND when none)",
  schema: { response: { 200: SupervisorSchema, ...AUTHED_ERRORS } },
});

export const listFleetPartners = defineRoute({
  method: 'GET',
  url: '/api/country/fleet-partners',
  operationId: 'listFleetPartners',
  tags,
  summary: "The fleet partners of a market (the tasker's own unless `country` names another)",
  schema: {
    querystring: Type.Object({ country: Type.Optional(QueryString('LT, PL, CZ or RO (COUNTRY_INVALID); empty or absent: the tasker\'s market')) }, { additionalProperties: true }),
    response: { 200: Type.Object({ data: Type.Array(FleetPartnerSchema) }), ...AUTHED_ERRORS },
  },
});

/** Whether the database reads and takes a write, and whether files can be stored. */
export const HealthSchema = Type.Object({ ok: Type.Boolean(), db: Type.Boolean(), writes: Type.Boolean() }, { title: 'Health' });

export const health = defineRoute({
  method: 'GET',
  url: '/api/health',
  operationId: 'health',
  tags,
  summary: 'Public: 200 when the database answers and takes writes and files can be stored, else 503 with Retry-After',
  schema: { response: { ...COMMON_ERRORS, 200: HealthSchema, 503: Type.Union([HealthSchema, ErrorBodySchema]) } },
});

/** Which of readiness's checks passed: the database answers, the photo storage answers, every migration is applied. */
export const ReadinessSchema = Type.Object(
  {
    ok: Type.Boolean(),
    checks: Type.Object({ database: Type.Boolean(), storage: Type.Boolean(), migrations: Type.Boolean() }),
    /** The checks that failed (empty when ready). */
    failed: Type.Array(Type.Union([Type.Literal('database'), Type.Literal('storage'), Type.Literal('migrations')])),
  },
  { title: 'Readiness' },
);

export const ready = defineRoute({
  method: 'GET',
  url: '/api/health/ready',
  operationId: 'ready',
  tags,
  summary: 'Public: readiness for traffic (for a load balancer or orchestrator): 200 when the database and the photo storage answer and every migration is applied, else 503 naming the failed checks. Liveness stays GET /api/health',
  schema: { response: { ...COMMON_ERRORS, 200: ReadinessSchema, 503: Type.Union([ReadinessSchema, ErrorBodySchema]) } },
});

/** A message the dev mailer kept instead of sending it. */
export const DevMailboxMessageSchema = Type.Object(
  { to: Type.String(), subject: Type.String(), text: Type.String(), code: Nullable(Type.String()), sentAt: Type.String({ description: 'ISO 8601' }) },
  { title: 'DevMailboxMessage' },
);

export const devMailbox = defineRoute({
  method: 'GET',
  url: '/api/dev/mailbox',
  operationId: 'devMailbox',
  tags: ['dev'],
  summary: 'Outside production with the dev mailer only: the last 100 messages to an address, oldest first',
  schema: {
    querystring: Type.Object({ email: Type.Optional(QueryString('The address (REQUIRED, INVALID)')) }, { additionalProperties: true }),
    response: { 200: Type.Object({ messages: Type.Array(DevMailboxMessageSchema) }), ...COMMON_ERRORS },
  },
});

export const setDevClock = defineRoute({
  method: 'POST',
  url: '/api/staff/dev/clock',
  roles: ['admin'],
  operationId: 'setDevClock',
  tags: ['dev'],
  summary: "Outside production on a server started with a movable clock, staff token: move the API's clock offsetMs from the real time (0 puts it back)",
  schema: {
    // Read by the route itself: anything but an integer offsetMs within 60 days either way (a
    // missing or non-object body too) is `{ offsetMs: INVALID }`; described here, not checked.
    body: ReaderCheckedBody(
      Type.Object({ offsetMs: Type.Integer({ minimum: -5_184_000_000, maximum: 5_184_000_000, description: 'Milliseconds from the real time, at most 60 days either way' }) }),
      'Anything else: 400 { offsetMs: INVALID }',
    ),
    response: { 200: Type.Object({ now: Type.String({ description: 'ISO 8601, the moved clock' }), offsetMs: Type.Number() }), ...AUTHED_ERRORS },
  },
});
