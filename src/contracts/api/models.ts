/**
 * The answer shapes of src/domain/types.ts as TypeBox schemas (OpenAPI components). Each schema
 * is checked at compile time to be exactly its domain interface (`Assert<Equal<…>>` below): the
 * interface keeps its documentation, the schema cannot drift from it.
 */
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import {
  CHECKLIST_ITEM_TYPES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  DEFECT_TYPES,
  LOCALES,
  PHOTO_TAGS,
  TASK_STATUSES,
  USER_STATUSES,
  type AuthTokens,
  type ChecklistItem,
  type Country,
  type Defect,
  type FleetPartner,
  type IdentityDocument,
  type Money,
  type PageInfo,
  type Photo,
  type PhotoUploadTarget,
  type Place,
  type Product,
  type ReservationLimit,
  type Retailer,
  type ScannedItem,
  type Task,
  type TaskType,
  type Training,
  type TrainingRef,
  type User,
  type UserDocumentPhoto,
  type UserDocumentUploadTarget,
} from '#domain/types';
import { Nullable, type Assert, type Equal } from './common';
import { PAYOUT_LINE_KINDS, type NextPayment, type Payout, type PayoutInfo, type PayoutLine } from '#domain/payouts';
import { MISSION_CONTENT_TYPES, type Mission, type MissionObjective } from '#domain/missions';
import type { AttendanceAnswerResult, AttendanceRequest } from '#domain/attendance';
import type { AppNotification, PushSettings } from '#domain/notifications';
import type { SupportContact, SupportRequestAnswer } from '#domain/support';

/**
 * A string enum: a union of literals on the wire (checkable by Fastify's ajv and TypeBox's Value
 * alike), its literal union as the static type.
 */
export const StringEnum = <const T extends readonly string[]>(values: T): TUnsafe<T[number]> =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnsafe<T[number]>;

const Timestamp = (description = 'ISO 8601') => Type.String({ description });

export const CountryCodeSchema = StringEnum(COUNTRY_CODES);
export const CurrencyCodeSchema = StringEnum(CURRENCY_CODES);
export const LocaleSchema = StringEnum(LOCALES);
export const TaskStatusSchema = StringEnum(TASK_STATUSES);
export const PhotoTagSchema = StringEnum(PHOTO_TAGS);

export const MoneySchema = Type.Object({
  amount: Type.String({ description: 'Decimal string, e.g. "12.50" — never a float' }),
  currencyCode: CurrencyCodeSchema,
  currencySymbol: Type.String(),
}, { title: 'Money' });

export const CoordinatesSchema = Type.Object({ latitude: Type.Number(), longitude: Type.Number() }, { title: 'Coordinates' });

export const RetailerSchema = Type.Object({ id: Type.String(), name: Type.String(), logo: Nullable(Type.String()) }, { title: 'Retailer' });

export const PlaceSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  address: Type.String(),
  city: Type.String(),
  countryCode: CountryCodeSchema,
  coordinates: CoordinatesSchema,
  retailerId: Type.String(),
  retailer: RetailerSchema,
  logo: Nullable(Type.String()),
  distance: Nullable(Type.Number({ description: 'Metres from the position sent, or null' })),
  taskCount: Type.Optional(Type.Number()),
  taskEarn: Type.Optional(Nullable(MoneySchema)),
}, { title: 'Place' });

export const TrainingRefSchema = Type.Object({ id: Type.String(), title: Type.String(), linkToTraining: Type.String() });

export const TaskTypeSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  shortDescription: Type.String(),
  fullDescription: Type.String({ description: 'Markdown' }),
  trainings: Type.Array(TrainingRefSchema),
  defaultPhoto: Nullable(Type.String()),
  photos: Type.Array(Type.String()),
  featuredImages: Type.Array(Type.String()),
  filterTitle: Type.String(),
  ndaProtected: Type.Boolean(),
  createdAt: Timestamp(),
}, { title: 'TaskType' });

