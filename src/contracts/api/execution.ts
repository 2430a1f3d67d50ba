/**
 * Doing the work of a task: checklist, products, defects, scanned items, photos (metadata; the
 * files go through src/contracts/api/uploads.ts) and the completion. Only the task's own tasker
 * sees or changes anything (others: 404 TASK_NOT_FOUND).
 *
 * The bodies' fields are the execution readers' (server/execution/input.ts) and the completion
 * rule's (src/domain/completion.ts): the bodies are described, not checked (ReaderCheckedBody), so
 * their codes (REQUIRED for null, TOO_MANY, DUPLICATE, EAN_*, per-item fields like `items.0.ean`)
 * and their order (a task id that cannot be one: 404 before any 400) stay as they were, and a
 * write a batch runs directly (server/http/directWrites.ts), checked by the same readers only,
 * answers as its route does.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { CompletionOutcome, PhotoTag } from '#domain/types';
import { AUTHED_ERRORS, IdempotentHeaders, PathId, ReaderCheckedBody, RuleChecked, defineRoute } from './common';
import { ChecklistItemSchema, DefectSchema, PhotoSchema, PhotoUploadTargetSchema, ProductSchema, ScannedItemSchema, TaskSchema } from './models';

const tags = ['execution'];

const TaskParams = Type.Object({ taskId: PathId('Task id (anything else, or not your task: 404 TASK_NOT_FOUND)') });

/** A body its reader checks (a non-object answers 400 { body: INVALID } after the ids' 404; no body at all too, but for the completion). */
const Body = <T extends TSchema>(described: T) => ReaderCheckedBody(described, 'Anything else: 400 { body: INVALID } (the completion: no body is no comment)');

/** `{ data: T[] }`. */
const List = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });

export const listGlobalDefects = defineRoute({
  method: 'GET',
  url: '/api/task/defects',
  operationId: 'listGlobalDefects',
  tags,
  summary: "The defects of the tasker's market that apply to every task",
  schema: { response: { 200: List(DefectSchema), ...AUTHED_ERRORS } },
});

export const listChecklistItems = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/checklist-items',
  operationId: 'listChecklistItems',
  tags,
  summary: "The task's checklist, each item with whether it is done",
  schema: { params: TaskParams, response: { 200: List(ChecklistItemSchema), ...AUTHED_ERRORS } },
});

export const setDoneChecklistItems = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/done-checklist-items',
  operationId: 'setDoneChecklistItems',
  tags,
  summary: 'Replace the done checklist items (the last state wins); answers the done ids',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(Type.Object({ ids: Type.Optional(RuleChecked<string[]>('Every done item id, at most 500 (REQUIRED, INVALID, TOO_MANY; UNKNOWN_ITEM)')) })),
    response: { 200: Type.Object({ doneChecklistItemIds: Type.Array(Type.String()) }), ...AUTHED_ERRORS },
  },
});

export const listProducts = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/products',
  operationId: 'listProducts',
  tags,
  summary: "The task's products (what may be scanned)",
  schema: { params: TaskParams, response: { 200: List(ProductSchema), ...AUTHED_ERRORS } },
});

export const listTaskDefects = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/defects',
  operationId: 'listTaskDefects',
  tags,
  summary: 'The defects that apply to the task, each with whether it is checked',
  schema: { params: TaskParams, response: { 200: List(DefectSchema), ...AUTHED_ERRORS } },
});

export const setTaskDefects = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/defects',
  operationId: 'setTaskDefects',
  tags,
  summary: "Replace the task's checked defects (the last state wins); answers the defects",
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(Type.Object({ defectIds: Type.Optional(RuleChecked<string[]>('Every checked defect id, at most 500 (REQUIRED, INVALID, TOO_MANY)')) })),
    response: { 200: List(DefectSchema), ...AUTHED_ERRORS },
  },
});

export const listScannedItems = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/scanned-items',
  operationId: 'listScannedItems',
  tags,
  summary: "The task's scanned items",
  schema: { params: TaskParams, response: { 200: List(ScannedItemSchema), ...AUTHED_ERRORS } },
});

/** A scanned item as sent. */
interface ScannedItemInput {
  id: string;
  ean: string;
  facings: number;
  timestamp: string;
}

