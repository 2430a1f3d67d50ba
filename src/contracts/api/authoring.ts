/**
 * Task authoring for staff: retailers and places to put tasks at, task types with their checklist
 * templates in every language, the tasks themselves (list, edit while nobody holds them, publish,
 * unpublish, product lists) and their CSV import. Places and task types are the admin's and the
 * author's; tasks are the author's (the list is also the reviewer's). Answers and writes are
 * limited to the member's markets (403 STAFF_MARKET_REFUSED). Writes take an Idempotency-Key and
 * are recorded in the audit trail with before and after.
 *
 * A task of market M is created, published or imported only when its type's title and every
 * checklist item have texts in M's language (LT lt, PL pl, CZ cs, RO ro): else 420
 * CHECKLIST_TRANSLATION_MISSING naming the locale. The tasker reads the checklist in the market's
 * language (docs/decisions/0008); English is the fallback of no market.
 *
 * POST /api/staff/tasks (one task, staff.ts) takes the same `products` and `published` fields.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { AUTHED_ERRORS, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { CountryCodeSchema, MoneySchema, PlaceSchema, RetailerSchema, StringEnum, TaskStatusSchema } from './models';
import { StaffWriteHeaders } from './money';
import { CHECKLIST_ITEM_TYPES, LOCALES, type Locale } from '#domain/types';

const tags = ['staff-authoring'];

const TaskParams = Type.Object({ id: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') });
const TaskTypeParams = Type.Object({ id: PathId('Task type id (anything else: 404 TASK_TYPE_NOT_FOUND)') });

export const LocaleKeySchema = StringEnum(LOCALES);

const perLocale = <T extends TSchema>(schema: T) =>
  Type.Object({ en: Type.Optional(schema), lt: Type.Optional(schema), pl: Type.Optional(schema), cs: Type.Optional(schema), ro: Type.Optional(schema) });

/** One checklist item's texts in one language. */
export const ItemTextSchema = Type.Object({ title: Type.String(), description: Nullable(Type.String()) });
/** A task type's own texts in one language (the `translations` column's keys). */
export const TypeTextSchema = Type.Object({
  title: Type.String(),
  shortDescription: Nullable(Type.String()),
  fullDescription: Nullable(Type.String({ description: 'Markdown' })),
  filterTitle: Nullable(Type.String()),
});

export const TemplateItemSchema = Type.Object(
  {
    id: Type.String(),
    type: StringEnum(CHECKLIST_ITEM_TYPES),
    isOptional: Type.Boolean(),
    metadata: Type.Record(Type.String(), Type.Unknown(), { description: 'tags (camera), target (link), isAutoToggle, buttonTitle/doneTitle/ctaTitle' }),
    texts: perLocale(ItemTextSchema),
  },
  { title: 'ChecklistTemplateItem' },
);

export const AuthoringTaskTypeSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String({ description: 'The English title' }),
    texts: perLocale(TypeTextSchema),
    checklist: Type.Array(TemplateItemSchema),
    completeMarkets: Type.Array(CountryCodeSchema, { description: "Markets whose language has the type's title and every item's title: its tasks may be published there" }),
    missingLocales: Type.Array(LocaleKeySchema, { description: 'Market languages still missing a text' }),
    ndaProtected: Type.Boolean(),
    taskCount: Type.Integer({ description: 'Tasks of this type' }),
    createdAt: Type.String(),
  },
  { title: 'AuthoringTaskType' },
);

export interface TemplateItemInput {
  /** The saved item's id (kept), or absent for a new one. */
  id?: string;
  type: (typeof CHECKLIST_ITEM_TYPES)[number];
  isOptional?: boolean;
  metadata?: Record<string, unknown>;
  texts: Partial<Record<Locale, { title: string; description?: string | null }>>;
}
export type TypeTextsInput = Partial<Record<Locale, { title: string; shortDescription?: string | null; fullDescription?: string | null; filterTitle?: string | null }>>;

const TemplateBody = {
  texts: Type.Optional(RuleChecked<TypeTextsInput>("Required: texts per locale (en required: title ≤ 120, shortDescription ≤ 300, fullDescription ≤ 5000, filterTitle ≤ 60); REQUIRED, TOO_LONG, INVALID under texts.<locale>.<key>")),
  items: Type.Optional(
    RuleChecked<TemplateItemInput[]>(
      'Required: 1–50 items in order: {type: camera|scanner|defects|link|plain, isOptional, metadata, texts: {en: {title ≤ 160, description? ≤ 1000}, lt…}}; en required; a link needs metadata.target (https URL); errors under items.<n>.<field>',
    ),
  ),
};