export const TaskSchema = Type.Object({
  id: Type.String(),
  status: TaskStatusSchema,
  taskerId: Nullable(Type.String()),
  taskTypeId: Type.String(),
  title: Type.String(),
  image: Nullable(Type.String()),
  paymentId: Nullable(Type.String()),
  taskType: TaskTypeSchema,
  place: PlaceSchema,
  timeWindowStart: Timestamp(),
  timeWindowEnd: Timestamp(),
  startTime: Nullable(Timestamp()),
  endTime: Nullable(Timestamp()),
  finalizationTime: Nullable(Timestamp()),
  expectedDuration: Type.Number({ description: 'Minutes' }),
  reward: MoneySchema,
  baseReward: MoneySchema,
  bonusReward: Nullable(MoneySchema),
  reducedReward: Nullable(MoneySchema),
  earlyCancelDeadline: Nullable(Timestamp()),
  lateCancelDeadline: Nullable(Timestamp()),
  resultComment: Nullable(Type.String()),
  taskerComment: Nullable(Type.String()),
  descriptiveComment: Nullable(Type.String({ description: 'Null for viewers who are not approved' })),
  letterOfAuthorityUrl: Nullable(Type.String()),
  targetProductPhotos: Type.Array(Type.String()),
  doneChecklistItemIds: Type.Array(Type.String()),
  isStartable: Type.Boolean(),
  isReservable: Type.Boolean(),
  hasOutstandingDispute: Type.Boolean(),
  updatedAt: Timestamp(),
}, { title: 'Task' });

const OptionalNullableString = Type.Optional(Nullable(Type.String()));

export const UserSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  middleName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  fullName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  countryCode: Nullable(CountryCodeSchema),
  status: StringEnum(USER_STATUSES),
  isNew: Type.Boolean(),
  isApproved: Type.Boolean(),
  isAwaitingApproval: Type.Boolean(),
  isRejected: Type.Boolean(),
  isDeactivated: Type.Boolean(),
  trainingDone: Type.Boolean(),
  paymentDocumentsDone: Type.Boolean(),
  profileComplete: Type.Boolean(),
  historicalTaskCount: Type.Number(),
  acceptedTaskCount: Type.Optional(Type.Number()),
  rejectionReasons: Type.Array(Type.String()),
  rejectionComment: Nullable(Type.String()),
  referralCode: Nullable(Type.String()),
  createdAt: Timestamp(),
  nationalId: OptionalNullableString,
  iban: OptionalNullableString,
  address: OptionalNullableString,
  postalCode: OptionalNullableString,
  businessType: Type.Optional(StringEnum(['self_employed', 'company'] as const)),
  individualActivityNo: OptionalNullableString,
  legalEntityName: OptionalNullableString,
  legalEntityNumber: OptionalNullableString,
  vatCode: OptionalNullableString,
  businessId: OptionalNullableString,
  referredByCode: OptionalNullableString,
  fleetPartnerId: OptionalNullableString,
  activityCode: OptionalNullableString,
  isIdentityDocumentUploaded: Type.Optional(Type.Boolean()),
  isPaymentDocumentUploaded: Type.Optional(Type.Boolean()),
  hasProfilePhoto: Type.Optional(Type.Boolean()),
}, { title: 'User' });

export const FleetPartnerSchema = Type.Object({ id: Type.String(), countryCode: CountryCodeSchema, shortName: Type.String(), url: Type.String() }, { title: 'FleetPartner' });

export const TrainingSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  filterTitle: Type.String(),
  linkToTraining: Type.String(),
  ndaProtected: Type.Boolean(),
  enabled: Type.Boolean(),
  isRequired: Type.Boolean(),
  doneAt: Nullable(Timestamp()),
  createdAt: Timestamp(),
  isNew: Type.Boolean(),
}, { title: 'Training' });

export const CountrySchema = Type.Object({
  code: CountryCodeSchema,
  name: Type.String(),
  currencyCode: CurrencyCodeSchema,
  currencySymbol: Type.String(),
  locale: LocaleSchema,
}, { title: 'Country' });

