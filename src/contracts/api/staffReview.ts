/**
 * Task review for staff (role reviewer): the queue of finished work awaiting confirmation, oldest
 * first, and everything a tasker sent for one task — photos with signed links an <img> can open,
 * the checklist with each item's state, the scans against the task's product list, defects and
 * blockers, comments, where and when the work started and whether it was delivered late, and
 * earlier tasks at the same place for comparison. Both are limited to the reviewer's markets.
 * The decision itself is POST /api/staff/tasks/:id/accept|reject (staff.ts).
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, Nullable, PathId, QueryString, defineRoute } from './common';
import { CountryCodeSchema, CurrencyCodeSchema, PhotoTagSchema, StringEnum, TaskStatusSchema } from './models';
import { CHECKLIST_ITEM_TYPES } from '#domain/types';

const tags = ['staff-review'];

const Decimal = (description: string) => Type.String({ description: `${description} (decimal string, e.g. "12.50")` });

const PlaceRefSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  address: Type.String(),
  city: Type.String(),
  retailer: Type.Object({ id: Type.String(), name: Type.String() }),
  latitude: Type.Number(),
  longitude: Type.Number(),
});

const TaskerRefSchema = Type.Object({ id: Type.String(), name: Type.String({ description: 'Full name, else the e-mail' }), email: Type.String() });

const CountsSchema = Type.Object({ photos: Type.Integer(), scans: Type.Integer(), defects: Type.Integer({ description: 'Checked defects (blockers included)' }) });

export const ReviewQueueItemSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    taskType: Type.Object({ id: Type.String(), title: Type.String() }),
    place: PlaceRefSchema,
    country: CountryCodeSchema,
    tasker: Nullable(TaskerRefSchema),
    finishedAt: Nullable(Type.String({ description: 'When the tasker finished (the recorded completion time, ISO 8601)' })),
    deliveredAt: Nullable(Type.String({ description: 'When the server received the completion' })),
    timeWindowEnd: Type.String(),
    late: Type.Boolean({ description: 'The completion reached the server after the window ended' }),
    outcome: Nullable(StringEnum(['complete', 'incomplete', 'blocked'] as const)),
    reward: Decimal('The reward'),
    currencyCode: CurrencyCodeSchema,
    counts: CountsSchema,
  },
  { title: 'ReviewQueueItem' },
);

export const reviewQueue = defineRoute({
  method: 'GET',
  url: '/api/staff/review-queue',
  roles: ['reviewer'],
  operationId: 'staffReviewQueue',
  tags,
  summary: 'Tasks awaiting confirmation in the reviewer’s markets, oldest finished first; a page of at most `limit` (≤ 200, default 50) with the next cursor and the total',
  schema: {
    querystring: Type.Object(
      {
        country: Type.Optional(QueryString('LT, PL, CZ or RO (INVALID otherwise; 403 STAFF_MARKET_REFUSED outside the reviewer’s markets)')),
        retailerId: Type.Optional(QueryString('A retailer id')),
        placeId: Type.Optional(QueryString('A place (store) id')),
        taskTypeId: Type.Optional(QueryString('A task type id')),
        late: Type.Optional(QueryString('true: only late deliveries; false: only on-time ones')),
        limit: Type.Optional(QueryString('1–200, default 50')),
        cursor: Type.Optional(QueryString('The nextCursor of the previous page (INVALID otherwise)')),
      },
      { additionalProperties: true },
    ),
    response: {
      200: Type.Object({
        data: Type.Array(ReviewQueueItemSchema),
        nextCursor: Nullable(Type.String()),
        total: Type.Integer({ description: 'How many tasks match the filters in all (every page)' }),
      }),
      ...AUTHED_ERRORS,
    },
  },
});

export const ReviewPhotoSchema = Type.Object({
  id: Type.String(),
  url: Nullable(Type.String({ description: 'A signed, expiring link (no bearer needed: usable in <img>); null until the file is uploaded' })),
  comment: Type.String(),
  tags: Type.Array(PhotoTagSchema),
  createdAt: Type.String(),
});

export const ReviewChecklistItemSchema = Type.Object({
  id: Type.String(),
  position: Type.Integer(),
  type: StringEnum(CHECKLIST_ITEM_TYPES),
  title: Type.String(),
  description: Nullable(Type.String()),
  isOptional: Type.Boolean(),
  done: Type.Boolean(),
});

export const SCAN_STATES = ['scanned', 'missing', 'zero_facing'] as const;

export const ReviewListedProductSchema = Type.Object({
  ean: Type.String(),
  name: Type.String(),
  brand: Type.String(),
  expectedFacings: Nullable(Type.Integer({ description: 'Null: not set on the list' })),
  facings: Nullable(Type.Integer({ description: 'Scanned facings (summed over scans of the code); null: not scanned' })),
  state: StringEnum(SCAN_STATES),
});

export const ReviewUnexpectedScanSchema = Type.Object({
  ean: Type.String(),
  name: Nullable(Type.String({ description: 'The catalogue name when the code is a known product' })),
  facings: Type.Integer(),
  zeroFacing: Type.Boolean(),
});

export const ReviewScanSchema = Type.Object({ id: Type.String(), ean: Type.String(), facings: Type.Integer(), scannedAt: Type.String() });

export const ReviewDefectSchema = Type.Object({ id: Type.String(), name: Type.String(), type: StringEnum(['regular', 'task_blocker'] as const) });

export const EarlierTaskSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: TaskStatusSchema,
  finishedAt: Nullable(Type.String()),
  tasker: Nullable(TaskerRefSchema),
  photos: Type.Integer(),
});

export const TaskReviewSchema = Type.Object(
  {
    id: Type.String(),
    status: TaskStatusSchema,
    title: Type.String(),
    taskType: Type.Object({ id: Type.String(), title: Type.String() }),
    place: PlaceRefSchema,
    country: CountryCodeSchema,
    tasker: Nullable(TaskerRefSchema),
    timeWindowStart: Type.String(),
    timeWindowEnd: Type.String(),
    descriptiveComment: Nullable(Type.String({ description: 'What staff asked for' })),
    start: Type.Object({
      at: Nullable(Type.String({ description: 'When the tasker started (recorded time)' })),
      receivedAt: Nullable(Type.String({ description: 'When the server received the start' })),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      distanceMeters: Nullable(Type.Integer({ description: 'From the start position to the place; null without a position' })),
    }),
    finishedAt: Nullable(Type.String()),
    deliveredAt: Nullable(Type.String()),
    late: Type.Boolean({ description: 'The completion reached the server after the window ended' }),
    completion: Nullable(
      Type.Object({
        outcome: StringEnum(['complete', 'incomplete', 'blocked'] as const),
        reason: Nullable(Type.String({ description: 'Why the checklist is incomplete' })),
        policyAgreed: Type.Boolean(),
        taskerComment: Nullable(Type.String({ description: 'The completion comment' })),
      }),
    ),
    photos: Type.Array(ReviewPhotoSchema),
    checklist: Type.Array(ReviewChecklistItemSchema),
    products: Type.Array(ReviewListedProductSchema, { description: 'The task’s product list with what was scanned of each' }),
    unexpected: Type.Array(ReviewUnexpectedScanSchema, { description: 'Scanned codes not on the product list' }),
    scans: Type.Array(ReviewScanSchema, { description: 'Every scan as sent, in order' }),
    defects: Type.Array(ReviewDefectSchema, { description: 'Defects the tasker checked' }),
    blockers: Type.Array(ReviewDefectSchema, { description: 'Blockers named by a blocked completion' }),
    money: Type.Object({
      currencyCode: CurrencyCodeSchema,
      reward: Decimal('The reward'),
      baseReward: Decimal('The base reward'),
      bonusReward: Nullable(Decimal('The bonus')),
      reducedReward: Nullable(Decimal('The reduced reward paid after a rejection')),
    }),
    outcome: Nullable(
      Type.Object({
        status: StringEnum(['accepted', 'rejected'] as const),
        resultComment: Nullable(Type.String()),
        decidedAt: Nullable(Type.String()),
        decidedBy: Nullable(Type.String({ description: 'Who decided, from the audit trail' })),
      }),
    ),
    earlier: Type.Array(EarlierTaskSchema, { description: 'The last 5 other finished tasks at the same place, newest first' }),
  },
  { title: 'TaskReview' },
);

export const taskReview = defineRoute({
  method: 'GET',
  url: '/api/staff/tasks/:id',
  roles: ['reviewer'],
  operationId: 'staffTaskReview',
  tags,
  summary: 'Everything the tasker sent for a task, for its review (403 STAFF_MARKET_REFUSED outside the reviewer’s markets)',
  schema: {
    params: Type.Object({ id: PathId('Task id (anything else: 404 TASK_NOT_FOUND)') }),
    response: { 200: TaskReviewSchema, ...AUTHED_ERRORS },
  },
});
