/** Task reads (lists, one task, places, limits) and the life cycle (reserve, cancel, start). */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, COMMON_ERRORS, IdempotentHeaders, NoBody, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { MoneySchema, PageInfoSchema, PageSchema, PlaceSchema, ReservationLimitSchema, RetailerSchema, TaskSchema } from './models';

const tags = ['tasks'];

/** The viewer's position: `latitude` and `longitude` (else the `Geolocation: lat,lng` header). */
const PositionQuery = {
  latitude: Type.Optional(QueryString('Decimal degrees, with longitude (INVALID, REQUIRED, OUT_OF_RANGE)')),
  longitude: Type.Optional(QueryString('Decimal degrees, with latitude')),
};
const PositionHeaders = Type.Object({ geolocation: Type.Optional(Type.String({ description: 'lat,lng when the query has no position' })) }, { additionalProperties: true });

const FilterQuery = {
  search: Type.Optional(QueryString('Words in the title, place or retailer (at most 200 characters: TOO_LONG)')),
  isReservable: Type.Optional(QueryString('true/false/1/0')),
  isStartable: Type.Optional(QueryString('true/false/1/0')),
  hasOutstandingDispute: Type.Optional(QueryString('true/false/1/0')),
  placeId: Type.Optional(QueryString('Only tasks at this place')),
  trainingId: Type.Optional(QueryString('Only tasks needing this training')),
  first: Type.Optional(QueryString('Page size, 1–50 (INVALID, OUT_OF_RANGE)')),
  after: Type.Optional(QueryString('endCursor of the previous page (CURSOR_INVALID)')),
};

/** A page of tasks; with `since=` also the delta cursor. */
const TaskPage = Type.Object({ data: Type.Array(TaskSchema), pageInfo: PageInfoSchema, cursor: Type.Optional(Type.String()) });
/** What changed since the cursor: changed tasks, removed ids, the next cursor. */
const TaskDelta = Type.Object({ changed: Type.Array(TaskSchema), removed: Type.Array(Type.String()), cursor: Type.String() });

export const listTasks = defineRoute({
  method: 'GET',
  url: '/api/task',
  operationId: 'listTasks',
  tags,
  summary: 'A page of tasks visible to the tasker (ETag / 304), or with `since` what changed',
  schema: {
    querystring: Type.Object(
      {
        status: Type.Optional(QueryString('Comma-separated statuses')),
        ...FilterQuery,
        ...PositionQuery,
        orderBy: Type.Optional(QueryString('time_window_start (default), distance (needs a position), …')),
        since: Type.Optional(QueryString('Delta sync: empty for the full list with a cursor, or a cursor (only status may narrow it: NOT_ALLOWED)')),
      },
      { additionalProperties: true },
    ),
    headers: Type.Object(
      {
        geolocation: Type.Optional(Type.String({ description: 'lat,lng when the query has no position' })),
        'if-none-match': Type.Optional(Type.String({ description: 'The ETag of a page held: 304 when unchanged' })),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Union([TaskPage, TaskDelta]), 304: NoBody, ...AUTHED_ERRORS },
  },
});

export const listPlaces = defineRoute({
  method: 'GET',
  url: '/api/task/places',
  operationId: 'listPlaces',
  tags,
  summary: 'Places with available tasks (task count and earnings), nearest first with a position',
  schema: {
    querystring: Type.Object({ ...FilterQuery, ...PositionQuery }, { additionalProperties: true }),
    headers: PositionHeaders,
    response: { 200: PageSchema(PlaceSchema), ...AUTHED_ERRORS },
  },
});

export const reservationLimit = defineRoute({
  method: 'GET',
  url: '/api/task/reservation-limit',
  operationId: 'reservationLimit',
  tags,
  summary: 'Minutes of reserved work used and allowed',
  schema: { response: { 200: ReservationLimitSchema, ...AUTHED_ERRORS } },
});

const TaskParams = Type.Object({ taskId: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') });

export const getTask = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId',
  operationId: 'getTask',
  tags,
  summary: 'One task (own, or available in the market)',
  schema: {
    params: TaskParams,
    querystring: Type.Object(PositionQuery, { additionalProperties: true }),
    headers: PositionHeaders,
    response: { 200: TaskSchema, ...AUTHED_ERRORS },
  },
});

export const reserveTask = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/reserve',
  operationId: 'reserveTask',
  tags,
  summary: 'Reserve an available task (420 with the refusal)',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Nullable(Type.Object({}, { description: 'No body, or an empty object' })),
    response: { 200: TaskSchema, ...AUTHED_ERRORS },
  },
});