export const ReservationLimitSchema = Type.Object({ used: Type.Number({ description: 'Minutes' }), limit: Type.Number({ description: 'Minutes' }) }, { title: 'ReservationLimit' });

export const PageInfoSchema = Type.Object({
  endCursor: Nullable(Type.String()),
  startCursor: Nullable(Type.String()),
  hasNext: Type.Boolean(),
  hasPrevious: Type.Boolean(),
}, { title: 'PageInfo' });

/** `{ data: T[], pageInfo }`. */
export const PageSchema = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), pageInfo: PageInfoSchema });

export const AuthTokensSchema = Type.Object({ token: Type.String(), refreshToken: Type.String() }, { title: 'AuthTokens' });

export const ChecklistItemSchema = Type.Object({
  id: Type.String(),
  type: StringEnum(CHECKLIST_ITEM_TYPES),
  title: Type.String(),
  description: Nullable(Type.String()),
  isDone: Type.Boolean(),
  isOptional: Type.Boolean(),
  metadata: Type.Object({
    tags: Type.Optional(Type.Array(PhotoTagSchema)),
    buttonTitle: Type.Optional(Type.String()),
    doneTitle: Type.Optional(Type.String()),
    ctaTitle: Type.Optional(Type.String()),
    titleOverride: Type.Optional(Type.String()),
    target: Type.Optional(Type.String()),
    isAutoToggle: Type.Optional(Type.Boolean()),
  }),
}, { title: 'ChecklistItem' });

export const ProductSchema = Type.Object({ name: Type.String(), ean: Type.String(), brand: Type.String(), image: Type.Optional(Nullable(Type.String())) }, { title: 'Product' });

export const DefectSchema = Type.Object({ id: Type.String(), name: Type.String(), type: StringEnum(DEFECT_TYPES), checked: Type.Optional(Type.Boolean()) }, { title: 'Defect' });

export const ScannedItemSchema = Type.Object({ id: Type.String(), ean: Type.String(), facings: Type.Number({ description: 'Integer 0–99' }), timestamp: Timestamp() }, { title: 'ScannedItem' });

export const PhotoSchema = Type.Object({
  id: Type.String(),
  url: Nullable(Type.String({ description: 'Null until the file is uploaded' })),
  comment: Type.String(),
  tags: Type.Array(PhotoTagSchema),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
}, { title: 'Photo' });

export const ResumableUploadSchema = Type.Object({ endpoint: Type.String(), token: Type.String() }, { title: 'ResumableUpload' });

export const PhotoUploadTargetSchema = Type.Object({
  presignedUrl: Type.String(),
  completeUrl: Type.Optional(Type.String()),
  tus: Type.Optional(ResumableUploadSchema),
  photo: PhotoSchema,
}, { title: 'PhotoUploadTarget' });

export const UserDocumentPhotoSchema = Type.Object({ id: Type.String(), src: Nullable(Type.String()) }, { title: 'UserDocumentPhoto' });

export const UserDocumentUploadTargetSchema = Type.Object({
  presignedUrl: Type.String(),
  completeUrl: Type.Optional(Type.String()),
  tus: Type.Optional(ResumableUploadSchema),
  photo: UserDocumentPhotoSchema,
}, { title: 'UserDocumentUploadTarget' });

export const IdentityDocumentSchema = Type.Object({ id: Type.String(), src: Type.String(), uploadedAt: Timestamp() }, { title: 'IdentityDocument' });

