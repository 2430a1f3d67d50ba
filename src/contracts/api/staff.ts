/**
 * The staff API of taskers, places and tasks: every route needs a staff member's bearer (or the
 * automation key) with one of its roles, and answers only about the member's markets; writes take
 * an Idempotency-Key, are recorded in the audit trail with who acted (the member; a script on the
 * automation key may name its person in Shelfwork-Staff-Name, StaffWriteHeaders). Bodies are
 * checked field by field by the staff services, so their fields are typed for clients but left to
 * those checks (RuleChecked).
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { MoneySchema, PlaceSchema, StringEnum, TaskSchema, UserSchema } from './models';
import { StaffWriteHeaders } from './money';

const tags = ['staff'];

const UserParams = Type.Object({ id: PathId('User id (anything else: 404 USER_NOT_FOUND)') });
const TaskParams = Type.Object({ id: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') });
const TrainingParams = Type.Object({ id: PathId('User id (anything else: 404 USER_NOT_FOUND)'), trainingId: PathId('Training id (anything else: 404)') });

export const UserReviewSchema = Type.Object({
  user: UserSchema,
  documents: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: StringEnum(['profile_photo', 'identity_document', 'payment_document'] as const),
      src: Nullable(Type.String({ description: 'A link for staff (needs the staff token); null once the file is deleted' })),
      uploadedAt: Type.String(),
      deletedAt: Nullable(Type.String()),
    }),
  ),
  events: Type.Array(
    Type.Object({
      kind: Type.String(),
      actor: Type.String(),
      reasons: Type.Array(Type.String()),
      comment: Nullable(Type.String()),
      detail: Type.Record(Type.String(), Type.Unknown()),
      createdAt: Type.String(),
    }),
  ),
  trainings: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), isRequired: Type.Boolean(), enabled: Type.Boolean(), doneAt: Nullable(Type.String()) })),
}, { title: 'UserReview' });

export const listUsers = defineRoute({
  method: 'GET',
  url: '/api/staff/users',
  roles: ['onboarding', 'finance', 'support'],
  operationId: 'staffListUsers',
  tags,
  summary: "Tasker search, newest first: a page of at most `limit`, only of the staff member's markets",
  schema: {
    querystring: Type.Object(
      {
        q: Type.Optional(QueryString('Name, e-mail or phone contains (at most 254 characters: INVALID)')),
        email: Type.Optional(QueryString('E-mail contains (at most 254 characters: INVALID)')),
        status: Type.Optional(QueryString('new, awaiting_approval, active, rejected or deactivated (INVALID)')),
        country: Type.Optional(QueryString("LT, PL, CZ or RO (INVALID; outside the member's markets: 403 STAFF_MARKET_REFUSED)")),
        limit: Type.Optional(QueryString('1–200 (default 50; INVALID)')),
        offset: Type.Optional(QueryString('Rows to skip (default 0; INVALID)')),
      },
      { additionalProperties: true },
    ),
    response: {
      200: Type.Object({
        data: Type.Array(UserSchema),
        total: Type.Number({ description: 'Taskers matching the filters' }),
        nextOffset: Nullable(Type.Number({ description: 'The offset of the next page; null on the last' })),
      }),
      ...AUTHED_ERRORS,
    },
  },
});

export const userReview = defineRoute({
  method: 'GET',
  url: '/api/staff/users/:id',
  roles: ['onboarding', 'finance', 'support'],
  operationId: 'staffUserReview',
  tags,
  summary: "A tasker with documents, review history and trainings (outside the member's markets: 403 STAFF_MARKET_REFUSED)",
  schema: { params: UserParams, response: { 200: UserReviewSchema, ...AUTHED_ERRORS } },
});

export const StaffUserTaskSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  countryCode: Type.String(),
  placeTitle: Type.String(),
  status: Type.String({ description: "The task's status, or 'cancelled' for a reservation the tasker cancelled (the task went back to others)" }),
  timeWindowStart: Type.String(),
  timeWindowEnd: Type.String(),
  reservedAt: Nullable(Type.String()),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
  finalizedAt: Nullable(Type.String({ description: 'Accepted or rejected at' })),
  cancelledAt: Nullable(Type.String()),
  reward: MoneySchema,
  reducedReward: Nullable(MoneySchema),
  resultComment: Nullable(Type.String({ description: "The reviewer's comment (the outcome's reason)" })),
}, { title: 'StaffUserTask' });

export const userTasks = defineRoute({
  method: 'GET',
  url: '/api/staff/users/:id/tasks',
  roles: ['onboarding', 'finance', 'support', 'reviewer'],
  operationId: 'staffUserTasks',
  tags,
  summary: "A tasker's task history, newest first: the tasks they hold or held, and the reservations they cancelled",
  schema: { params: UserParams, response: { 200: Type.Object({ data: Type.Array(StaffUserTaskSchema) }), ...AUTHED_ERRORS } },
});

const activeRoute = (action: 'deactivate' | 'reactivate') =>
  defineRoute({
    method: 'POST',
    url: `/api/staff/users/:id/${action}`,
    roles: ['onboarding'],
    operationId: action === 'deactivate' ? 'staffDeactivateUser' : 'staffReactivateUser',
    tags,
    summary:
      action === 'deactivate'
        ? 'Deactivate a tasker (they see that they must contact support); an already deactivated one is answered as it is'
        : 'Reactivate a deactivated tasker: active again if they were approved, else back to a new profile; any other is answered as it is',
    schema: {
      params: UserParams,
      headers: StaffWriteHeaders,
      body: Nullable(Type.Object({ comment: Type.Optional(RuleChecked<string | null>('Why (kept in the history), at most 1000 characters')) })),
      response: { 200: UserSchema, ...AUTHED_ERRORS },
    },
  });

export const deactivateUser = activeRoute('deactivate');
export const reactivateUser = activeRoute('reactivate');

export const userDocumentFile = defineRoute({
  method: 'GET',
  url: '/api/staff/users/:id/documents/:documentId/file',
  roles: ['onboarding'],
  operationId: 'staffUserDocumentFile',
  tags,
  summary: "A tasker's document file (the staff token is the credential; no-store)",
  schema: {
    params: Type.Object({ id: PathId('User id (anything else: 404 USER_NOT_FOUND)'), documentId: PathId('Document id (anything else: 404)') }),
    response: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'image/jpeg' }), ...AUTHED_ERRORS },
  },
});

export const approveUser = defineRoute({
  method: 'POST',
  url: '/api/staff/users/:id/approve',
  roles: ['onboarding'],
  operationId: 'staffApproveUser',
  tags,
  summary: 'Approve a tasker awaiting approval (the identity document file is deleted after)',
  schema: { params: UserParams, headers: StaffWriteHeaders, response: { 200: UserSchema, ...AUTHED_ERRORS } },
});

export const rejectUser = defineRoute({
  method: 'POST',
  url: '/api/staff/users/:id/reject',
  roles: ['onboarding'],
  operationId: 'staffRejectUser',
  tags,
  summary: 'Reject a tasker with reasons (the profile fields to correct) and a comment',
  schema: {
    params: UserParams,
    headers: StaffWriteHeaders,
    body: Type.Object({
      reasons: Type.Optional(RuleChecked<string[]>('Required: profile field names (REQUIRED, INVALID)')),
      comment: Type.Optional(RuleChecked<string | null>('At most 1000 characters')),
    }),
    response: { 200: UserSchema, ...AUTHED_ERRORS },
  },
});

const trainingRoute = (action: 'done' | 'undone') =>
  defineRoute({
    method: 'POST',
    url: `/api/staff/users/:id/trainings/:trainingId/${action}`,
  roles: ['onboarding'],
    operationId: action === 'done' ? 'staffTrainingDone' : 'staffTrainingUndone',
    tags,
    summary: action === 'done' ? 'Mark a training done for a tasker' : 'Mark a training not done for a tasker',
    schema: { params: TrainingParams, headers: StaffWriteHeaders, response: { 200: UserReviewSchema, ...AUTHED_ERRORS } },
  });

export const trainingDone = trainingRoute('done');
export const trainingUndone = trainingRoute('undone');

export const createPlace = defineRoute({
  method: 'POST',
  url: '/api/staff/places',
  roles: ['admin'],
  operationId: 'staffCreatePlace',
  tags,
  summary: 'Create a place of a retailer',
  schema: {
    headers: StaffWriteHeaders,
    body: Type.Object({
      title: Type.Optional(RuleChecked<string>('Required, at most 120 characters')),
      address: Type.Optional(RuleChecked<string>('Required, at most 200 characters')),
      city: Type.Optional(RuleChecked<string>('Required, at most 80 characters')),
      retailerId: Type.Optional(RuleChecked<string>('Required: a retailer id')),
      countryCode: Type.Optional(RuleChecked<string>('Required: LT, PL, CZ or RO')),
      latitude: Type.Optional(RuleChecked<number>('Required: decimal degrees')),
      longitude: Type.Optional(RuleChecked<number>('Required: decimal degrees')),
    }),
    response: { 201: PlaceSchema, ...AUTHED_ERRORS },
  },
});

const reviewRoute = (action: 'accept' | 'reject') =>
  defineRoute({
    method: 'POST',
    url: `/api/staff/tasks/:id/${action}`,
  roles: ['reviewer'],
    operationId: action === 'accept' ? 'staffAcceptTask' : 'staffRejectTask',
    tags,
    summary: action === 'accept' ? 'Accept finished work (awaiting confirmation)' : 'Reject finished work with a comment, optionally paying a reduced reward',
    schema: {
      params: TaskParams,
      headers: StaffWriteHeaders,
      body: Nullable(
        Type.Object({
          resultComment: Type.Optional(RuleChecked<string | null>(action === 'reject' ? 'Required, at most 2000 characters' : 'At most 2000 characters')),
          reducedReward: Type.Optional(RuleChecked<string | null>(action === 'reject' ? 'Decimal string, at most the reward' : 'Not allowed (NOT_ALLOWED)')),
        }),
      ),
      response: { 200: TaskSchema, ...AUTHED_ERRORS },
    },
  });

export const acceptTask = reviewRoute('accept');
export const rejectTask = reviewRoute('reject');

export const createTask = defineRoute({
  method: 'POST',
  url: '/api/staff/tasks',
  roles: ['author'],
  operationId: 'staffCreateTask',
  tags,
  summary: "Create an available task at a place, its checklist from its type's template (420 CHECKLIST_TRANSLATION_MISSING when the type lacks the market's language)",
  schema: {
    headers: StaffWriteHeaders,
    body: Type.Object({
      placeId: Type.Optional(RuleChecked<string>('Required: a place id')),
      taskTypeId: Type.Optional(RuleChecked<string>('Required: a task type id')),
      title: Type.Optional(RuleChecked<string | null>('At most 160 characters (default: the task type)')),
      timeWindowStart: Type.Optional(RuleChecked<string>('Required: ISO 8601')),
      timeWindowEnd: Type.Optional(RuleChecked<string>('Required: ISO 8601, after the start')),
      reward: Type.Optional(RuleChecked<string>('Required: decimal string')),
      bonusReward: Type.Optional(RuleChecked<string | null>('Decimal string')),
      expectedDuration: Type.Optional(RuleChecked<number>('Minutes')),
      descriptiveComment: Type.Optional(RuleChecked<string | null>('At most 2000 characters')),
      letterOfAuthorityUrl: Type.Optional(RuleChecked<string | null>('A document URL')),
      products: Type.Optional(
        RuleChecked<{ ean: string; name: string; expectedFacings?: number | null }[]>('The product list (as PUT /api/staff/tasks/:id/products; errors under products.<n>.<field>)'),
      ),
      published: Type.Optional(RuleChecked<boolean>('Shown to taskers (default true)')),
    }),
    response: { 201: TaskSchema, ...AUTHED_ERRORS },
  },
});
