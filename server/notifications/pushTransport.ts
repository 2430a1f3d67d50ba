/**
 * How a push goes out: one POST to the addresses the destination rules passed (never a second
 * lookup, no redirect followed), and the bounded runner that sends a batch concurrently within
 * the overall, per-host and per-tasker caps.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { normaliseHost, type PinnedAddress } from './destinations';

/**
 * How a push request is made (tests may answer it themselves). `addresses`: connect to one of
 * exactly these (the ones the destination checks passed), never to a new lookup of the URL's host.
 */
export type PushFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: Buffer | null; signal: AbortSignal; addresses?: readonly PinnedAddress[] },
) => Promise<{ status: number }>;

/**
 * One POST with node:http(s). With `addresses` the socket goes to one of them (the `lookup` hook
 * answers them, so the name is never looked up again; Node tries them in turn), while the Host header and the TLS server
 * name (SNI, certificate check) stay the URL's host. No connection is reused (each push connects
 * to the address checked for it). Redirects are not followed: a push service answers, it does
 * not redirect, and a redirect to http://169.254.169.254/ or an internal host must not make the
 * server POST inside its network (SSRF); a 3xx counts as a failed attempt. The answer's body is
 * not read.
 */
export const defaultFetch: PushFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const host = normaliseHost(target.hostname);
    const pinned = init.addresses?.length ? init.addresses : null;
    const lookup: LookupFunction | undefined = pinned
      ? (_hostname, options, callback) => {
          const first = pinned[0] as PinnedAddress;
          if (options.all) callback(null, pinned.map((a) => ({ address: a.address, family: a.family })));
          else callback(null, first.address, first.family);
        }
      : undefined;
    const onAnswer = (res: IncomingMessage) => {
      resolve({ status: res.statusCode ?? 0 });
      res.destroy();
    };
    // autoSelectFamily: with several addresses, the next one is tried when one does not connect.
    const options = { method: init.method, headers: init.headers, signal: init.signal, agent: false as const, lookup, autoSelectFamily: true };
    const req =
      target.protocol === 'https:'
        ? httpsRequest(target, { ...options, servername: isIP(host) === 0 ? host : undefined }, onAnswer)
        : httpRequest(target, options, onAnswer);
    req.on('error', reject);
    req.end(init.body ?? undefined);
  });


/**
 * Runs `task` for every item, at most `limit` at once and, for every key an item has, at most that
 * key's cap at once (items that would pass a cap wait; later items may go first). `task` is not
 * expected to throw; if one does, the rest still run and the first error is thrown at the end.
 */
export async function runBounded<T>(items: readonly T[], limit: number, keysOf: (item: T) => { key: string; cap: number }[], task: (item: T) => Promise<void>): Promise<void> {
  const waiting = items.map((item) => ({ item, keys: keysOf(item) }));
  const running = new Map<string, number>();
  let active = 0;
  let failure: { error: unknown } | null = null;
  await new Promise<void>((resolve) => {
    const pump = () => {
      for (let i = 0; i < waiting.length && active < Math.max(1, limit); ) {
        const next = waiting[i] as (typeof waiting)[number];
        if (next.keys.some((k) => (running.get(k.key) ?? 0) >= Math.max(1, k.cap))) {
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        active += 1;
        for (const k of next.keys) running.set(k.key, (running.get(k.key) ?? 0) + 1);
        void task(next.item)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => {
            active -= 1;
            for (const k of next.keys) running.set(k.key, (running.get(k.key) ?? 1) - 1);
            pump();
          });
      }
      if (active === 0 && waiting.length === 0) resolve();
    };
    pump();
  });
  if (failure) throw (failure as { error: unknown }).error;
}

/** An endpoint's host, for the per-host cap and the log. */
export function hostOf(endpoint: string): string {
  try {
    return normaliseHost(new URL(endpoint).hostname);
  } catch {
    return '?';
  }
}
