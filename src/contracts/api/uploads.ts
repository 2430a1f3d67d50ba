/**
 * Files: the presigned upload (`PUT /api/uploads/<token>`, JPEG bytes), a direct upload's
 * confirmation (`POST /api/uploads/<token>`, S3), the resumable upload (tus 1.0.0 at
 * /api/uploads/tus) and the signed read URLs (`GET /api/<namespace>/<id>/file?exp&sig`). The
 * credential is the signed token or signature, not a bearer. None of these takes a JSON body: the
 * definitions name the params, the headers read and every answer code; the bytes are streamed by
 * the handlers (server/storage/uploads.ts, tus.ts).
 */
import { Type } from '@sinclair/typebox';
import { NoBody, PathId, RuleChecked, errors, defineRoute } from './common';
import { PhotoSchema, UserDocumentPhotoSchema } from './models';

const tags = ['uploads'];

/** The upload token, the rest of the path (`/api/uploads/<token>`). */
const TokenParams = Type.Object({ '*': Type.String({ description: 'The upload token of the presigned URL (403 UPLOAD_TOKEN_INVALID, 410 UPLOAD_TOKEN_EXPIRED)' }) });

/** What a finished upload answers: the task photo or the user document with its read URL. */
export const UploadAnswerSchema = Type.Union([Type.Object({ photo: PhotoSchema }), Type.Object({ photo: UserDocumentPhotoSchema })], { title: 'UploadAnswer' });

/**
 * The refusals of an upload: 400 (Content-Length, a broken-off body, tus headers), 403/410 (the
 * token), 404 (the row is gone), 409 (other bytes for a stored file, an offset or object that
 * moved), 413 (over the target's limit), 415 (not a JPEG), 420 (the task is closed), 429 (too many
 * unfinished resumable uploads).
 */
const UPLOAD_ERRORS = errors(400, 403, 404, 409, 410, 413, 415, 420, 429, 500, 503);

export const putUpload = defineRoute({
  method: 'PUT',
  url: '/api/uploads/*',
  operationId: 'putUpload',
  tags,
  summary: 'The JPEG of a presigned upload, streamed to storage (the same bytes again: 200 with the same answer)',
  consumes: ['image/jpeg'],
  schema: {
    params: TokenParams,
    headers: Type.Object(
      {
        'content-type': Type.Optional(Type.String({ description: 'image/jpeg (else 415)' })),
        'content-length': Type.Optional(Type.String({ description: 'Bytes; over the limit: 413 before the body is read' })),
      },
      { additionalProperties: true },
    ),
    response: { 200: UploadAnswerSchema, ...UPLOAD_ERRORS },
  },
});

export const confirmUpload = defineRoute({
  method: 'POST',
  url: '/api/uploads/*',
  operationId: 'confirmUpload',
  tags,
  summary: 'S3: confirm the JPEG PUT straight to the bucket (judged, then recorded); answers as the PUT',
  schema: { params: TokenParams, response: { 200: UploadAnswerSchema, ...UPLOAD_ERRORS } },
});

const TusParams = Type.Object({ id: PathId('The upload id of its Location (404 NOT_FOUND when unknown or expired)') });

export const createResumableUpload = defineRoute({
  method: 'POST',
  url: '/api/uploads/tus',
  operationId: 'createResumableUpload',
  tags,
  summary: 'tus: create an upload for the token in Upload-Metadata (no body); 201 with its Location',
  schema: {
    headers: Type.Object(
      {
        'tus-resumable': Type.Optional(Type.String({ description: '1.0.0 (required: 400)' })),
        'upload-length': Type.Optional(Type.String({ description: 'The file size in bytes (required, no deferred length; over the limit: 413)' })),
        'upload-metadata': Type.Optional(Type.String({ description: '`token <base64 of the upload token>` (without it: 403)' })),
      },
      { additionalProperties: true },
    ),
    response: { 201: NoBody, ...UPLOAD_ERRORS },
  },
});

export const resumableUploadOffset = defineRoute({
  method: 'HEAD',
  url: '/api/uploads/tus/:id',
  operationId: 'resumableUploadOffset',
  tags,
  summary: 'tus: where an upload stands (Upload-Offset, Upload-Length headers)',
  schema: {
    params: TusParams,
    headers: Type.Object({ 'tus-resumable': Type.Optional(Type.String({ description: '1.0.0' })) }, { additionalProperties: true }),
    response: { 200: NoBody, ...UPLOAD_ERRORS },
  },
});

export const patchResumableUpload = defineRoute({
  method: 'PATCH',
  url: '/api/uploads/tus/:id',
  operationId: 'patchResumableUpload',
  tags,
  summary: "tus: the next chunk at Upload-Offset; 204 with the new offset, the last chunk 200 with the PUT's answer",
  consumes: ['application/offset+octet-stream'],
  schema: {
    params: TusParams,
    headers: Type.Object(
      {
        'tus-resumable': Type.Optional(Type.String({ description: '1.0.0' })),
        'upload-offset': Type.Optional(Type.String({ description: 'Where the chunk starts (required: 400; not where the upload stands: 409)' })),
        'content-type': Type.Optional(Type.String({ description: 'application/offset+octet-stream' })),
      },
      { additionalProperties: true },
    ),
    response: { 200: UploadAnswerSchema, 204: NoBody, ...UPLOAD_ERRORS },
  },
});

/** The signed read URL's query: left to the signature check (anything wrong, a repeated key too: 403 PHOTO_URL_INVALID). */
const SignedQuery = Type.Object(
  {
    exp: Type.Optional(RuleChecked<string>('Expiry, Unix seconds (past: 410 PHOTO_URL_EXPIRED)')),
    sig: Type.Optional(RuleChecked<string>('The signature')),
  },
  { additionalProperties: true },
);

/** A file read: the JPEG (filesystem storage) or a redirect to a presigned GET (S3). */
const readFile = (namespace: string, operationId: string, what: string) =>
  defineRoute({
    method: 'GET',
    url: `/api/${namespace}/:id/file`,
    operationId,
    tags,
    summary: `The file of ${what} by its signed read URL: the JPEG, or 302 to the bucket`,
    schema: {
      params: Type.Object({ id: PathId() }),
      querystring: SignedQuery,
      response: {
        200: Type.Unsafe<Uint8Array>({ type: 'string', contentMediaType: 'image/jpeg', description: 'The JPEG bytes' }),
        302: NoBody,
        ...errors(400, 403, 404, 410, 429, 500, 503),
      },
    },
  });

export const readPhotoFile = readFile('photos', 'readPhotoFile', 'a task photo');
export const readUserDocumentFile = readFile('user-documents', 'readUserDocumentFile', 'a tasker document');

/** The read route of each file namespace. */
export const fileRoutes: Readonly<Record<string, typeof readPhotoFile>> = {
  photos: readPhotoFile,
  'user-documents': readUserDocumentFile,
};
