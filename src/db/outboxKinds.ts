/**
 * The names of outbox record kinds: written by the sync worker (workers/sync/kinds.ts, which owns
 * what each kind does) and read by the screens that say what is waiting (src/execution).
 */
export const SET_COUNTRY_KIND = 'set-country';
export const START_TASK_KIND = 'start-task';
export const CHECKLIST_KIND = 'done-checklist-items';
export const SCANS_KIND = 'scanned-items';
export const DEFECTS_KIND = 'task-defects';
export const PHOTO_CREATE_KIND = 'photo-create';
export const PHOTO_UPDATE_KIND = 'photo-update';
export const PHOTO_DELETE_KIND = 'photo-delete';
export const COMPLETE_KIND = 'complete-task';
