/**
 * Where the push sender may connect. A subscription's endpoint is a URL the tasker's browser hands
 * in, so without these checks any account could make the server POST inside its own network
 * (SSRF: loopback services, the cloud metadata address, private hosts).
 *
 * - Host names: in production only the browsers' push services are accepted (DEFAULT_PUSH_HOSTS,
 *   host suffixes; PUSH_ALLOWED_HOSTS replaces the list, `*` accepts any public host). Checked when
 *   a subscription is saved and again before every push. A trailing dot (`localhost.`) names the
 *   same host and is read without it.
 * - Addresses: before a push the host is looked up once; if any of its addresses is not a public
 *   unicast address (loopback, private, link-local, CGNAT, multicast, unspecified, reserved; the
 *   IPv4-mapped IPv6 forms of these too) the push is refused. The connection then goes to the
 *   address that was checked, never to a second lookup (a name re-pointed between the check and
 *   the connection — DNS rebinding — cannot redirect it).
 * - Outside production (`allowLocal`: tests and the dev server push to a local endpoint) local
 *   names and addresses are accepted (http too) and the address check is off; the connection is
 *   still made to the looked-up address.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { PushAllowedHosts } from '../config';

/**
 * The push services of the browsers (host suffixes: the host itself or any name under it):
 * Chrome, Edge on Android, Samsung Internet, Opera, Brave → Firebase Cloud Messaging
 * (fcm.googleapis.com); Firefox → Mozilla autopush (updates.push.services.mozilla.com); Safari →
 * Apple (web.push.apple.com, *.push.apple.com); Edge on Windows → WNS (wns2-*.notify.windows.com).
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];


/** What the checks allow. */
export interface PushDestinations {
  /** Outside production only: http, local names and addresses are accepted (no address check). */
  allowLocal: boolean;
  /** Host suffixes; null = any host with public addresses; left out = DEFAULT_PUSH_HOSTS. */
  allowedHosts?: readonly string[] | null;
}

/** The production rules with the default list: what the sender uses unless told otherwise. */
export const STRICT_PUSH_DESTINATIONS: PushDestinations = { allowLocal: false, allowedHosts: DEFAULT_PUSH_HOSTS };

export function pushDestinationsOf(config: { production: boolean; pushAllowedHosts?: PushAllowedHosts }): PushDestinations {
  const configured = config.pushAllowedHosts ?? null;
  const allowedHosts = configured === '*' ? null : configured ?? (config.production ? DEFAULT_PUSH_HOSTS : null);
  return { allowLocal: !config.production, allowedHosts };
}

/** A URL's host as the checks read it: lower case, without IPv6 brackets or one trailing dot. */
export function normaliseHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
}

/** An IP literal or a local name: never a push service. */
function isLocalName(host: string): boolean {
  return host === '' || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal') || isIP(host) !== 0 || !host.includes('.');
}

function inAllowList(host: string, allowed: readonly string[]): boolean {
  return allowed.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/**
 * Why an endpoint URL may not be used (null: it may). Only the URL is read here; the addresses
 * are checked when a push is sent (resolvePushAddress).
 */
export function endpointRefusal(endpoint: string, destinations: PushDestinations): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  const host = normaliseHost(url.hostname);
  const local = isLocalName(host);
  if (url.protocol !== 'https:' && !(destinations.allowLocal && url.protocol === 'http:' && local)) return `${url.protocol} is not https`;
  if (url.username || url.password) return 'credentials in the URL';
  if (local) return destinations.allowLocal ? null : `${host} is an address or a local name`;
  const allowed = destinations.allowedHosts === undefined ? DEFAULT_PUSH_HOSTS : destinations.allowedHosts;
  if (allowed && !inAllowList(host, allowed)) return `${host} is not a known push service`;
  return null;
}

/** Every address that is not public unicast (IANA special-purpose registries, RFC 6890 and later). */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (an IPv4 address inside)
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for an address a push must never go to (anything not an IP address counts as one).
 * BlockList also matches the IPv4-mapped IPv6 form (::ffff:127.0.0.1) against the IPv4 ranges.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** An address a push may connect to. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Looks a host name up (every address); tests give their own answers. */
export type PushResolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const defaultResolve: PushResolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A destination the rules refuse: the delivery fails at once (it would be refused every time). */
export class PushDestinationRefused extends Error {}

/**
 * The addresses a push to `endpoint` may connect to: the host looked up once and every answer
 * checked (one forbidden address refuses the host), in the resolver's order. The connection
 * picks among exactly these (IPv6 or IPv4, whichever answers). Throws PushDestinationRefused for a
 * refused endpoint or address; a failed lookup throws its own error (tried again later).
 */
export async function resolvePushAddresses(endpoint: string, destinations: PushDestinations, resolve: PushResolve, signal: AbortSignal): Promise<PinnedAddress[]> {
  const refusal = endpointRefusal(endpoint, destinations);
  if (refusal) throw new PushDestinationRefused(`refused: ${refusal}`);
  const host = normaliseHost(new URL(endpoint).hostname);
  const literal = isIP(host);
  const answers = literal !== 0 ? [{ address: host, family: literal }] : await abortable(resolve(host), signal);
  if (answers.length === 0) throw new Error(`${host}: no address`);
  if (!destinations.allowLocal) {
    const bad = answers.find((a) => isForbiddenAddress(a.address));
    if (bad) throw new PushDestinationRefused(`refused: ${host} resolves to ${bad.address}, not a public address`);
  }
  return answers.map((a) => ({ address: a.address, family: isIP(a.address) === 6 ? 6 : 4 }));
}

/** A lookup cannot be cancelled; the push stops waiting for it when its time is up. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
