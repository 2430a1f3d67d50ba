/**
 * The outbox record kinds, each with the type of its payload (the request body as sent): the
 * kind → payload map `OutboxPayloads` makes `OutboxRecord` (src/db/schema.ts) a union by kind, so
 * a record's payload is typed once its kind is checked. Written by the sync worker, whose features
 * define what each kind does (workers/sync/features/<feature>/, `kinds`; every name here must
 * have one, or workers/sync/features/index.ts fails to compile), and read by the screens that say
 * what is waiting (src/execution, src/profile, src/support, src/attendance).
 */
import type { AttendanceAnswer } from '#domain/attendance';
import type { CompletionInput } from '#domain/completion';
import type { CountryCode, PhotoTag, ScannedItem, User, UserDocumentKind } from '#domain/types';
import { PROFILE_FIELDS } from '#domain/validation';

export const SET_COUNTRY_KIND = 'set-country' as const;
export const START_TASK_KIND = 'start-task' as const;
export const CHECKLIST_KIND = 'done-checklist-items' as const;
export const SCANS_KIND = 'scanned-items' as const;
export const DEFECTS_KIND = 'task-defects' as const;
export const PHOTO_CREATE_KIND = 'photo-create' as const;
export const PHOTO_UPDATE_KIND = 'photo-update' as const;
export const PHOTO_DELETE_KIND = 'photo-delete' as const;
export const COMPLETE_KIND = 'complete-task' as const;
// Onboarding and profile (the account queue: taskId null, drained in createdAt order).
export const SAVE_PROFILE_KIND = 'save-profile' as const;
export const PAYMENT_DOCUMENTS_KIND = 'payment-documents' as const;
export const REFERRED_BY_CODE_KIND = 'referred-by-code' as const;
export const USER_DOCUMENT_KIND = 'user-document' as const;
/** `POST notifications/{id}/mark-as-seen` (the account queue). */
export const NOTIFICATION_SEEN_KIND = 'notification-seen' as const;
/** `POST support/submit-support-request {body}` (the account queue). */
export const SUPPORT_REQUEST_KIND = 'support-request' as const;
/** `POST task/{taskId}/attendance-request` (on the task's queue). */
export const ATTENDANCE_ANSWER_KIND = 'attendance-answer' as const;

export interface SetCountryPayload {
  countryCode: CountryCode;
}
/** The position and time recorded on the phone; the server re-checks them. */
export interface StartTaskPayload {
  latitude: number;
  longitude: number;
  startedAt: string;
}
export interface ChecklistPayload {
  ids: string[];
}
export interface ScansPayload {
  items: ScannedItem[];
}
export interface DefectsPayload {
  defectIds: string[];
}
export interface PhotoCreatePayload {
  photos: { id: string; comment: string; tags: PhotoTag[] }[];
}
export interface PhotoUpdatePayload {
  comment: string;
}
export interface PhotoDeletePayload {
  photoIds: string[];
}
/** The completion as sent (src/domain/completion.ts): only the fields its outcome uses. */
export type CompletePayload = CompletionInput;

/** The profile fields a save may carry (src/domain/validation.ts, PROFILE_FIELDS). */
export const PROFILE_PAYLOAD_FIELDS = PROFILE_FIELDS;
export type ProfilePayloadField = (typeof PROFILE_PAYLOAD_FIELDS)[number];

/**
 * `POST user`: the fields the tasker saved (any subset; the domain's ProfileInput), and the
 * country while not approved. Laid over every pulled user until it is delivered.
 */
export type SaveProfilePayload = Partial<Pick<User, ProfilePayloadField>> & {
  countryCode?: CountryCode;
  /** The wizard's last step ('save and complete'): a rejected profile goes back to review only then. */
  submit?: true;
};

/** `POST user/payment-documents`: the LT certificate's activity code, or the fleet partner elsewhere. */
export type PaymentDocumentsPayload = { activityCode: string } | { fleetPartnerId: string; registered: true };

/** `POST user/referred-by-code`. */
export interface ReferredByCodePayload {
  code: string;
}

/**
 * The tasker's documents (as the server's user_documents.kind spells them), each with its own
 * upload call: `POST user/profile-photo | user/identity-document | user/payment-document` `{id}`,
 * then the PUT of the JPEG.
 */
export const USER_DOCUMENT_KINDS = ['profile_photo', 'identity_document', 'payment_document'] as const satisfies readonly UserDocumentKind[];
export type { UserDocumentKind };

/** `POST user/<document> {id}` then the JPEG PUT to the answer's presignedUrl; the path names the kind. */
export interface UserDocumentPayload {
  id: string;
}

/** The attendance answer as sent: yes `{accept: true, justification: null, policyAgreed: false}`, or no with its reason and the policy agreed. */
export type AttendanceAnswerPayload = AttendanceAnswer;

/** `POST support/submit-support-request`: the message as sent (trimmed). */
export interface SupportRequestPayload {
  body: string;
}

/** The notification marked seen (the path names it too; the payload lets the mirror find it). */
export interface NotificationSeenPayload {
  id: string;
}

/** Each kind's payload. */
export interface OutboxPayloads {
  [SET_COUNTRY_KIND]: SetCountryPayload;
  [START_TASK_KIND]: StartTaskPayload;
  [CHECKLIST_KIND]: ChecklistPayload;
  [SCANS_KIND]: ScansPayload;
  [DEFECTS_KIND]: DefectsPayload;
  [PHOTO_CREATE_KIND]: PhotoCreatePayload;
  [PHOTO_UPDATE_KIND]: PhotoUpdatePayload;
  [PHOTO_DELETE_KIND]: PhotoDeletePayload;
  [COMPLETE_KIND]: CompletePayload;
  [SAVE_PROFILE_KIND]: SaveProfilePayload;
  [PAYMENT_DOCUMENTS_KIND]: PaymentDocumentsPayload;
  [REFERRED_BY_CODE_KIND]: ReferredByCodePayload;
  [USER_DOCUMENT_KIND]: UserDocumentPayload;
  [NOTIFICATION_SEEN_KIND]: NotificationSeenPayload;
  [SUPPORT_REQUEST_KIND]: SupportRequestPayload;
  [ATTENDANCE_ANSWER_KIND]: AttendanceAnswerPayload;
}

export type OutboxKindName = keyof OutboxPayloads;