// Each schema is exactly its domain interface (a compile error here means they differ).
export type SchemaChecks = [
  Assert<Equal<Static<typeof MoneySchema>, Money>>,
  Assert<Equal<Static<typeof RetailerSchema>, Retailer>>,
  Assert<Equal<Static<typeof PlaceSchema>, Place>>,
  Assert<Equal<Static<typeof TrainingRefSchema>, TrainingRef>>,
  Assert<Equal<Static<typeof TaskTypeSchema>, TaskType>>,
  Assert<Equal<Static<typeof TaskSchema>, Task>>,
  Assert<Equal<Static<typeof UserSchema>, User>>,
  Assert<Equal<Static<typeof FleetPartnerSchema>, FleetPartner>>,
  Assert<Equal<Static<typeof TrainingSchema>, Training>>,
  Assert<Equal<Static<typeof CountrySchema>, Country>>,
  Assert<Equal<Static<typeof ReservationLimitSchema>, ReservationLimit>>,
  Assert<Equal<Static<typeof PageInfoSchema>, PageInfo>>,
  Assert<Equal<Static<typeof AuthTokensSchema>, AuthTokens>>,
  Assert<Equal<Static<typeof ChecklistItemSchema>, ChecklistItem>>,
  Assert<Equal<Static<typeof ProductSchema>, Product>>,
  Assert<Equal<Static<typeof DefectSchema>, Defect>>,
  Assert<Equal<Static<typeof ScannedItemSchema>, ScannedItem>>,
  Assert<Equal<Static<typeof PhotoSchema>, Photo>>,
  Assert<Equal<Static<typeof PhotoUploadTargetSchema>, PhotoUploadTarget>>,
  Assert<Equal<Static<typeof UserDocumentPhotoSchema>, UserDocumentPhoto>>,
  Assert<Equal<Static<typeof UserDocumentUploadTargetSchema>, UserDocumentUploadTarget>>,
  Assert<Equal<Static<typeof IdentityDocumentSchema>, IdentityDocument>>,
];

// ── Money, missions, attendance, notifications and support ─────────────────────────────────
// Answer shapes of src/domain/payouts.ts, missions.ts, attendance.ts, notifications.ts and
// support.ts, each checked against its interface below.

export const PayoutLineSchema = Type.Object({
  kind: StringEnum(PAYOUT_LINE_KINDS),
  amount: MoneySchema,
  occurredAt: Timestamp(),
  taskId: Nullable(Type.String()),
  missionId: Nullable(Type.String()),
  title: Nullable(Type.String()),
  reason: Nullable(Type.String()),
}, { title: 'PayoutLine' });

export const NextPaymentSchema = Type.Object({
  taskReward: MoneySchema,
  total: MoneySchema,
  paidTasksDeductions: MoneySchema,
  unpaidTasksDeductions: MoneySchema,
  maxDeductionRate: Type.String({ description: 'Decimal string, e.g. "0.30"' }),
  tasksCount: Type.Number(),
  bonuses: MoneySchema,
  missionBonuses: MoneySchema,
  referralBonuses: MoneySchema,
  overpaymentBalance: MoneySchema,
  carriedOver: MoneySchema,
  weekStart: Type.String({ description: "The market week's Monday, YYYY-MM-DD" }),
  periodStart: Timestamp(),
  periodEnd: Timestamp(),
  lines: Type.Array(PayoutLineSchema),
}, { title: 'NextPayment' });

export const PayoutInfoSchema = Type.Object({ totalPaid: MoneySchema, totalPaidTasksDeductions: MoneySchema, nextPayment: NextPaymentSchema }, { title: 'PayoutInfo' });

export const PayoutSchema = Type.Object({
  id: Type.String(),
  weekStart: Type.String({ description: "The market week's Monday, YYYY-MM-DD" }),
  periodStart: Timestamp(),
  periodEnd: Timestamp(),
  status: StringEnum(['pending', 'paid'] as const),
  paidAt: Nullable(Timestamp()),
  taskReward: MoneySchema,
  unpaidTasksDeductions: MoneySchema,
  paidTasksDeductions: MoneySchema,
  bonuses: MoneySchema,
  total: MoneySchema,
  tasksCount: Type.Number(),
  maxDeductionRate: Type.String({ description: 'Decimal string, e.g. "0.30"' }),
  carriedOver: MoneySchema,
  createdAt: Timestamp(),
  lines: Type.Array(PayoutLineSchema),
}, { title: 'Payout' });

export const MissionObjectiveSchema = Type.Object({
  id: Type.String(),
  contentType: StringEnum(MISSION_CONTENT_TYPES),
  allowedItems: Type.Array(Type.String()),
  target: Type.Number(),
  count: Type.Number(),
  candidateCount: Type.Number(),
  isCompleted: Type.Boolean(),
  isCandidate: Type.Boolean(),
}, { title: 'MissionObjective' });

