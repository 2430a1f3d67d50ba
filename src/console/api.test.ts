import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffAudit, addStaffAccount } from '#contracts/api/staffAccounts';
import type { StaffMember } from '#domain/staff';
import { StaffApiError, onConnectionChange, retryFailed, setFetchForTests, staffCall, staffDownload } from './api';
import { getSession, setSession, type StaffSession } from './session';

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const staff: StaffMember = { id: 's1', email: 'ana@example.com', name: 'Ana', roles: ['admin'], markets: [], active: true };
const session = (n: number): StaffSession => ({ token: `access-${n}`, refreshToken: `refresh-${n}`, staff });

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const expired = () => json(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } });

/** A fake server: `answer` decides each request's response; every request is kept in `sent`. */
function serve(answer: (req: Sent) => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  setFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Sent = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: (init?.body as string | undefined) ?? null };
    sent.push(req);
    return answer(req);
  }) as typeof fetch);
  return sent;
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  setSession(session(1));
});

afterEach(() => {
  setSession(null);
  vi.unstubAllGlobals();
});

describe('staffCall', () => {
  it("sends the member's bearer and the console's language, and builds the path and query from the definition", async () => {
    const sent = serve(() => json(200, { data: [], nextCursor: null }));
    const answer = await staffCall(staffAudit, { query: { entity: 'task', country: undefined } });
    expect(answer).toEqual({ data: [], nextCursor: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/staff/audit?entity=task');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer access-1');
    expect(sent[0]!.headers.get('accept-language')).toBe('en');
    expect(sent[0]!.headers.get('idempotency-key')).toBeNull();
  });

  it('gives every write an Idempotency-Key, the caller’s when given', async () => {
    const sent = serve(() => json(200, {}));
    const body = { email: 'b@example.com', name: 'B', roles: ['author' as const] };
    await staffCall(addStaffAccount, { body });
    await staffCall(addStaffAccount, { body });
    await staffCall(addStaffAccount, { body, idempotencyKey: 'submit-1' });
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('submit-1');
    expect(JSON.parse(sent[0]!.body ?? '')).toEqual(body);
  });

  it('sends the same write again after a lost answer with the same key; once answered, the next is new', async () => {
    let fail = true;
    const sent = serve(() => {
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, {});
    });
    const body = { email: 'c@example.com', name: 'C', roles: ['author' as const] };
    await expect(staffCall(addStaffAccount, { body })).rejects.toMatchObject({ code: 'NETWORK' });
    await staffCall(addStaffAccount, { body });
    await staffCall(addStaffAccount, { body });
    const keys = sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps the session when the refresh meets a server error (503), and the call fails', async () => {
    serve((req) => (req.url === '/api/staff/auth/refresh' ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }) : expired()));
    await expect(staffCall(staffAudit, { query: {} })).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(getSession()?.token).toBe('access-1');
  });

  it('renews an expired access token once and resends the same write with the same key', async () => {
    const sent = serve((req) => {
      if (req.url === '/api/staff/auth/refresh') return json(200, session(2));
      return req.headers.get('authorization') === 'Bearer access-2' ? json(200, { ok: true }) : expired();
    });
    await staffCall(addStaffAccount, { body: { email: 'b@example.com', name: 'B', roles: ['author'] } });
    expect(sent.map((r) => r.url)).toEqual(['/api/staff/accounts', '/api/staff/auth/refresh', '/api/staff/accounts']);
    expect(JSON.parse(sent[1]!.body ?? '')).toEqual({ refreshToken: 'refresh-1' });
    expect(sent[2]!.headers.get('idempotency-key')).toBe(sent[0]!.headers.get('idempotency-key'));
    expect(getSession()?.token).toBe('access-2');
    expect(sessionStorage.getItem('shelfwork.console.session')).toContain('access-2');
  });

  it('refreshes once for calls that expire together', async () => {
    let refreshes = 0;
    serve(async (req) => {
      if (req.url === '/api/staff/auth/refresh') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, session(2));
      }
      return req.headers.get('authorization') === 'Bearer access-2' ? json(200, { data: [], nextCursor: null }) : expired();
    });
    await Promise.all([staffCall(staffAudit, {}), staffCall(staffAudit, {}), staffCall(staffAudit, {})]);
    expect(refreshes).toBe(1);
  });

  it('signs out when the refresh is refused, and the call fails with its 401', async () => {
    serve((req) => (req.url === '/api/staff/auth/refresh' ? json(401, { error: { code: 'REFRESH_TOKEN_REUSED', message: 'reused' } }) : expired()));
    const error = await staffCall(staffAudit, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffApiError);
    expect((error as StaffApiError).status).toBe(401);
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('shelfwork.console.session')).toBeNull();
  });

  it('signs out on any other 401 (a deactivated member) without trying to refresh', async () => {
    const sent = serve(() => json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }));
    await expect(staffCall(staffAudit, {})).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(sent).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it('throws the refusal with its code, message and fields', async () => {
    serve(() => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Fix the fields', fields: { email: 'EMAIL_INVALID' } } }));
    await expect(staffCall(addStaffAccount, { body: { email: 'x', name: 'X', roles: ['author'] } })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Fix the fields',
      fields: { email: 'EMAIL_INVALID' },
    });
    expect(getSession()?.token).toBe('access-1');
  });

  it('turns a failed fetch into NETWORK, announces it, and announces the recovery', async () => {
    const seen: boolean[] = [];
    const off = onConnectionChange((reachable) => seen.push(reachable));
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(staffCall(staffAudit, {})).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    serve(() => json(200, { data: [], nextCursor: null }));
    await staffCall(staffAudit, {});
    off();
    expect(seen).toEqual([false, true]);
    expect(getSession()?.token).toBe('access-1');
  });

  it("the banner's retry asks the server whether it answers, and announces that it does", async () => {
    const seen: boolean[] = [];
    const off = onConnectionChange((reachable) => seen.push(reachable));
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(staffCall(staffAudit, {})).rejects.toMatchObject({ code: 'NETWORK' });
    const sent = serve(() => json(200, { ok: true }));
    retryFailed();
    await new Promise((r) => setTimeout(r, 0));
    off();
    expect(sent.map((r) => r.url)).toEqual(['/api/health']);
    expect(seen).toEqual([false, true]);
  });

  it('downloads a file behind the bearer, renewing an expired token', async () => {
    serve((req) => {
      if (req.url === '/api/staff/auth/refresh') return json(200, session(2));
      return req.headers.get('authorization') === 'Bearer access-2' ? new Response('a;b\n', { status: 200 }) : expired();
    });
    const blob = await staffDownload('/api/staff/payouts/export.csv?country=LT');
    expect(await blob.text()).toBe('a;b\n');
  });
});
