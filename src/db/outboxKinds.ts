/**
 * The outbox record kinds, each with the type of its payload (the request body as sent): written
 * by the sync worker (workers/sync/kinds.ts, which owns what each kind does) and read by the
 * screens that say what is waiting (src/execution).
 */
import type { CompletionInput } from '#domain/completion';
import type { CountryCode, PhotoTag, ScannedItem } from '#domain/types';

export const SET_COUNTRY_KIND = 'set-country' as const;
export const START_TASK_KIND = 'start-task' as const;
export const CHECKLIST_KIND = 'done-checklist-items' as const;
export const SCANS_KIND = 'scanned-items' as const;
export const DEFECTS_KIND = 'task-defects' as const;
export const PHOTO_CREATE_KIND = 'photo-create' as const;
export const PHOTO_UPDATE_KIND = 'photo-update' as const;
export const PHOTO_DELETE_KIND = 'photo-delete' as const;
export const COMPLETE_KIND = 'complete-task' as const;

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
}

export type OutboxKindName = keyof OutboxPayloads;
