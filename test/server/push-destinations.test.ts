/**
 * SSRF: where the push sender may POST. A subscription's endpoint is a URL the tasker's browser
 * hands in, so the server must never be made to connect inside its own network:
 * - in production only the browsers' push services are accepted (an allow-list of host suffixes,
 *   PUSH_ALLOWED_HOSTS), when the subscription is saved and again when a push is sent;
 * - at send time the host is resolved once, refused when any of its addresses is loopback,
 *   private, link-local, CGNAT, multicast or unspecified (IPv4-mapped IPv6 included), and the
 *   connection goes to exactly the address that was checked (no second lookup: DNS rebinding).
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { createTaskers, type Tasker } from './lifecycle-fixtures';
import { resolveVapidKeys, sendDuePushes, type VapidKeys } from '../../server/notifications/push';
import { defaultFetch, type PushFetch } from '../../server/notifications/pushTransport';
import { DEFAULT_PUSH_HOSTS, isForbiddenAddress, pushDestinationsOf, type PushDestinations } from '../../server/notifications/destinations';
import { loadConfig } from '../../server/config';
import { notificationsDb } from '../../server/notifications/tables';

let server: TestServer;
let me: Tasker;
let keys: VapidKeys;
/** A TCP listener on 127.0.0.1 that counts the connections made to it (TLS or not). */
let loopback: TcpServer;
let loopbackPort = 0;
let loopbackConnections = 0;

beforeAll(async () => {
  server = await startTestServer();
  [me] = (await createTaskers(server, 1)) as [Tasker];
  keys = await resolveVapidKeys(server.db, null);
  loopback = createTcpServer((socket) => {
    loopbackConnections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  loopbackPort = (loopback.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => loopback?.close(r));
  await server?.close();
});
beforeEach(async () => {
  await notificationsDb(server.db).deleteFrom('push_subscriptions').where('user_id', '=', me.id).execute();
});

const b64u = (b: Buffer) => b.toString('base64url');
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(randomBytes(16)) };
}

/**
 * A subscription row as if saved earlier (a name that resolved elsewhere then, or saved before
 * the checks existed) plus one due delivery to it: the send-time checks are what is tested.
 */
async function queueTo(endpoint: string): Promise<string> {
  const nd = notificationsDb(server.db);
  const now = server.clock.now();
  const subscriptionId = randomUUID();
  await nd.insertInto('push_subscriptions').values({ id: subscriptionId, user_id: me.id, endpoint, ...browserKeys(), expiration_time: null, locale: 'en', created_at: now, updated_at: now }).execute();
  const id = randomUUID();
  await nd
    .insertInto('push_deliveries')
    .values({ id, subscription_id: subscriptionId, message: JSON.stringify({ type: 'payout_sent', params: {}, resourceId: null, notificationId: null }), next_attempt_at: now, created_at: now })
    .execute();
  return id;
}

async function deliveryRow(id: string) {
  return notificationsDb(server.db).selectFrom('push_deliveries').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A fetch that records where it was asked to connect and answers 201 without any network. */
function recordingFetch() {
  const calls: { url: string; addresses: string[] | undefined }[] = [];
  const fetchImpl: PushFetch = async (url, init) => {
    calls.push({ url, addresses: init.addresses?.map((a) => a.address) });
    return { status: 201 };
  };
  return { calls, fetchImpl };
}

/** Any public host (no allow-list), no local exception: only the address check stands. */
const ANY_PUBLIC_HOST: PushDestinations = { allowLocal: false, allowedHosts: null };

describe('address classification', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and mapped forms; lets public addresses through', () => {
    const refused = [
      '127.0.0.1', '127.255.0.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '224.0.0.1', '239.255.255.250', '255.255.255.255', '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:10.0.0.1',
      'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'ff02::1', 'ff05::2',
    ];
    for (const a of refused) expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['142.250.74.106', '63.245.208.195', '17.188.128.1', '2a00:1450:4001:82b::200a', '::ffff:142.250.74.106', '100.128.0.1', '172.32.0.1']) expect(isForbiddenAddress(a), a).toBe(false);
    expect(isForbiddenAddress('not an address')).toBe(true);
  });
});