export const cancelTask = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/cancel',
  operationId: 'cancelTask',
  tags,
  summary: 'Cancel a reservation (a justification after the early deadline)',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Nullable(Type.Object({ justification: Type.Optional(Nullable(Type.String({ description: 'Why, when cancelling late' }))) })),
    response: { 200: TaskSchema, ...AUTHED_ERRORS },
  },
});

export const startTask = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/start',
  operationId: 'startTask',
  tags,
  summary: 'Start a reserved task at the place (position and time checked by the server)',
  schema: {
    params: TaskParams,
    headers: Type.Composite([IdempotentHeaders, PositionHeaders]),
    body: Nullable(
      Type.Object({
        latitude: Type.Optional(RuleChecked<number | string | null>('Decimal degrees (INVALID, REQUIRED with longitude, OUT_OF_RANGE)')),
        longitude: Type.Optional(RuleChecked<number | string | null>('Decimal degrees')),
        startedAt: Type.Optional(RuleChecked<string>('When the phone started (ISO 8601)')),
      }),
    ),
    response: { 200: TaskSchema, ...AUTHED_ERRORS },
  },
});

export const suggestions = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/suggestions',
  operationId: 'taskSuggestions',
  tags,
  summary: 'Other available tasks at the same place',
  schema: {
    params: TaskParams,
    querystring: Type.Object({ first: Type.Optional(QueryString('1–25')), after: Type.Optional(QueryString('endCursor')), ...PositionQuery }, { additionalProperties: true }),
    headers: PositionHeaders,
    response: { 200: PageSchema(TaskSchema), ...AUTHED_ERRORS },
  },
});

export const LastWeekEarnSchema = Type.Object({ amount: MoneySchema, tasksCount: Type.Number() }, { title: 'LastWeekEarn' });

export const lastWeekEarn = defineRoute({
  method: 'GET',
  url: '/api/task/last-week-earn',
  operationId: 'lastWeekEarn',
  tags,
  summary: "Public: what taskers earned in a market in the last 7 days",
  schema: {
    querystring: Type.Object({ country: Type.Optional(QueryString('LT, PL, CZ or RO (REQUIRED, COUNTRY_INVALID)')) }, { additionalProperties: true }),
    response: { 200: LastWeekEarnSchema, ...COMMON_ERRORS },
  },
});

export const retailer = defineRoute({
  method: 'GET',
  url: '/api/task/retailer/:retailerId',
  operationId: 'getRetailer',
  tags,
  summary: 'One retailer',
  schema: { params: Type.Object({ retailerId: PathId() }), response: { 200: RetailerSchema, ...AUTHED_ERRORS } },
});

export const taskTypePhotos = defineRoute({
  method: 'GET',
  url: '/api/task/task_type/:taskTypeId/photos',
  operationId: 'taskTypePhotos',
  tags,
  summary: "A task type's example photos (NDA ones only for approved taskers)",
  schema: {
    params: Type.Object({ taskTypeId: PathId() }),
    response: { 200: Type.Object({ data: Type.Array(Type.Object({ url: Type.String() })) }), ...AUTHED_ERRORS },
  },
});

export const placesTaskEarn = defineRoute({
  method: 'GET',
  url: '/api/task/places/task-earn',
  operationId: 'placesTaskEarn',
  tags,
  summary: "Per place: the summed reward and count of the tasker's available tasks open within the coming week",
  schema: {
    querystring: Type.Object({ placeIds: Type.Optional(QueryString('Comma-separated place ids (REQUIRED, TOO_LONG, INVALID)')) }, { additionalProperties: true }),
    response: {
      200: Type.Object({ data: Type.Array(Type.Object({ placeId: Type.String(), taskCount: Type.Number(), taskEarn: Nullable(MoneySchema) })) }),
      ...AUTHED_ERRORS,
    },
  },
});

export const MapStyleConfigSchema = Type.Object({ styleUrl: Nullable(Type.String()), attribution: Nullable(Type.String()) }, { title: 'MapStyleConfig' });

export const mapConfig = defineRoute({
  method: 'GET',
  url: '/api/map/config',
  operationId: 'mapConfig',
  tags: ['map'],
  summary: "Public: the tile service's style URL (null: the app's offline basemap only)",
  schema: { response: { 200: MapStyleConfigSchema, ...COMMON_ERRORS } },
});
