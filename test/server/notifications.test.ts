/**
 * Notifications and web push. Real events make notifications worded in the reader's
 * language; mark-as-seen is idempotent and scoped to the tasker. Pushes are checked against a
 * local push endpoint (a tiny HTTP server in this file) that verifies the VAPID JWT's ES256
 * signature with the public key the API hands out and decrypts the aes128gcm body (RFC 8291) with
 * the subscription's own keys, using only node:crypto (nothing of web-push); 404/410 removes the
 * subscription; other failures are retried later, then given up.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, SEED_TIME, type TestServer } from './helpers';
import { createTask, createTaskers, post, STAFF, type Tasker } from './lifecycle-fixtures';
import { makeTasker, staff } from './money-helpers';
import { parsePo } from '../../server/http/messages';
import { PUSH_MAX_ATTEMPTS, queueExpiryReminders, resolveVapidKeys, sendDuePushes } from '../../server/notifications/push';
import { readSubscription } from '../../server/notifications/pushSubscriptions';
import { notificationsDb } from '../../server/notifications/tables';
import { markPaid } from '../../server/money/payouts';
import { moneyDb } from '../../server/db/money-tables';
import { NOTIFICATION_WORDS, type AppNotification } from '#domain/notifications';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

const catalogs = Object.fromEntries(['lt', 'pl', 'cs', 'ro'].map((l) => [l, parsePo(readFileSync(`src/locales/${l}/messages.po`, 'utf8'))]));

async function list(me: { id: string }, lang = 'en'): Promise<AppNotification[]> {
  const res = await server.request({ method: 'GET', url: '/api/notifications', token: await server.tokenFor(me.id), headers: { 'accept-language': lang } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AppNotification[] }>().data;
}

/** A task of `me` waiting for the staff review. */
async function awaitingTask(me: Tasker, title = 'Shelf photo — Maxima') {
  const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T16:00:00Z' });
  await server.db.updateTable('tasks').set({ status: 'awaiting_confirmation', tasker_id: me.id, title }).where('id', '=', task.id).execute();
  return task;
}