describe('PUSH_ALLOWED_HOSTS', () => {
  it('reads comma-separated host suffixes (wildcards and trailing dots read as the suffix), * for any public host; unset means the defaults in production', () => {
    const base = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com', STAFF_TOKEN: 'a-long-random-staff-token' };
    expect(loadConfig({ ...base, PUSH_ALLOWED_HOSTS: ' *.push.apple.com, Push.Example.com. ,.notify.windows.com' }).pushAllowedHosts).toEqual(['push.apple.com', 'push.example.com', 'notify.windows.com']);
    expect(loadConfig({ ...base, PUSH_ALLOWED_HOSTS: '*' }).pushAllowedHosts).toBe('*');
    expect(pushDestinationsOf(loadConfig(base))).toEqual({ allowLocal: false, allowedHosts: DEFAULT_PUSH_HOSTS });
    expect(pushDestinationsOf(loadConfig({ ...base, PUSH_ALLOWED_HOSTS: '*' }))).toEqual({ allowLocal: false, allowedHosts: null });
    expect(pushDestinationsOf(loadConfig({}))).toEqual({ allowLocal: true, allowedHosts: null });
    for (const bad of ['https://push.example.com', '10.0.0.1', 'push example.com', ',']) expect(() => loadConfig({ ...base, PUSH_ALLOWED_HOSTS: bad }), bad).toThrow(/PUSH_ALLOWED_HOSTS/);
  });
});

