/**
 * `POST /api/batch`: many outbox records in one request, each applied as if sent alone to its own
 * tasker route (server/http/batch.ts). The definition declares the envelope — the records and the
 * results — not each record's body: a record's body is its own route's (its definition says it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { AUTHED_ERRORS, Nullable, ReaderCheckedBody, defineRoute } from './common';

/** One outbox record as the batch carries it. */
export const BatchRecordSchema = Type.Object(
  {
    id: Type.String({ description: "The client's reference (1–200 characters, unique in the batch), echoed in its result" }),
    queue: Type.Optional(Nullable(Type.String({ description: 'Its queue (a task id; null or absent: the account queue), at most 200 characters' }))),
    method: Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')]),
    path: Type.String({ description: "The route's path under /api, without the leading slash, e.g. task/<id>/complete" }),
    body: Type.Optional(Type.Unknown({ description: "The route's body" })),
    idempotencyKey: Type.String({ description: 'The Idempotency-Key the record is sent with (1–200 visible ASCII characters)' }),
    recordedAt: Type.Optional(Nullable(Type.String({ description: 'Shelfwork-Recorded-At: when the phone recorded the work (ISO 8601)' }))),
  },
  { title: 'BatchRecord' },
);

export type BatchRecordInput = Static<typeof BatchRecordSchema>;

/** A record's answer: its route's status and body; 424 with `skipped` when an earlier record of its queue stopped it. */
export const BatchResultSchema = Type.Object(
  {
    id: Type.String(),
    status: Type.Number(),
    body: Type.Unknown({ description: "The route's answer (null for 204)" }),
    skipped: Type.Optional(Type.Literal(true)),
  },
  { title: 'BatchResult' },
);

const example: { records: BatchRecordInput[] } = {
  records: [
    {
      id: '0b9d1c3e-5e55-4f0e-8f39-7c0b7d1a2b3c',
      queue: '6f0a4c52-0c1e-4d43-9f43-1b1e8c4b0a01',
      method: 'POST',
      path: 'task/6f0a4c52-0c1e-4d43-9f43-1b1e8c4b0a01/done-checklist-items',
      body: { ids: ['c1'] },
      idempotencyKey: '0b9d1c3e-5e55-4f0e-8f39-7c0b7d1a2b3c',
      recordedAt: '2026-03-10T09:00:00.000Z',
    },
  ],
};

export const sendBatch = defineRoute({
  method: 'POST',
  url: '/api/batch',
  operationId: 'sendBatch',
  tags: ['sync'],
  summary: 'Apply outbox records in order, each through its own tasker route (any other path: that record 404); a queue stops after a 401, 408, 429 or 5xx',
  schema: {
    // The envelope is read by the batch's own reader, whose refusals name the record and field
    // (records: REQUIRED, TOO_LONG; records.<i>.<field>: INVALID): described here, not checked.
    body: ReaderCheckedBody(
      Type.Object({ records: Type.Array(BatchRecordSchema, { minItems: 1, maxItems: 200, description: 'In the order they are applied' }) }, { examples: [example] }),
      'Anything else: 400 (body: INVALID, records: REQUIRED or TOO_LONG, records.<i>.<field>: INVALID)',
    ),
    response: { 200: Type.Object({ results: Type.Array(BatchResultSchema) }), ...AUTHED_ERRORS },
  },
});