export const MissionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  useNameAsDisplayName: Type.Boolean(),
  description: Type.String(),
  objectives: Type.Array(MissionObjectiveSchema),
  moneyReward: Nullable(MoneySchema),
  duration: Nullable(Type.Number({ description: 'Seconds from assignment to expiry; null: unlimited' })),
  remainingTime: Nullable(Type.Number({ description: 'Seconds left; null: unlimited' })),
  isActive: Type.Boolean(),
  isCompleted: Type.Boolean(),
  isExpired: Type.Boolean(),
  completedPercentage: Type.Number({ description: '0–100' }),
  candidatePercentage: Type.Number({ description: '0–100' }),
  completedObjectives: Type.Array(Type.String()),
  pendingObjectives: Type.Array(Type.String()),
  expiresAt: Nullable(Timestamp()),
  completedAt: Nullable(Timestamp()),
  createdAt: Timestamp(),
}, { title: 'Mission' });

export const AttendanceRequestSchema = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  expiresAt: Timestamp(),
  createdAt: Timestamp(),
  task: Type.Object({
    id: Type.String(),
    title: Type.String(),
    timeWindowStart: Timestamp(),
    timeWindowEnd: Timestamp(),
    place: Type.Object({ id: Type.String(), title: Type.String(), address: Type.String(), city: Type.String() }),
  }),
}, { title: 'AttendanceRequest' });

export const AttendanceAnswerResultSchema = Type.Object({
  id: Type.String(),
  taskId: Type.String(),
  status: StringEnum(['accepted', 'declined'] as const),
  accept: Type.Boolean(),
  justification: Nullable(Type.String()),
  answeredAt: Timestamp(),
}, { title: 'AttendanceAnswerResult' });

export const AppNotificationSchema = Type.Object({
  id: Type.String(),
  type: Type.String({ description: 'A notification type of src/domain/notifications.ts (others may come)' }),
  title: Type.String({ description: 'In the Accept-Language of the request' }),
  body: Type.String(),
  resourceId: Nullable(Type.String()),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  createdAt: Timestamp(),
}, { title: 'AppNotification' });

export const PushSettingsSchema = Type.Object({ topicTaskOffer: Type.Boolean(), topicBonus: Type.Boolean() }, { title: 'PushSettings' });

export const SupportContactSchema = Type.Object({ countryCode: Type.String(), phone: Type.String(), email: Type.String() }, { title: 'SupportContact' });

export const SupportRequestAnswerSchema = Type.Object({ id: Type.String(), email: Type.String(), createdAt: Timestamp() }, { title: 'SupportRequestAnswer' });

// Each schema of this block is exactly its domain interface (a compile error here means they differ).
export type MoneyAndMessagesSchemaChecks = [
  Assert<Equal<Static<typeof PayoutLineSchema>, PayoutLine>>,
  Assert<Equal<Static<typeof NextPaymentSchema>, NextPayment>>,
  Assert<Equal<Static<typeof PayoutInfoSchema>, PayoutInfo>>,
  Assert<Equal<Static<typeof PayoutSchema>, Payout>>,
  Assert<Equal<Static<typeof MissionObjectiveSchema>, MissionObjective>>,
  Assert<Equal<Static<typeof MissionSchema>, Mission>>,
  Assert<Equal<Static<typeof AttendanceRequestSchema>, AttendanceRequest>>,
  Assert<Equal<Static<typeof AttendanceAnswerResultSchema>, AttendanceAnswerResult>>,
  Assert<Equal<Static<typeof AppNotificationSchema>, AppNotification>>,
  Assert<Equal<Static<typeof PushSettingsSchema>, PushSettings>>,
  Assert<Equal<Static<typeof SupportContactSchema>, SupportContact>>,
  Assert<Equal<Static<typeof SupportRequestAnswerSchema>, SupportRequestAnswer>>,
];