describe('when a subscription is saved in production', () => {
  /** Production needs a mail server to start; none is contacted here. */
  const PRODUCTION = { production: true, smtpUrl: 'smtp://127.0.0.1:1' };
  const save = async (app: Awaited<ReturnType<TestServer['withConfig']>>, endpoint: string) =>
    app.inject({
      method: 'POST',
      url: '/api/push-notification/subscription',
      headers: { authorization: `Bearer ${await server.tokenFor(me.id)}` },
      payload: { endpoint, expirationTime: null, keys: browserKeys() },
    });

  it('accepts only the push services of the allow-list (trailing dots read as the same name)', async () => {
    const app = await server.withConfig(PRODUCTION);
    for (const endpoint of [
      'https://push.example.com/x',
      'https://vm:8441/x',
      'https://metadata/computeMetadata/v1/',
      'https://localhost./x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com.example/x',
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      const res = await save(app, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields, endpoint).toEqual({ endpoint: 'INVALID' });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://fcm.googleapis.com./fcm/send/dot',
    ]) {
      expect((await save(app, endpoint)).statusCode, endpoint).toBe(200);
    }
  });

  it('PUSH_ALLOWED_HOSTS replaces the list; IP literals and local names stay refused even when it allows any host', async () => {
    const own = await server.withConfig({ ...PRODUCTION, pushAllowedHosts: ['push.example.com'] });
    expect((await save(own, 'https://eu.push.example.com/x')).statusCode).toBe(200);
    expect((await save(own, 'https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(400);
    const any = await server.withConfig({ ...PRODUCTION, pushAllowedHosts: '*' });
    expect((await save(any, 'https://push.example.org/x')).statusCode).toBe(200);
    for (const endpoint of ['https://localhost./x', 'https://127.0.0.1/x', 'https://[::ffff:7f00:1]/x', 'https://metadata.internal/x']) expect((await save(any, endpoint)).statusCode, endpoint).toBe(400);
  });
});

describe('when a push is sent', () => {
  it('with the production defaults a name that resolves to loopback is never connected to; the delivery fails at once', async () => {
    const ids = [await queueTo(`https://localhost:${loopbackPort}/push`), await queueTo(`https://localhost.:${loopbackPort}/push`), await queueTo(`http://localhost:${loopbackPort}/push`)];
    const before = loopbackConnections;
    const result = await sendDuePushes(server.db, server.clock.now(), keys);
    expect(loopbackConnections - before).toBe(0);
    for (const id of ids) {
      const row = await deliveryRow(id);
      expect(row.status, id).toBe('failed');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/refused/i);
    }
    expect(result.failed).toBe(3);
  });

  it('without an allow-list, a host whose address is loopback (real DNS: localhost) is refused and not connected to', async () => {
    const id = await queueTo(`https://localhost:${loopbackPort}/push`);
    const before = loopbackConnections;
    await sendDuePushes(server.db, server.clock.now(), keys, { destinations: ANY_PUBLIC_HOST });
    expect(loopbackConnections - before).toBe(0);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('refuses a name resolving to 127.0.0.1, to a mapped IPv6 loopback, to the metadata address, or with any one bad address among good ones', async () => {
    const answers: Record<string, { address: string; family: 4 | 6 }[]> = {
      'vm.push.test': [{ address: '127.0.0.1', family: 4 }],
      'mapped.push.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'metadata.push.test': [{ address: '169.254.169.254', family: 4 }],
      'mixed.push.test': [{ address: '142.250.74.106', family: 4 }, { address: 'fd00::5', family: 6 }],
    };
    const ids = await Promise.all(Object.keys(answers).map((host) => queueTo(`https://${host}/push`)));
    const { calls, fetchImpl } = recordingFetch();
    const result = await sendDuePushes(server.db, server.clock.now(), keys, { destinations: ANY_PUBLIC_HOST, fetch: fetchImpl, resolve: async (host) => answers[host] ?? [] });
    expect(calls).toEqual([]);
    for (const id of ids) expect(await deliveryRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(result.failed).toBe(4);
  });

  it('refuses a host that is not in the allow-list at send time too (a subscription saved before the list or under another one)', async () => {
    const id = await queueTo('https://push.example.com/push');
    const { calls, fetchImpl } = recordingFetch();
    await sendDuePushes(server.db, server.clock.now(), keys, { fetch: fetchImpl, resolve: async () => [{ address: '142.250.74.106', family: 4 }] });
    expect(calls).toEqual([]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed' });
  });

  it('DNS rebinding: the host is looked up once and the connection goes to the address that was checked', async () => {
    const id = await queueTo('https://rebind.push.test/push');
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: '142.250.74.106', family: 4 as const }] : [{ address: '127.0.0.1', family: 4 as const }];
    };
    const { calls, fetchImpl } = recordingFetch();
    await sendDuePushes(server.db, server.clock.now(), keys, { destinations: ANY_PUBLIC_HOST, fetch: fetchImpl, resolve });
    expect(lookups).toBe(1);
    expect(calls).toEqual([{ url: 'https://rebind.push.test/push', addresses: ['142.250.74.106'] }]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent' });
  });

  it('the allow-list passes the known push services (resolved to a public address, connected to that address)', async () => {
    const id = await queueTo('https://fcm.googleapis.com/fcm/send/abc');
    const { calls, fetchImpl } = recordingFetch();
    await sendDuePushes(server.db, server.clock.now(), keys, {
      fetch: fetchImpl,
      resolve: async () => [
        { address: '2a00:1450:4001:82b::200a', family: 6 },
        { address: '142.250.74.106', family: 4 },
      ],
    });
    expect(calls).toEqual([{ url: 'https://fcm.googleapis.com/fcm/send/abc', addresses: ['2a00:1450:4001:82b::200a', '142.250.74.106'] }]);
    expect(await deliveryRow(id)).toMatchObject({ status: 'sent' });
    expect(DEFAULT_PUSH_HOSTS).toContain('fcm.googleapis.com');
  });
});

describe('the connector', () => {
  let http: HttpServer;
  let port = 0;
  const hosts: string[] = [];
  beforeAll(async () => {
    http = createHttpServer((req, res) => {
      hosts.push(String(req.headers.host));
      res.statusCode = 201;
      res.end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => http?.close(r));
  });

  it('connects to the address it is given, never looking the name up again, and keeps the name in the Host header', async () => {
    // The name does not resolve anywhere (.invalid): an answer can only come from the given address.
    const answer = await defaultFetch(`http://push.rebind.invalid:${port}/x`, {
      method: 'POST',
      headers: { ttl: '60' },
      body: Buffer.from('x'),
      signal: AbortSignal.timeout(5000),
      addresses: [{ address: '127.0.0.1', family: 4 }],
    });
    expect(answer.status).toBe(201);
    expect(hosts).toEqual([`push.rebind.invalid:${port}`]);
  });

  it('with several checked addresses it tries the next when one does not connect, and still only those', async () => {
    const before = hosts.length;
    const answer = await defaultFetch(`http://push.rebind.invalid:${port}/y`, {
      method: 'POST',
      headers: {},
      body: null,
      signal: AbortSignal.timeout(5000),
      addresses: [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(hosts.length - before).toBe(1);
  });

  it('over TLS it names the host (SNI, without a trailing dot), not the address it connects to', async () => {
    let serverName = '';
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverName = name;
        callback(new Error('no certificate here'));
      },
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    const attempt = defaultFetch(`https://fcm.googleapis.com.:${tlsPort}/x`, { method: 'POST', headers: {}, body: null, signal: AbortSignal.timeout(5000), addresses: [{ address: '127.0.0.1', family: 4 }] });
    await expect(attempt).rejects.toThrow();
    await new Promise((r) => tls.close(r));
    expect(serverName).toBe('fcm.googleapis.com');
  });
});
