import { describe, expect, it } from 'vitest';
import { apiRequest, apiUrl, type FetchImpl } from './http';

const BASE = 'http://shelfwork.test/api/';

function answering(status: number, body: string | null, seen?: { url?: string; init?: RequestInit }): FetchImpl {
  return async (input, init) => {
    if (seen) {
      seen.url = input;
      seen.init = init;
    }
    return new Response(body, { status });
  };
}

describe('apiRequest', () => {
  it('returns the parsed body of a successful answer', async () => {
    const result = await apiRequest({ base: BASE, method: 'GET', path: 'user', fetchImpl: answering(200, '{"id":"u1"}') });
    expect(result).toEqual({ ok: true, status: 200, body: { id: 'u1' } });
  });

  it('returns a null body for 204', async () => {
    const result = await apiRequest({ base: BASE, method: 'POST', path: 'user/set-country', body: {}, fetchImpl: answering(204, null) });
    expect(result).toEqual({ ok: true, status: 204, body: null });
  });

  it('passes through the code, message and fields of an API error', async () => {
    const body = JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Bad input', fields: { email: 'EMAIL_INVALID' } } });
    const result = await apiRequest({ base: BASE, method: 'POST', path: 'auth/send-email-code', body: {}, fetchImpl: answering(400, body) });
    expect(result).toEqual({ ok: false, status: 400, error: { code: 'VALIDATION_FAILED', message: 'Bad input', fields: { email: 'EMAIL_INVALID' } } });
  });

  it('answers UNKNOWN for a code this app does not know, keeping the message', async () => {
    const body = JSON.stringify({ error: { code: 'SOMETHING_NEW', message: 'Ask support' } });
    const result = await apiRequest({ base: BASE, method: 'POST', path: 'task/t1/reserve', fetchImpl: answering(420, body) });
    expect(result).toEqual({ ok: false, status: 420, error: { code: 'UNKNOWN', message: 'Ask support' } });
  });

  it('keeps the message of a 420 business-rule refusal', async () => {
    const body = JSON.stringify({ error: { code: 'TASK_NO_LONGER_AVAILABLE', message: 'Another user has already reserved it.' } });
    const result = await apiRequest({ base: BASE, method: 'POST', path: 'task/t1/reserve', fetchImpl: answering(420, body) });
    expect(result).toEqual({ ok: false, status: 420, error: { code: 'TASK_NO_LONGER_AVAILABLE', message: 'Another user has already reserved it.' } });
  });

  it('answers UNKNOWN when an error body is not the API error shape', async () => {
    const result = await apiRequest({ base: BASE, method: 'GET', path: 'user', fetchImpl: answering(502, '<html>Bad gateway</html>') });
    expect(result).toMatchObject({ ok: false, status: 502, error: { code: 'UNKNOWN' } });
  });

  it('answers status 0 and NETWORK when fetch throws', async () => {
    const fetchImpl: FetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await apiRequest({ base: BASE, method: 'GET', path: 'user', fetchImpl });
    expect(result).toEqual({ ok: false, status: 0, error: { code: 'NETWORK', message: 'Failed to fetch' } });
  });

  it('answers ABORTED when the caller aborts', async () => {
    const controller = new AbortController();
    const fetchImpl: FetchImpl = (_input, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = apiRequest({ base: BASE, method: 'GET', path: 'user', fetchImpl, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, status: 0, error: { code: 'ABORTED' } });
  });

  it('sends the bearer token, JSON content type, idempotency key and geolocation header', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    await apiRequest({
      base: BASE,
      method: 'POST',
      path: 'user/set-country',
      body: { countryCode: 'PL' },
      token: 'tok-1',
      idempotencyKey: 'rec-1',
      position: { latitude: 54.687, longitude: 25.279 },
      fetchImpl: answering(204, null, seen),
    });
    const headers = new Headers(seen.init?.headers);
    expect(seen.url).toBe('http://shelfwork.test/api/user/set-country');
    expect(seen.init?.method).toBe('POST');
    expect(seen.init?.body).toBe('{"countryCode":"PL"}');
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('rec-1');
    expect(headers.get('geolocation')).toBe('54.687,25.279');
  });

  it('sends no authorization or geolocation header when there is no token or position', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    await apiRequest({ base: BASE, method: 'GET', path: 'country', fetchImpl: answering(200, '[]', seen) });
    const headers = new Headers(seen.init?.headers);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('geolocation')).toBe(false);
    expect(headers.has('idempotency-key')).toBe(false);
  });
});

describe('apiUrl', () => {
  it.each([
    ['http://h/api/', 'task?status=available', 'http://h/api/task?status=available'],
    ['http://h/api', 'user', 'http://h/api/user'],
    ['http://h/api/', '/task/t1', 'http://h/api/task/t1'],
  ])('joins %s and %s', (base, path, expected) => {
    expect(apiUrl(base, path)).toBe(expected);
  });
});