export const listRetailers = defineRoute({
  method: 'GET',
  url: '/api/staff/retailers',
  roles: ['admin', 'author'],
  operationId: 'staffListRetailers',
  tags,
  summary: 'Every retailer, by name',
  schema: { response: { 200: Type.Object({ data: Type.Array(RetailerSchema) }), ...AUTHED_ERRORS } },
});

export const listPlaces = defineRoute({
  method: 'GET',
  url: '/api/staff/places',
  roles: ['admin', 'author'],
  operationId: 'staffListPlaces',
  tags,
  summary: "Places of the member's markets by title, at most `limit` (1–500, default 200)",
  schema: {
    querystring: Type.Object(
      {
        country: Type.Optional(QueryString("LT, PL, CZ or RO (INVALID; outside the member's markets: 403 STAFF_MARKET_REFUSED)")),
        retailerId: Type.Optional(QueryString('A retailer id')),
        q: Type.Optional(QueryString('Title, address or city contains (at most 200 characters: INVALID)')),
        limit: Type.Optional(QueryString('1–500 (default 200; INVALID)')),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Object({ data: Type.Array(PlaceSchema), total: Type.Integer() }), ...AUTHED_ERRORS },
  },
});

export const patchPlace = defineRoute({
  method: 'PATCH',
  url: '/api/staff/places/:id',
  roles: ['admin'],
  operationId: 'staffPatchPlace',
  tags,
  summary: "Correct a place: only the fields sent change (its market cannot: its tasks belong to it); tasks keep the place, taskers see the new address and pin",
  schema: {
    params: Type.Object({ id: PathId('Place id (anything else: 404 NOT_FOUND)') }),
    headers: StaffWriteHeaders,
    body: Type.Object({
      title: Type.Optional(RuleChecked<string>('At most 120 characters')),
      address: Type.Optional(RuleChecked<string>('At most 200 characters')),
      city: Type.Optional(RuleChecked<string>('At most 80 characters')),
      retailerId: Type.Optional(RuleChecked<string>('A retailer id (NOT_FOUND)')),
      latitude: Type.Optional(RuleChecked<number>('Decimal degrees (OUT_OF_RANGE)')),
      longitude: Type.Optional(RuleChecked<number>('Decimal degrees (OUT_OF_RANGE)')),
    }),
    response: { 200: PlaceSchema, ...AUTHED_ERRORS },
  },
});

export const listTaskTypes = defineRoute({
  method: 'GET',
  url: '/api/staff/task-types',
  roles: ['admin', 'author'],
  operationId: 'staffListTaskTypes',
  tags,
  summary: 'Every task type with its checklist template and the markets whose language is complete',
  schema: { response: { 200: Type.Object({ data: Type.Array(AuthoringTaskTypeSchema) }), ...AUTHED_ERRORS } },
});

export const getTaskType = defineRoute({
  method: 'GET',
  url: '/api/staff/task-types/:id',
  roles: ['admin', 'author'],
  operationId: 'staffGetTaskType',
  tags,
  summary: 'A task type with its checklist template',
  schema: { params: TaskTypeParams, response: { 200: AuthoringTaskTypeSchema, ...AUTHED_ERRORS } },
});

export const createTaskType = defineRoute({
  method: 'POST',
  url: '/api/staff/task-types',
  roles: ['admin', 'author'],
  operationId: 'staffCreateTaskType',
  tags,
  summary: 'Create a task type with its texts and checklist template (`checklist` is accepted for `items`)',
  schema: {
    headers: StaffWriteHeaders,
    body: Type.Object({
      ...TemplateBody,
      checklist: Type.Optional(RuleChecked<TemplateItemInput[]>('The same as items')),
      ndaProtected: Type.Optional(RuleChecked<boolean>('Default false')),
    }),
    response: { 201: AuthoringTaskTypeSchema, ...AUTHED_ERRORS },
  },
});

export const putTaskTypeChecklist = defineRoute({
  method: 'PUT',
  url: '/api/staff/task-types/:id/checklist',
  roles: ['admin', 'author'],
  operationId: 'staffPutTaskTypeChecklist',
  tags,
  summary: "Replace a type's texts and checklist template; tasks created later use it (existing tasks keep theirs)",
  schema: { params: TaskTypeParams, headers: StaffWriteHeaders, body: Type.Object(TemplateBody), response: { 200: AuthoringTaskTypeSchema, ...AUTHED_ERRORS } },
});

export const TaskProductSchema = Type.Object({
  ean: Type.String(),
  name: Type.String(),
  brand: Type.String(),
  expectedFacings: Nullable(Type.Integer()),
});

export const AuthoringTaskRowSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    status: TaskStatusSchema,
    published: Type.Boolean({ description: 'False: taskers do not see it' }),
    reserved: Type.Boolean({ description: 'A tasker holds or held it: it can no longer be edited' }),
    countryCode: CountryCodeSchema,
    placeId: Type.String(),
    placeTitle: Type.String(),
    placeCity: Type.String(),
    taskTypeId: Type.String(),
    taskTypeTitle: Type.String(),
    timeWindowStart: Type.String(),
    timeWindowEnd: Type.String(),
    reward: Type.Composite([MoneySchema], { description: 'The base reward, without the bonus (the tasker is paid base + bonus)' }),
    bonusReward: Nullable(MoneySchema),
    productCount: Type.Integer(),
    createdAt: Type.String(),
  },
  { title: 'AuthoringTaskRow' },
);

