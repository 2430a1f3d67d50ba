/**
 * sendUpload with S3 storage: the POST's target carries `completeUrl`, so after the PUT to the
 * bucket the worker confirms (retrying like the PUT) and the confirmation's answer is the record's;
 * a bucket's 403 on the PUT (an expired presigned URL) gets a fresh POST like the API's 410.
 * Without `completeUrl` (filesystem storage) nothing is confirmed.
 */
import { describe, expect, it } from 'vitest';
import type { ApiResult } from './http';
import type { SendContext } from './kinds';
import { sendUpload } from './photos';
import type { OutboxRecord } from '#db/schema';

type Call = string;

function fakeSession(script: { posts: ApiResult[]; puts: ApiResult[]; confirms: ApiResult[] }) {
  const calls: Call[] = [];
  const next = (list: ApiResult[], what: string): ApiResult => {
    const answer = list.shift();
    if (!answer) throw new Error(`no scripted answer for ${what}`);
    return answer;
  };
  const session = {
    request: async (method: string, path: string) => {
      calls.push(`${method} ${path}`);
      return next(script.posts, 'POST');
    },
    uploadJpeg: async (url: string) => {
      calls.push(`PUT ${url}`);
      return next(script.puts, 'PUT');
    },
    confirmUpload: async (url: string) => {
      calls.push(`CONFIRM ${url}`);
      return next(script.confirms, 'CONFIRM');
    },
  };
  return { calls, ctx: { session, db: {}, now: () => new Date() } as unknown as SendContext };
}

const record = { id: 'r1', path: 'user/profile-photo', payload: { id: 'd1' }, createdAt: '2026-11-23T10:00:00.000Z' } as unknown as OutboxRecord;
const target = (n: number, complete = true) => ({ ok: true as const, status: 200, body: { presignedUrl: `https://bucket/incoming/d1?sig=${n}`, ...(complete ? { completeUrl: `/api/uploads/tok${n}` } : {}), photo: { id: 'd1', src: null } } });
const spec = { blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])]), targetOf: (body: unknown) => body as { presignedUrl: string; completeUrl?: string } };
const ok = (body: unknown = null): ApiResult => ({ ok: true, status: 200, body });
const fail = (status: number): ApiResult => ({ ok: false, status, error: { code: 'UNKNOWN', message: 'x' } });

describe('sendUpload with S3 storage', () => {
  it('confirms after the PUT; the confirmation (retried on 5xx) is the record\'s answer', async () => {
    const confirmed = { photo: { id: 'd1', src: '/api/user-documents/d1/file' } };
    const { calls, ctx } = fakeSession({ posts: [target(1)], puts: [ok()], confirms: [fail(503), ok(confirmed)] });
    const result = await sendUpload(ctx, record, spec);
    expect(result).toEqual(ok(confirmed));
    expect(calls).toEqual(['POST user/profile-photo', 'PUT https://bucket/incoming/d1?sig=1', 'CONFIRM /api/uploads/tok1', 'CONFIRM /api/uploads/tok1']);
  });

  it('a refused confirmation (413) is the record\'s answer', async () => {
    const { ctx } = fakeSession({ posts: [target(1)], puts: [ok()], confirms: [fail(413)] });
    expect((await sendUpload(ctx, record, spec)).status).toBe(413);
  });

  it('a bucket\'s 403 on the PUT gets a fresh upload URL once', async () => {
    const { calls, ctx } = fakeSession({ posts: [target(1), target(2)], puts: [fail(403), ok()], confirms: [ok()] });
    expect((await sendUpload(ctx, record, spec)).ok).toBe(true);
    expect(calls.filter((c) => !c.startsWith('POST'))).toEqual(['PUT https://bucket/incoming/d1?sig=1', 'PUT https://bucket/incoming/d1?sig=2', 'CONFIRM /api/uploads/tok2']);
  });

  it('without completeUrl (filesystem storage) the PUT is the answer and a 403 is final', async () => {
    const { calls, ctx } = fakeSession({ posts: [target(1, false)], puts: [fail(403)], confirms: [] });
    expect((await sendUpload(ctx, record, spec)).status).toBe(403);
    expect(calls).toEqual(['POST user/profile-photo', 'PUT https://bucket/incoming/d1?sig=1']);
  });
});
