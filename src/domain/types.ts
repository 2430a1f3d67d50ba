/**
 * The API contract: the shapes the server answers with and the client mirrors in IndexedDB.
 * Shared by `server/` (which produces them) and `src/` + `workers/` (which consume them).
 * Field names follow the product spec, section 3. Dates are ISO 8601 strings in UTC.
 */
import type { ServerErrorCode } from './errors';

export const TASK_STATUSES = [
  'available',
  'reserved',
  'in_progress',
  'awaiting_confirmation',
  'accepted',
  'rejected',
  'expired',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses that make up the tasker's history (spec section 2, History). */
export const HISTORY_STATUSES = ['accepted', 'rejected', 'expired', 'awaiting_confirmation'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const COUNTRY_CODES = ['LT', 'PL', 'CZ', 'RO'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const CURRENCY_CODES = ['EUR', 'PLN', 'CZK', 'RON'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export const LOCALES = ['en', 'lt', 'pl', 'cs', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

/** The six order values of spec section 7. */
export const TASK_ORDER_BY = [
  '-end_time',
  '-start_time',
  'time_window_start',
  'time_window_end',
  '-time_window_end',
  'distance',
] as const;
export type TaskOrderBy = (typeof TASK_ORDER_BY)[number];

export interface Money {
  /** Decimal string, e.g. "12.50" — never a float. */
  amount: string;
  currencyCode: CurrencyCode;
  currencySymbol: string;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface Retailer {
  id: string;
  name: string;
  logo: string | null;
}

export interface Place {
  id: string;
  title: string;
  address: string;
  city: string;
  countryCode: CountryCode;
  coordinates: Coordinates;
  retailerId: string;
  retailer: Retailer;
  logo: string | null;
  /** Metres from the position sent in the request, or null when none was sent. */
  distance: number | null;
  /** Available tasks at this place visible to the viewer (only on GET task/places). */
  taskCount?: number;
  taskEarn?: Money | null;
}

export interface TrainingRef {
  id: string;
  title: string;
  linkToTraining: string;
}

export interface TaskType {
  id: string;
  title: string;
  shortDescription: string;
  /** Markdown. */
  fullDescription: string;
  trainings: TrainingRef[];
  defaultPhoto: string | null;
  photos: string[];
  featuredImages: string[];
  /** Category shown in the task-type filter. */
  filterTitle: string;
  ndaProtected: boolean;
  createdAt: string;
}

export interface Task {
  id: string;
  status: TaskStatus;
  taskerId: string | null;
  taskTypeId: string;
  title: string;
  image: string | null;
  paymentId: string | null;
  taskType: TaskType;
  place: Place;
  timeWindowStart: string;
  timeWindowEnd: string;
  startTime: string | null;
  endTime: string | null;
  finalizationTime: string | null;
  /** Minutes. */
  expectedDuration: number;
  reward: Money;
  baseReward: Money;
  bonusReward: Money | null;
  reducedReward: Money | null;
  earlyCancelDeadline: string | null;
  lateCancelDeadline: string | null;
  resultComment: string | null;
  taskerComment: string | null;
  /** Null for viewers who are not approved (spec section 6). */
  descriptiveComment: string | null;
  letterOfAuthorityUrl: string | null;
  targetProductPhotos: string[];
  doneChecklistItemIds: string[];
  isStartable: boolean;
  /** Computed by the server for the viewer: available, approved, trainings done, limit free. */
  isReservable: boolean;
  hasOutstandingDispute: boolean;
  updatedAt: string;
}

export const USER_STATUSES = ['new', 'awaiting_approval', 'active', 'rejected', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  fullName: string | null;
  phone: string | null;
  countryCode: CountryCode | null;
  status: UserStatus;
  isNew: boolean;
  isApproved: boolean;
  isAwaitingApproval: boolean;
  isRejected: boolean;
  isDeactivated: boolean;
  /** All required trainings done. */
  trainingDone: boolean;
  /** Onboarding: payment documents step done (LT certificate, or fleet partner elsewhere). */
  paymentDocumentsDone: boolean;
  /** Onboarding: profile and payment info filled. */
  profileComplete: boolean;
  /** Count of tasks in a history status (accepted, rejected, expired, awaiting_confirmation). */
  historicalTaskCount: number;
  /** Count of accepted tasks (the commitment dialog shows from 3 on). Optional until the server sends it. */
  acceptedTaskCount?: number;
  rejectionReasons: string[];
  rejectionComment: string | null;
  referralCode: string | null;
  createdAt: string;
  // Profile and payment details (spec sections 3 and 5). Optional: older answers and
  // test fixtures leave them out; the server always sends them.
  nationalId?: string | null;
  iban?: string | null;
  address?: string | null;
  /** Stored with the 'LT-' prefix (spec section 5). */
  postalCode?: string | null;
  businessType?: BusinessType;
  individualActivityNo?: string | null;
  legalEntityName?: string | null;
  legalEntityNumber?: string | null;
  vatCode?: string | null;
  businessId?: string | null;
  referredByCode?: string | null;
  /** Payment documents outside LT: the fleet partner the tasker registered with. */
  fleetPartnerId?: string | null;
  /** Payment documents in LT: the activity code of the certificate (829900). */
  activityCode?: string | null;
  isIdentityDocumentUploaded?: boolean;
  isPaymentDocumentUploaded?: boolean;
  hasProfilePhoto?: boolean;
}

/** Self-employed by default; a company has a legal entity name and number (spec section 5). */
export type BusinessType = 'self_employed' | 'company';

/** A fleet partner of a market (payment documents outside LT). */
export interface FleetPartner {
  id: string;
  countryCode: CountryCode;
  shortName: string;
  url: string;
}

export interface Training {
  id: string;
  title: string;
  filterTitle: string;
  linkToTraining: string;
  ndaProtected: boolean;
  enabled: boolean;
  /** Required before reserving tasks of the task types that list it. */
  isRequired: boolean;
  doneAt: string | null;
  createdAt: string;
  isNew: boolean;
}

export interface Country {
  code: CountryCode;
  name: string;
  currencyCode: CurrencyCode;
  currencySymbol: string;
  locale: Locale;
}

export interface ReservationLimit {
  /** Minutes. */
  used: number;
  /** Minutes. */
  limit: number;
}

export interface PageInfo {
  endCursor: string | null;
  startCursor: string | null;
  hasNext: boolean;
  hasPrevious: boolean;
}

export interface Page<T> {
  data: T[];
  pageInfo: PageInfo;
}

export interface AuthTokens {
  token: string;
  refreshToken: string;
}

export interface ApiErrorBody {
  error: {
    /** src/domain/errors.ts */
    code: ServerErrorCode;
    message: string;
    /** Per-field error codes for 400 responses, e.g. { email: 'EMAIL_INVALID' }. */
    fields?: Record<string, string>;
  };
}

/** Maximum page size of GET task (spec section 9: 50 tasks per page). */
export const TASK_PAGE_SIZE = 50;
/** Suggestions page size (spec section 9). */
export const SUGGESTIONS_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// Doing the work: the task pack and what the tasker records.

export const PHOTO_TAGS = ['before', 'after', 'out_of_stock', 'defect', 'task_blocker'] as const;
export type PhotoTag = (typeof PHOTO_TAGS)[number];

export const CHECKLIST_ITEM_TYPES = ['camera', 'scanner', 'defects', 'link', 'plain'] as const;
export type ChecklistItemType = (typeof CHECKLIST_ITEM_TYPES)[number];

export interface ChecklistItem {
  id: string;
  type: ChecklistItemType;
  title: string;
  description: string | null;
  isDone: boolean;
  isOptional: boolean;
  metadata: {
    tags?: PhotoTag[];
    buttonTitle?: string;
    doneTitle?: string;
    ctaTitle?: string;
    titleOverride?: string;
    /** For link items: the URL to open. */
    target?: string;
    /** Ticked automatically when its work is recorded (a photo taken, a scan saved). */
    isAutoToggle?: boolean;
  };
}

export interface Product {
  name: string;
  ean: string;
  brand: string;
  image?: string | null;
}

export const DEFECT_TYPES = ['regular', 'task_blocker'] as const;
export type DefectType = (typeof DEFECT_TYPES)[number];

export interface Defect {
  id: string;
  name: string;
  type: DefectType;
  /** Only on a task's defect list: whether the tasker logged it. */
  checked?: boolean;
}

export interface ScannedItem {
  /** Client-generated uuid, so a replayed save never duplicates an item. */
  id: string;
  ean: string;
  /** Integer 0–99. */
  facings: number;
  timestamp: string;
}

export interface Photo {
  /** Client-generated uuid (the metadata POST is idempotent by it). */
  id: string;
  /** Null until the file is uploaded. */
  url: string | null;
  comment: string;
  tags: PhotoTag[];
  createdAt: string;
  updatedAt: string;
}

/** One entry of the answer to `POST task/{id}/photos`. */
/**
 * The resumable way to send an upload (tus 1.0, docs/api.md): create an upload at `endpoint` with
 * `token` in its Upload-Metadata, PATCH the chunks; the last chunk answers like the PUT.
 */
export interface ResumableUpload {
  endpoint: string;
  token: string;
}

export interface PhotoUploadTarget {
  presignedUrl: string;
  /** With S3 storage: POST here (no body) after the PUT's 2xx; the file counts as uploaded only then. */
  completeUrl?: string;
  /** The same upload by tus (absent on older servers: PUT). */
  tus?: ResumableUpload;
  photo: Photo;
}

export const COMPLETION_OUTCOMES = ['complete', 'incomplete', 'blocked'] as const;
export type CompletionOutcome = (typeof COMPLETION_OUTCOMES)[number];

/** The tasker's document files (`POST user/profile-photo` etc.; the row's `kind`). */
export type UserDocumentKind = 'profile_photo' | 'identity_document' | 'payment_document';

/** A tasker's document as the API shows it: `src` is a signed read URL, null until the file is uploaded. */
export interface UserDocumentPhoto {
  id: string;
  src: string | null;
}

/** The answer to `POST user/profile-photo | identity-document | payment-document { id }`: PUT the JPEG to presignedUrl. */
export interface UserDocumentUploadTarget {
  presignedUrl: string;
  /** With S3 storage: POST here (no body) after the PUT's 2xx; the file counts as uploaded only then. */
  completeUrl?: string;
  /** The same upload by tus (absent on older servers: PUT). */
  tus?: ResumableUpload;
  photo: UserDocumentPhoto;
}

/** `GET user/identity-document`: the newest uploaded identity document. */
export interface IdentityDocument {
  id: string;
  src: string;
  uploadedAt: string;
}