describe('notifications from events', () => {
  it('a staff review makes one, worded in the reader language at read time; mark-as-seen removes it once', async () => {
    server.clock.set(SEED_TIME);
    const [me, other] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    const task = await awaitingTask(me);
    expect((await staff(server, { method: 'POST', url: `/api/staff/tasks/${task.id}/accept`, payload: {} })).statusCode).toBe(200);
    const mine = (await list(me)).filter((n) => n.type === 'task_accepted');
    expect(mine).toHaveLength(1);
    const n = mine[0] as AppNotification;
    expect(n).toMatchObject({ title: 'Task accepted', body: 'Your work on “Shelf photo — Maxima” was accepted.', resourceId: task.id });
    for (const lang of ['lt', 'pl', 'cs', 'ro']) {
      const worded = (await list(me, lang)).find((x) => x.id === n.id);
      const title = catalogs[lang]?.get('Task accepted');
      expect(title, `${lang} catalog has the title`).toBeTruthy();
      expect(worded?.title).toBe(title);
      expect(worded?.body).toContain('Shelf photo — Maxima');
      expect(worded?.body).not.toBe(n.body);
    }
    // Another tasker cannot see or mark it.
    expect((await list(other)).some((x) => x.id === n.id)).toBe(false);
    expect((await post(server, `/api/notifications/${n.id}/mark-as-seen`, await server.tokenFor(other.id))).statusCode).toBe(404);
    const token = await server.tokenFor(me.id);
    expect((await post(server, `/api/notifications/${n.id}/mark-as-seen`, token, undefined, { 'idempotency-key': 'seen-1' })).statusCode).toBe(204);
    expect((await post(server, `/api/notifications/${n.id}/mark-as-seen`, token, undefined, { 'idempotency-key': 'seen-1' })).statusCode).toBe(204);
    expect((await post(server, `/api/notifications/${n.id}/mark-as-seen`, token)).statusCode).toBe(204);
    expect((await list(me)).some((x) => x.id === n.id)).toBe(false);
    expect((await post(server, '/api/notifications/no-such-id/mark-as-seen', token)).statusCode).toBe(404);
    expect((await server.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('a rejection carries the comment; profile approve and reject, training done, attendance request, new task, payout paid, mission completed', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const rejected = await awaitingTask(me, 'Stock check');
    await staff(server, { method: 'POST', url: `/api/staff/tasks/${rejected.id}/reject`, payload: { resultComment: 'Photos are blurry' } });
    // A new task in the market: every approved tasker there (me included), once.
    const fresh = await createTask(server, { start: '2026-03-12T08:00:00Z', end: '2026-03-12T16:00:00Z', reward: '25.00' });
    // A reserved task asked for attendance.
    const reserved = await createTask(server, { start: '2026-03-11T08:00:00Z', end: '2026-03-11T16:00:00Z' });
    expect((await post(server, `/api/task/${reserved.id}/reserve`, await server.tokenFor(me.id))).statusCode).toBe(200);
    expect((await staff(server, { method: 'POST', url: `/api/staff/tasks/${reserved.id}/attendance-request`, payload: {} })).statusCode).toBe(201);
    // Training undone then done: one notification (undone says nothing).
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/trainings/promo-displays/undone`, payload: {} });
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/trainings/promo-displays/done`, payload: {} });
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/reject`, payload: { reasons: ['iban'] } });
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/approve`, payload: {} });
    const byType = new Map((await list(me)).map((n) => [n.type, n]));
    expect(byType.get('task_rejected')?.body).toBe('Your work on “Stock check” was not accepted: Photos are blurry');
    const offers = (await list(me)).filter((n) => n.type === 'new_task_nearby' && n.resourceId === fresh.id);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ title: 'New task near you', body: expect.stringContaining('€25.00') as unknown });
    expect(byType.get('attendance_request')).toMatchObject({ resourceId: reserved.id, title: 'Confirm your attendance' });
    expect(byType.get('training_done')).toMatchObject({ resourceId: 'promo-displays' });
    expect(byType.has('profile_rejected')).toBe(true);
    expect(byType.has('profile_approved')).toBe(true);
    // A tasker of another market hears nothing of the LT task.
    const [pl] = (await createTaskers(server, 1, 'PL')) as [Tasker];
    await createTask(server, { start: '2026-03-12T08:00:00Z', end: '2026-03-12T16:00:00Z' });
    expect((await list(pl)).some((n) => n.type === 'new_task_nearby')).toBe(false);

    // Payout paid (once, however often it is marked), in Polish money words for a PL tasker.
    const payoutId = await insertPayout(pl.id, 'PL', 'PLN', '123.45');
    await server.db.transaction().execute((trx) => markPaid(trx, { ids: [payoutId] }, 'test', server.clock.now()));
    await server.db.transaction().execute((trx) => markPaid(trx, { ids: [payoutId] }, 'test', server.clock.now()));
    const paid = (await list(pl, 'pl')).filter((n) => n.type === 'payout_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.title).toBe(catalogs.pl?.get('Payout sent'));
    expect(paid[0]?.body).toMatch(/123,45\s?zł/);
  });

  it('a completed mission tells its tasker once', async () => {
    server.clock.set('2026-07-06T08:00:00Z');
    const me = await makeTasker(server.db, { country: 'LT' });
    const created = await staff(server, {
      method: 'POST',
      url: '/api/staff/missions',
      payload: { countryCode: 'LT', name: 'Promo week', description: 'The promo training', moneyReward: '15.00', duration: 7 * 86_400, objectives: [{ contentType: 'training', allowedItems: ['promo-displays'], target: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const missionId = created.json<{ id: string }>().id;
    await staff(server, { method: 'POST', url: `/api/staff/missions/${missionId}/assign`, payload: { userIds: [me.id] } });
    await server.db.insertInto('user_trainings').values({ user_id: me.id, training_id: 'promo-displays', done_at: new Date('2026-07-07T09:00:00Z') }).execute();
    server.clock.set('2026-07-08T09:00:00Z');
    for (let i = 0; i < 2; i += 1) await server.request({ method: 'GET', url: '/api/mission/my', token: await server.tokenFor(me.id) });
    const done = (await list(me)).filter((n) => n.type === 'mission_completed');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ resourceId: missionId, body: 'You completed the mission “Promo week”. €15.00 is added to your next payout.' });
  });

  it('every type has its words as msgids of the app catalogs, translated in lt, pl, cs, ro', () => {
    const en = parsePo(readFileSync('src/locales/en/messages.po', 'utf8'));
    for (const words of Object.values(NOTIFICATION_WORDS)) {
      for (const text of [words.title, words.body]) {
        if (text === '{taskTitle}') continue;
        expect(en.has(text), text).toBe(true);
        for (const lang of ['lt', 'pl', 'cs', 'ro']) expect(catalogs[lang]?.get(text), `${lang}: ${text}`).toBeTruthy();
      }
    }
  });
});

async function insertPayout(userId: string, country: string, currency: string, total: string): Promise<string> {
  const id = `payout-${randomBytes(6).toString('hex')}`;
  const now = server.clock.now();
  await moneyDb(server.db)
    .insertInto('payouts')
    .values({
      id,
      user_id: userId,
      country_code: country,
      week_start: `2026-0${Math.floor(Math.random() * 9) + 1}-0${Math.floor(Math.random() * 9) + 1}`,
      period_start: now,
      period_end: now,
      currency_code: currency,
      task_reward: total,
      reductions: '0',
      bonuses: '0',
      repayment: '0',
      new_overpayment: '0',
      balance_after: '0',
      total,
      tasks_count: 1,
      max_deduction_rate_bp: 3000,
      created_at: now,
    })
    .execute();
  return id;
}

// ---- The local push endpoint ---------------------------------------------------------------------

const b64u = (b: Buffer) => b.toString('base64url');

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface PushEndpoint {
  url: string;
  received: Received[];
  /** The status the next requests get, by path (default 201). */
  answers: Map<string, number[]>;
  close(): Promise<void>;
}

let endpoint: PushEndpoint | undefined;

async function startEndpoint(): Promise<PushEndpoint> {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const srv: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const queue = answers.get(path);
      res.statusCode = queue?.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, received, answers, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

/** A browser's subscription keys (the user agent's ECDH P-256 pair and auth secret). */
function userAgentKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) and answers the JWT's claims. */
function checkVapid(headers: IncomingHttpHeaders, expectedKey: string, audience: string, now: Date): Record<string, unknown> {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(headers.authorization ?? ''));
  expect(m, 'vapid authorization header').toBeTruthy();
  const [, jwt = '', k = ''] = m ?? [];
  expect(k).toBe(expectedKey);
  const [h = '', p = '', s = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const raw = Buffer.from(k, 'base64url');
  expect(raw.length).toBe(65);
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  expect(ok, 'VAPID JWT signature').toBe(true);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  expect(claims.aud).toBe(audience);
  expect(typeof claims.sub === 'string' && /^(mailto:|https:)/.test(claims.sub)).toBe(true);
  // Real clock in the JWT (web-push signs with Date.now()): at most 24 h ahead of it.
  expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
  expect(Number(claims.exp) * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
  void now;
  return claims;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 + RFC 8188: the aes128gcm body decrypted with the user agent's keys. */
function decryptAes128gcm(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end], 'last record delimiter').toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

async function subscribe(me: { id: string }, path: string, lang = 'en') {
  const ua = userAgentKeys();
  const sub = { endpoint: `${endpoint?.url ?? ''}${path}`, expirationTime: null, keys: { p256dh: b64u(ua.ecdh.getPublicKey()), auth: b64u(ua.auth) } };
  const res = await server.request({ method: 'POST', url: '/api/push-notification/subscription', token: await server.tokenFor(me.id), headers: { 'accept-language': lang }, payload: sub });
  expect(res.statusCode, res.body).toBe(200);
  return ua;
}

// The local endpoint is http://127.0.0.1: the rules outside production (local destinations allowed).
const send = async () => sendDuePushes(server.db, server.clock.now(), await resolveVapidKeys(server.db, null), { destinations: { allowLocal: true, allowedHosts: null } });

describe('web push', () => {
  beforeAll(async () => {
    endpoint = await startEndpoint();
  });

  it('hands out one VAPID key, made once and kept; settings default on and change per topic', async () => {
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const token = await server.tokenFor(me.id);
    const a = (await server.request({ method: 'GET', url: '/api/push-notification/vapid-public-key', token })).json<{ publicKey: string }>();
    const b = (await (await server.withConfig({})).inject({ method: 'GET', url: '/api/push-notification/vapid-public-key', headers: { authorization: `Bearer ${token}` } })).json<{ publicKey: string }>();
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect(b.publicKey).toBe(a.publicKey);
    expect((await server.request({ method: 'GET', url: '/api/push-notification/settings', token })).json()).toEqual({ topicTaskOffer: true, topicBonus: true });
    const set = await server.request({ method: 'POST', url: '/api/push-notification/settings', token, payload: { topicBonus: false } });
    expect(set.json()).toEqual({ topicTaskOffer: true, topicBonus: false });
    expect((await server.request({ method: 'POST', url: '/api/push-notification/settings', token, payload: { topicBonus: 'no' } })).statusCode).toBe(400);
    expect((await server.request({ method: 'GET', url: '/api/push-notification/settings', token })).json()).toEqual({ topicTaskOffer: true, topicBonus: false });
    expect((await server.request({ method: 'POST', url: '/api/push-notification/subscription', token, payload: { endpoint: 'ftp://x', keys: {} } })).statusCode).toBe(400);
    // In production only public https push services: no http, no IP literals or local names.
    const keysOk = { p256dh: 'BAAA', auth: 'AAAA' };
    for (const endpoint of ['http://127.0.0.1:9/x', 'https://10.0.0.5/x', 'https://localhost/x', 'https://[::1]/x', 'https://metadata.internal/x']) {
      expect(() => readSubscription({ endpoint, keys: keysOk }, { allowLocal: false }), endpoint).toThrow();
    }
    expect(readSubscription({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: keysOk }, { allowLocal: false }).endpoint).toBe('https://fcm.googleapis.com/fcm/send/abc');
    expect(readSubscription({ endpoint: 'http://127.0.0.1:9/x', keys: keysOk }, { allowLocal: true }).endpoint).toBe('http://127.0.0.1:9/x');
  });

  it('a notification arrives signed and encrypted at the push endpoint, worded in the subscription language', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await awaitingTask(me, 'Lentynų nuotrauka');
    const ua = await subscribe(me, '/push/lt-device', 'lt');
    const subs = (await server.request({ method: 'GET', url: '/api/push-notification/subscriptions', token: await server.tokenFor(me.id) })).json<{ data: { endpoint: string }[] }>().data;
    expect(subs.map((s) => s.endpoint)).toEqual([`${endpoint?.url}/push/lt-device`]);
    await staff(server, { method: 'POST', url: `/api/staff/tasks/${task.id}/accept`, payload: {} });
    const before = endpoint?.received.length ?? 0;
    const result = await send();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const got = endpoint?.received.slice(before).filter((r) => r.path === '/push/lt-device') ?? [];
    expect(got).toHaveLength(1);
    const req = got[0] as Received;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    const keys = await resolveVapidKeys(server.db, null);
    checkVapid(req.headers, keys.publicKey, endpoint?.url ?? '', server.clock.now());
    const payload = JSON.parse(decryptAes128gcm(req.body, ua)) as { title: string; body: string; url: string };
    expect(payload.title).toBe(catalogs.lt?.get('Task accepted'));
    expect(payload.body).toContain('Lentynų nuotrauka');
    expect(payload.url).toBe(`/task/${task.id}?source=push_notification`);
    // Sent once: nothing more to send.
    expect((await send()).sent).toBe(0);
    // A tampered body does not decrypt with these keys (the check can fail).
    const tampered = Buffer.from(req.body);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    expect(() => decryptAes128gcm(tampered, ua)).toThrow();
  });

  it('topics: task offers and bonus pushes follow the settings; the rest always go out', async () => {
    server.clock.set(SEED_TIME);
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    await subscribe(me, '/push/topics');
    await server.request({ method: 'POST', url: '/api/push-notification/settings', token: await server.tokenFor(me.id), payload: { topicTaskOffer: false } });
    await send();
    const before = endpoint?.received.length ?? 0;
    await createTask(server, { start: '2026-03-12T08:00:00Z', end: '2026-03-12T16:00:00Z' });
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/trainings/promo-displays/undone`, payload: {} });
    await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/trainings/promo-displays/done`, payload: {} });
    await send();
    const got = endpoint?.received.slice(before).filter((r) => r.path === '/push/topics') ?? [];
    expect(got).toHaveLength(1); // the training, not the task offer
    // The notification list still has both.
    const types = (await list(me)).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['new_task_nearby', 'training_done']));
  });

  it('404 and 410 remove the subscription; 5xx is retried later, then given up', async () => {
    server.clock.set(SEED_TIME);
    const [gone, flaky] = (await createTaskers(server, 2)) as [Tasker, Tasker];
    await subscribe(gone, '/push/gone');
    await subscribe(flaky, '/push/flaky');
    endpoint?.answers.set('/push/gone', [410]);
    endpoint?.answers.set('/push/flaky', [503, 500, 201]);
    for (const me of [gone, flaky]) await staff(server, { method: 'POST', url: `/api/staff/users/${me.id}/approve`, payload: {} });
    const r1 = await send();
    expect(r1.gone).toBe(1);
    expect(r1.retried).toBe(1);
    const subsOf = async (me: Tasker) => (await server.request({ method: 'GET', url: '/api/push-notification/subscriptions', token: await server.tokenFor(me.id) })).json<{ data: unknown[] }>().data;
    expect(await subsOf(gone)).toHaveLength(0);
    expect(await subsOf(flaky)).toHaveLength(1);
    // Not before its retry time.
    expect((await send()).retried).toBe(0);
    server.clock.advance(30_000);
    expect((await send()).retried).toBe(1);
    server.clock.advance(120_000);
    expect((await send()).sent).toBe(1);
    const flakyHits = endpoint?.received.filter((r) => r.path === '/push/flaky') ?? [];
    expect(flakyHits).toHaveLength(3);

    // Always failing: given up after PUSH_MAX_ATTEMPTS.
    const [dead] = (await createTaskers(server, 1)) as [Tasker];
    await subscribe(dead, '/push/dead');
    endpoint?.answers.set('/push/dead', Array.from({ length: 10 }, () => 500));
    await staff(server, { method: 'POST', url: `/api/staff/users/${dead.id}/approve`, payload: {} });
    for (let i = 0; i < PUSH_MAX_ATTEMPTS + 2; i += 1) {
      await send();
      server.clock.advance(2 * 3600_000);
    }
    expect(endpoint?.received.filter((r) => r.path === '/push/dead')).toHaveLength(PUSH_MAX_ATTEMPTS);
    const row = await notificationsDb(server.db).selectFrom('push_deliveries').innerJoin('push_subscriptions as s', 's.id', 'push_deliveries.subscription_id').select(['status', 'attempts']).where('s.endpoint', 'like', '%/push/dead').executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: PUSH_MAX_ATTEMPTS });
  });

  it('the expiry reminders of a task in progress go out by push, each once', async () => {
    server.clock.set('2026-03-10T12:00:00Z');
    const [me] = (await createTaskers(server, 1)) as [Tasker];
    const task = await createTask(server, { start: '2026-03-10T08:00:00Z', end: '2026-03-10T14:00:00Z', duration: 120 });
    const ua = await subscribe(me, '/push/reminders');
    await server.db.updateTable('tasks').set({ status: 'in_progress', tasker_id: me.id }).where('id', '=', task.id).execute();
    // Reminder times: 12:00 (duration before the end), 13:00, 13:48, 14:00.
    await queueExpiryReminders(server.db, server.clock.now());
    await queueExpiryReminders(server.db, server.clock.now());
    const before = endpoint?.received.length ?? 0;
    await send();
    let got = endpoint?.received.slice(before).filter((r) => r.path === '/push/reminders') ?? [];
    expect(got).toHaveLength(1);
    const first = JSON.parse(decryptAes128gcm((got[0] as Received).body, ua)) as { title: string; url: string };
    expect(first.title).toBe('Task expires in 2 hr');
    expect(first.url).toBe(`/task/${task.id}?source=push_notification`);
    for (const at of ['2026-03-10T13:00:10Z', '2026-03-10T13:48:10Z', '2026-03-10T14:00:10Z', '2026-03-10T14:05:00Z']) {
      server.clock.set(at);
      await queueExpiryReminders(server.db, server.clock.now());
      await send();
    }
    got = endpoint?.received.slice(before).filter((r) => r.path === '/push/reminders') ?? [];
    const titles = got.map((r) => (JSON.parse(decryptAes128gcm(r.body, ua)) as { title: string }).title);
    expect(titles).toEqual(['Task expires in 2 hr', 'Task expires in 1 hr', 'Task expires in 12 min', 'Task time is over']);
    void STAFF;
  });
});