export const AuthoringTaskSchema = Type.Composite(
  [
    AuthoringTaskRowSchema,
    Type.Object({
      placeAddress: Type.String(),
      taskerId: Nullable(Type.String()),
      expectedDuration: Type.Number({ description: 'Minutes' }),
      descriptiveComment: Nullable(Type.String()),
      products: Type.Array(TaskProductSchema),
    }),
  ],
  { title: 'AuthoringTask' },
);

export const listTasks = defineRoute({
  method: 'GET',
  url: '/api/staff/tasks',
  roles: ['author', 'reviewer'],
  operationId: 'staffListTasks',
  tags,
  summary: "Tasks of the member's markets, newest first: a page of at most `limit` (1–200, default 50) with the next cursor",
  schema: {
    querystring: Type.Object(
      {
        country: Type.Optional(QueryString("LT, PL, CZ or RO (INVALID; outside the member's markets: 403 STAFF_MARKET_REFUSED)")),
        status: Type.Optional(QueryString('A task status (INVALID)')),
        placeId: Type.Optional(QueryString('A place id')),
        taskTypeId: Type.Optional(QueryString('A task type id')),
        published: Type.Optional(QueryString('true or false (INVALID)')),
        q: Type.Optional(QueryString('Title, place title or city contains (at most 200 characters: INVALID)')),
        limit: Type.Optional(QueryString('1–200 (default 50; INVALID)')),
        cursor: Type.Optional(QueryString('The nextCursor of the previous page (INVALID otherwise)')),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Object({ data: Type.Array(AuthoringTaskRowSchema), nextCursor: Nullable(Type.String()) }), ...AUTHED_ERRORS },
  },
});

export const getAuthoringTask = defineRoute({
  method: 'GET',
  url: '/api/staff/tasks/:id/authoring',
  roles: ['author', 'reviewer'],
  operationId: 'staffGetAuthoringTask',
  tags,
  summary: 'A task as its author edits it: window, money, texts, publication and product list',
  schema: { params: TaskParams, response: { 200: AuthoringTaskSchema, ...AUTHED_ERRORS } },
});

export const patchTask = defineRoute({
  method: 'PATCH',
  url: '/api/staff/tasks/:id',
  roles: ['author'],
  operationId: 'staffPatchTask',
  tags,
  summary: 'Edit an available task nobody has reserved (else 420 TASK_ALREADY_TAKEN): only the fields sent change',
  schema: {
    params: TaskParams,
    headers: StaffWriteHeaders,
    body: Type.Object({
      title: Type.Optional(RuleChecked<string | null>('At most 160 characters (null: the task type title)')),
      timeWindowStart: Type.Optional(RuleChecked<string>('ISO 8601')),
      timeWindowEnd: Type.Optional(RuleChecked<string>('ISO 8601, after the start (BEFORE_START)')),
      reward: Type.Optional(RuleChecked<string>('Decimal string, more than 0')),
      bonusReward: Type.Optional(RuleChecked<string | null>('Decimal string or null')),
      expectedDuration: Type.Optional(RuleChecked<number | null>('Minutes, 5–720, within the window (null: 60)')),
      descriptiveComment: Type.Optional(RuleChecked<string | null>('At most 2000 characters')),
    }),
    response: { 200: AuthoringTaskSchema, ...AUTHED_ERRORS },
  },
});

const publicationRoute = (action: 'publish' | 'unpublish') =>
  defineRoute({
    method: 'POST',
    url: `/api/staff/tasks/:id/${action}`,
    roles: ['author'],
    operationId: action === 'publish' ? 'staffPublishTask' : 'staffUnpublishTask',
    tags,
    summary:
      action === 'publish'
        ? "Show the task to the market's taskers (420 CHECKLIST_TRANSLATION_MISSING when its type lacks the market's language); a published one is answered as it is"
        : 'Hide an available task from taskers (420 TASK_ALREADY_TAKEN once reserved); an unpublished one is answered as it is',
    schema: { params: TaskParams, headers: StaffWriteHeaders, response: { 200: AuthoringTaskSchema, ...AUTHED_ERRORS } },
  });

export const publishTask = publicationRoute('publish');
export const unpublishTask = publicationRoute('unpublish');

export interface ProductInputBody {
  ean: string;
  name: string;
  expectedFacings?: number | null;
}

export const putTaskProducts = defineRoute({
  method: 'PUT',
  url: '/api/staff/tasks/:id/products',
  roles: ['author'],
  operationId: 'staffPutTaskProducts',
  tags,
  summary:
    "Replace a task's product list (while nobody has started it: else 420 TASK_ALREADY_TAKEN); products are upserted by EAN (name updated). Errors under products.<n>.ean (REQUIRED, EAN_INVALID: GS1 check digit, DUPLICATE), .name (REQUIRED, TOO_LONG > 200), .expectedFacings (FACINGS_INVALID: 0–99)",
  schema: {
    params: TaskParams,
    headers: StaffWriteHeaders,
    body: Type.Object({ products: Type.Optional(RuleChecked<ProductInputBody[]>('Required: at most 500 products')) }),
    response: { 200: AuthoringTaskSchema, ...AUTHED_ERRORS },
  },
});

export const ImportPreviewSchema = Type.Object({
  id: Nullable(Type.String({ description: 'The created task (null on a dry run)' })),
  title: Type.String(),
  placeId: Type.String(),
  placeTitle: Type.String(),
  countryCode: CountryCodeSchema,
  taskTypeId: Type.String(),
  timeWindowStart: Type.String(),
  timeWindowEnd: Type.String(),
  reward: MoneySchema,
  bonusReward: Nullable(MoneySchema),
  expectedDuration: Type.Number(),
  products: Type.Array(Type.String({ description: 'EAN' })),
});

export const ImportRowSchema = Type.Object({
  line: Type.Integer({ description: 'The line of the file (the header is line 1)' }),
  ok: Type.Boolean(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Column → code: REQUIRED, INVALID, TOO_LONG, NOT_FOUND (place, task type, a product EAN not known yet), AMBIGUOUS (placeTitle + placeCity of several places), BEFORE_START, LONGER_THAN_WINDOW, EAN_INVALID, CHECKLIST_TRANSLATION_MISSING (taskTypeId), STAFF_MARKET_REFUSED (placeId)' })),
  task: Type.Optional(ImportPreviewSchema),
});

export const importTasks = defineRoute({
  method: 'POST',
  url: '/api/staff/tasks/import',
  roles: ['author'],
  operationId: 'staffImportTasks',
  tags,
  summary:
    'Create tasks from CSV (comma separated, header row, UTF-8, at most 1000 rows): columns placeId (or placeTitle + placeCity), taskTypeId, title?, timeWindowStart and timeWindowEnd (ISO 8601 with offset), reward, bonusReward? (decimal strings), expectedDuration? (minutes), descriptiveComment?, products? (EANs of known products — ones already on a product list — separated by spaces or |), published? (true/false, default true). Every row is checked; nothing is saved on a dry run or while any row has an error (all or nothing)',
  schema: {
    headers: StaffWriteHeaders,
    body: Type.Object({
      csv: Type.Optional(RuleChecked<string>('Required: the file text (at most 1000 rows, 2 MB)')),
      dryRun: Type.Optional(RuleChecked<boolean>('true: only check and preview (default true)')),
    }),
    response: {
      200: Type.Object({
        rows: Type.Array(ImportRowSchema),
        created: Type.Integer({ description: 'Tasks created (0 on a dry run or when any row has errors)' }),
      }),
      ...AUTHED_ERRORS,
    },
  },
});
