/** SSRF: the push sender never follows a push endpoint's redirect (to an internal address). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultFetch } from '../../server/notifications/pushTransport';

let inner: Server;
let outer: Server;
let innerHits = 0;
const listen = async (s: Server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));

let outerPort = 0;
beforeAll(async () => {
  inner = createServer((_req, res) => {
    innerHits += 1;
    res.end('metadata');
  });
  const innerPort = await listen(inner);
  outer = createServer((_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${innerPort}/latest/meta-data/` }).end();
  });
  outerPort = await listen(outer);
});
afterAll(async () => {
  await Promise.all([new Promise((r) => inner?.close(r)), new Promise((r) => outer?.close(r))]);
});

it("a push endpoint's redirect is not followed: the internal host is never reached and the attempt does not count as sent", async () => {
  const answer = await defaultFetch(`http://127.0.0.1:${outerPort}/push/abc`, { method: 'POST', headers: { ttl: '60' }, body: Buffer.from('x'), signal: AbortSignal.timeout(5000) });
  expect(innerHits).toBe(0);
  expect(answer.status).toBeGreaterThanOrEqual(300);
  expect(answer.status).toBeLessThan(400);
});