export const replaceScannedItems = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/scanned-items',
  operationId: 'replaceScannedItems',
  tags,
  summary: "Replace the task's scanned items (the last state wins); answers them",
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(
      Type.Object({
        items: Type.Optional(
          RuleChecked<ScannedItemInput[]>('At most 2000 of { id, ean (an EAN/UPC/GTIN or SKU), facings 0–99, timestamp ISO 8601 } (REQUIRED, INVALID, TOO_MANY; items.<i>.<field>: REQUIRED, INVALID, DUPLICATE, EAN_*, OUT_OF_RANGE)'),
        ),
      }),
    ),
    response: { 200: List(ScannedItemSchema), ...AUTHED_ERRORS },
  },
});

export const listPhotos = defineRoute({
  method: 'GET',
  url: '/api/task/:taskId/photos',
  operationId: 'listPhotos',
  tags,
  summary: "The task's photos with signed read URLs (null until uploaded)",
  schema: { params: TaskParams, response: { 200: List(PhotoSchema), ...AUTHED_ERRORS } },
});

/** A photo's metadata as sent (its file follows by the upload URL answered). */
interface NewPhotoInput {
  id: string;
  comment?: string | null;
  tags?: PhotoTag[] | null;
}

export const createPhotos = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/photos',
  operationId: 'createPhotos',
  tags,
  summary: 'Make photo rows (idempotent by their ids) and answer where to upload each JPEG',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(
      Type.Object({
        photos: Type.Optional(
          RuleChecked<NewPhotoInput[]>('1–50 of { id, comment (at most 2000 characters), tags } (REQUIRED, INVALID, TOO_MANY; photos.<i>.<field>: REQUIRED, INVALID, DUPLICATE, TOO_LONG)'),
        ),
      }),
    ),
    response: { 200: List(PhotoUploadTargetSchema), ...AUTHED_ERRORS },
  },
});

export const deletePhotos = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/photos/delete',
  operationId: 'deletePhotos',
  tags,
  summary: 'Delete photos (and their files); answers the ids deleted',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(Type.Object({ photoIds: Type.Optional(RuleChecked<string[]>('1–500 photo ids (REQUIRED, INVALID, TOO_MANY)')) })),
    response: { 200: Type.Object({ deleted: Type.Array(Type.String()) }), ...AUTHED_ERRORS },
  },
});

export const updatePhoto = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/photos/:photoId/update',
  operationId: 'updatePhoto',
  tags,
  summary: "Change a photo's comment; answers the photo",
  schema: {
    params: Type.Object({ taskId: PathId('Task id'), photoId: PathId('Photo id (anything else: 404 PHOTO_NOT_FOUND)') }),
    headers: IdempotentHeaders,
    body: Body(Type.Object({ comment: Type.Optional(RuleChecked<string>('At most 2000 characters (REQUIRED, INVALID, TOO_LONG)')) })),
    response: { 200: PhotoSchema, ...AUTHED_ERRORS },
  },
});

export const completeTask = defineRoute({
  method: 'POST',
  url: '/api/task/:taskId/complete',
  operationId: 'completeTask',
  tags,
  summary: 'Finish the work (complete, incomplete or blocked: src/domain/completion.ts); answers the task, awaiting confirmation',
  schema: {
    params: TaskParams,
    headers: IdempotentHeaders,
    body: Body(
      Type.Object({
        outcome: Type.Optional(RuleChecked<CompletionOutcome>('complete (default), incomplete or blocked (INVALID)')),
        taskerComment: Type.Optional(RuleChecked<string | null>('The tasker\'s comment (INVALID, TOO_LONG)')),
        reason: Type.Optional(RuleChecked<string | null>('incomplete: why (REQUIRED, INVALID, TOO_LONG)')),
        policyAgreed: Type.Optional(RuleChecked<boolean | null>('incomplete: the pay policy agreed (REQUIRED, INVALID)')),
        blockerIds: Type.Optional(RuleChecked<string[] | null>('blocked: the task-blocker defect ids (REQUIRED, INVALID)')),
      }),
    ),
    response: { 200: TaskSchema, ...AUTHED_ERRORS },
  },
});
