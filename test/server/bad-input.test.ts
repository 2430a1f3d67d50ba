/** A battery of malformed, mistyped and oversized inputs at every route: never a 5xx, always the error format. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './helpers';
import type { ApiErrorBody } from '#domain/types';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ bodyLimitBytes: 1024 * 1024 });
  token = (await server.login('lt@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server?.close();
});

const POST_ROUTES = [
  '/api/auth/send-email-code',
  '/api/auth/register',
  '/api/auth/login',
  '/api/auth/password-login',
  '/api/auth/token',
  '/api/user/set-country',
  '/api/user',
  '/api/user/payment-documents',
  '/api/user/referred-by-code',
  '/api/staff/users/some-id/approve',
  '/api/staff/users/some-id/reject',
  '/api/staff/places',
  '/api/staff/tasks',
];

const GET_ROUTES = ['/api/user', '/api/country', '/api/task', '/api/task/places', '/api/task/reservation-limit', '/api/task/abc', '/api/training', '/api/health', '/api/dev/mailbox', '/api/staff/users', '/api/user/referral-code', '/api/user/referred-by-code', '/api/country/business', '/api/country/supervisor', '/api/country/fleet-partners', '/api/country/fleet-partners?country=PL'];

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

const BAD_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: 'malformed JSON', payload: '{"email": ' },
  { name: 'empty body', payload: '' },
  { name: 'array', payload: '[]' },
  { name: 'null', payload: 'null' },
  { name: 'string', payload: '"hello"' },
  { name: 'number', payload: '12345678901234567890123456789' },
  { name: 'objects as fields', payload: JSON.stringify({ email: {}, code: {}, country: {}, countryCode: {}, username: {}, password: {}, refreshToken: {}, reasons: {}, comment: {}, title: {}, latitude: {}, placeId: {}, reward: {} }) },
  { name: 'arrays as fields', payload: JSON.stringify({ email: ['a@b.cd'], code: [1], country: ['LT'], countryCode: ['LT'], refreshToken: ['x'], reasons: [[1]], latitude: [1], expectedDuration: [60] }) },
  { name: 'huge numbers', payload: '{"email":1e999,"code":123456789012345678901234567890,"latitude":1e308,"longitude":-1e308,"expectedDuration":1e308,"reward":1e308,"countryCode":1}' },
  { name: 'negative and fractional numbers', payload: JSON.stringify({ expectedDuration: -5.5, reward: -1, bonusReward: 0.001, latitude: -91 }) },
  { name: 'long strings', payload: JSON.stringify({ email: `${'a'.repeat(5000)}@x.com`, code: '1'.repeat(5000), title: 'x'.repeat(100_000), refreshToken: 'r'.repeat(10_000), password: 'p'.repeat(10_000), username: 'u'.repeat(10_000) }) },
  { name: 'unknown enums', payload: JSON.stringify({ type: 'facebook', country: 'ZZ', countryCode: 'de', reasons: ['nope'], taskTypeId: 'nope', retailerId: '../../etc' }) },
  { name: 'bad dates', payload: JSON.stringify({ timeWindowStart: 'yesterday', timeWindowEnd: '9999-99-99', placeId: 'x', taskTypeId: 'shelf-photo', reward: '1', expectedDuration: 60 }) },
  { name: 'null bytes and unicode', payload: JSON.stringify({ email: 'a\u0000@b.cd', title: '\ud800', comment: '\u0000', countryCode: 'L\u0000T' }) },
  { name: 'profile fields mistyped', payload: '{"firstName":{},"middleName":[1],"phone":1e999,"nationalId":true,"iban":[],"postalCode":{},"businessType":["company"],"businessId":{},"fleetPartnerId":{},"registered":"yes","activityCode":[829900],"code":{}}' },
  { name: 'profile fields too long', payload: JSON.stringify({ firstName: 'x'.repeat(10_000), phone: `+${'1'.repeat(10_000)}`, nationalId: '1'.repeat(10_000), iban: 'LT'.repeat(5_000), businessId: 'b'.repeat(10_000), fleetPartnerId: 'f'.repeat(10_000), code: 'c'.repeat(10_000) }) },
  { name: 'deeply nested', payload: JSON.stringify(deep(500)) },
  { name: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { name: 'text/plain content type', payload: 'email=a@b.cd', contentType: 'text/plain' },
  { name: 'form content type', payload: 'email=a@b.cd', contentType: 'application/x-www-form-urlencoded' },
];

const BAD_QUERIES = [
  'first=99999999999999999999999',
  'first=-1',
  'first=0',
  'first=abc',
  'first=1.5',
  'first=1&first=2',
  'after=garbage!!',
  `after=${Buffer.from('{"o":"time_window_start","v":"not a date","i":"x"}').toString('base64url')}`,
  `after=${Buffer.from('{"o":"time_window_start","v":1e999,"i":{}}').toString('base64url')}`,
  `after=${Buffer.from('[1,2,3]').toString('base64url')}`,
  `after=${Buffer.from('{"o":"places","n":-5}').toString('base64url')}`,
  `after=${'A'.repeat(5000)}`,
  'orderBy=bogus',
  'orderBy=distance',
  'orderBy=distance&latitude=1e400&longitude=2',
  'orderBy=distance&latitude=NaN&longitude=Infinity',
  'orderBy=distance&latitude=91&longitude=181',
  'latitude=54.1',
  'status=foo',
  'status=available,,reserved',
  'status=available&status=reserved',
  'status=',
  "search=' OR 1=1 --",
  'search=%25%5F%5C',
  `search=${'x'.repeat(5000)}`,
  'isReservable=maybe',
  'isStartable=2',
  'hasOutstandingDispute=[]',
  'placeId=%F0%9F%92%A9',
  "trainingId=' OR '1'='1",
  'email=not-an-email',
  'email=',
  'email=a@b.cd&email=c@d.ef',
];

function expectNo5xx(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as ApiErrorBody;
    expect(typeof body.error.code, what).toBe('string');
    expect(typeof body.error.message, what).toBe('string');
  }
}

function authFor(url: string): Record<string, string> {
  return { authorization: url.startsWith('/api/staff') ? 'Bearer test-staff-token' : `Bearer ${token}` };
}

describe('bad input never causes a 5xx', () => {
  it('survives malformed and mistyped bodies on every POST route', async () => {
    for (const url of POST_ROUTES) {
      for (const body of BAD_BODIES) {
        const options: InjectOptions = {
          method: 'POST',
          url,
          headers: { ...authFor(url), 'content-type': body.contentType ?? 'application/json', 'idempotency-key': `bad-${Math.random()}` },
          payload: body.payload,
        };
        expectNo5xx(await server.app.inject(options), `POST ${url} with ${body.name}`);
      }
    }
  });

  it('survives bad query strings on every GET route', async () => {
    for (const url of GET_ROUTES) {
      for (const query of BAD_QUERIES) {
        const res = await server.app.inject({ method: 'GET', url: `${url}?${query}`, headers: authFor(url) });
        expectNo5xx(res, `GET ${url}?${query}`);
      }
    }
  });

  it('survives odd path parameters, headers and tokens', async () => {
    const paths = [
      '/api/task/%00',
      "/api/task/'%20OR%201=1",
      `/api/task/${'x'.repeat(300)}`,
      '/api/task/%E0%A4%A',
      '/api/staff/users/%FF/approve',
      `/api/staff/users/${'9'.repeat(300)}/reject`,
      '/api/../api/user',
      '/api//task',
    ];
    for (const url of paths) {
      const method = url.includes('/staff/') ? 'POST' : 'GET';
      const res = await server.app.inject({ method, url, headers: { ...authFor(url), 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
      expectNo5xx(res, `${method} ${url}`);
    }
    const headers: Record<string, string>[] = [
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'a'.repeat(8000)}` },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      { authorization: `Bearer ${token}`, geolocation: 'nowhere' },
      { authorization: `Bearer ${token}`, geolocation: '1e999,5' },
      { authorization: `Bearer ${token}`, 'idempotency-key': 'x'.repeat(500) },
    ];
    for (const h of headers) {
      expectNo5xx(await server.app.inject({ method: 'GET', url: '/api/task?orderBy=distance', headers: h }), `GET /api/task with ${JSON.stringify(h).slice(0, 60)}`);
      expectNo5xx(
        await server.app.inject({ method: 'POST', url: '/api/user/set-country', headers: { ...h, 'content-type': 'application/json' }, payload: '{"countryCode":"LT"}' }),
        `POST set-country with ${JSON.stringify(h).slice(0, 60)}`,
      );
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/send-email-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cd', filler: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ApiErrorBody>().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 with the error format for malformed JSON', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().error.code).toBe('INVALID_JSON');
  });
});
