/**
 * Web push (issue 14; spec sections 3, 4 and 7): the VAPID key pair, the tasker's push settings
 * and subscriptions, the deliveries queued for each subscription, and the job that sends them.
 *
 * - VAPID keys: VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY from the configuration, else a pair made once
 *   with web-push and kept in `server_secrets` (every process and restart uses the same pair, so
 *   subscriptions stay valid).
 * - A delivery is one push to one subscription. `queuePush` (called by `notify`, in the event's
 *   transaction) adds one per subscription of the tasker unless the push's topic is off in their
 *   settings (task offers → topicTaskOffer; bonus, mission and payout → topicBonus; the rest always).
 * - The job leases due deliveries (FOR UPDATE SKIP LOCKED, next_attempt_at moved past the lease, so
 *   several processes never send one twice at once), words each in its subscription's language,
 *   encrypts and signs it with web-push (`generateRequestDetails`: aes128gcm, RFC 8291, and the VAPID
 *   JWT, RFC 8292) and POSTs it, to the addresses the destination rules passed (destinations.ts:
 *   the push services' hosts in production, public addresses only, no second lookup). A batch is
 *   sent concurrently within bounds, each push with a short timeout. 2xx: sent. 404/410: the push
 *   service says the subscription is gone; it is deleted (its deliveries with it). A refused
 *   destination: failed at once. Anything else (429, 5xx, no answer): tried again after 30 s,
 *   2 min, 10 min, 1 h; after 5 attempts the delivery is marked failed.
 * - Expiry reminders of tasks in progress (spec section 4, the same times as the app's own
 *   reminders) are pushed too: each (task, time) once, recorded in `push_reminders`.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import { badRequest } from '../http/errors';
import { localeOf } from '../http/messages';
import { expiryReminderTimes } from '#domain/lifecycle';
import { notificationPath, pushTopicOf, type PushSettings } from '#domain/notifications';
import type { Locale } from '#domain/types';
import { isTimestampInRange } from '#domain/time';
import {
  defaultResolve,
  endpointRefusal,
  normaliseHost,
  PushDestinationRefused,
  pushDestinationsOf,
  resolvePushAddresses,
  STRICT_PUSH_DESTINATIONS,
  type PinnedAddress,
  type PushAllowedHosts,
  type PushDestinations,
  type PushResolve,
} from './destinations';
import { notificationsDb, type PushMessage } from './tables';
import { wordNotification } from './words';

export interface VapidConfig {
  publicKey: string | null;
  privateKey: string | null;
  /** `mailto:` or an https URL the push services may contact (VAPID_SUBJECT). */
  subject: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:support@shelfwork.app';

/** The configured pair, else the pair kept in server_secrets (made on first use). */
export async function resolveVapidKeys(db: Db, config: VapidConfig | null | undefined): Promise<VapidKeys> {
  const subject = config?.subject || DEFAULT_VAPID_SUBJECT;
  if (config?.publicKey && config.privateKey) return { publicKey: config.publicKey, privateKey: config.privateKey, subject };
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: 'vapid_keys', value: JSON.stringify(made) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'vapid_keys').executeTakeFirstOrThrow();
  const kept = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}

// ---- Settings and subscriptions --------------------------------------------------------------

export async function getPushSettings(db: Db, userId: string): Promise<PushSettings> {
  const row = await notificationsDb(db).selectFrom('push_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return { topicTaskOffer: row?.topic_task_offer ?? true, topicBonus: row?.topic_bonus ?? true };
}

/** Sets either or both topics (booleans); the others keep their value. */
export async function setPushSettings(db: Db, userId: string, input: unknown, now: Date): Promise<PushSettings> {
  const body = (input ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of ['topicTaskOffer', 'topicBonus'] as const) if (body[key] !== undefined && typeof body[key] !== 'boolean') fields[key] = 'INVALID';
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  const current = await getPushSettings(db, userId);
  const next: PushSettings = {
    topicTaskOffer: typeof body.topicTaskOffer === 'boolean' ? body.topicTaskOffer : current.topicTaskOffer,
    topicBonus: typeof body.topicBonus === 'boolean' ? body.topicBonus : current.topicBonus,
  };
  await notificationsDb(db)
    .insertInto('push_settings')
    .values({ user_id: userId, topic_task_offer: next.topicTaskOffer, topic_bonus: next.topicBonus, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ topic_task_offer: next.topicTaskOffer, topic_bonus: next.topicBonus, updated_at: now }))
    .execute();
  return next;
}

export interface ApiPushSubscription {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

const B64URL = /^[A-Za-z0-9_-]+=*$/;

/**
 * Reads `{endpoint, expirationTime, keys: {p256dh, auth}}` (PushSubscription.toJSON()). The
 * endpoint must pass the destination rules (destinations.ts: in production an https push service
 * of the allow-list; `allowLocal`, outside production, also lets http://127.0.0.1 and localhost
 * through). expirationTime (ms since 1970) must be a whole number making a date from 2000 to
 * 2099 (src/domain/time.ts), which the database can store.
 */
export function readSubscription(input: unknown, destinations: PushDestinations = STRICT_PUSH_DESTINATIONS): ApiPushSubscription {
  const body = (input ?? {}) as Record<string, unknown>;
  const keys = (body.keys ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  let endpoint = '';
  if (typeof body.endpoint !== 'string' || body.endpoint === '') fields.endpoint = 'REQUIRED';
  else if (body.endpoint.length > 2000) fields.endpoint = 'TOO_LONG';
  else {
    if (endpointRefusal(body.endpoint, destinations) !== null) fields.endpoint = 'INVALID';
    endpoint = body.endpoint;
  }
  for (const k of ['p256dh', 'auth'] as const) {
    const v = keys[k];
    if (typeof v !== 'string' || v === '') fields[k] = 'REQUIRED';
    else if (v.length > 200 || !B64URL.test(v)) fields[k] = 'INVALID';
  }
  const exp = body.expirationTime;
  if (exp !== undefined && exp !== null && (typeof exp !== 'number' || !Number.isSafeInteger(exp) || !isTimestampInRange(new Date(exp)))) fields.expirationTime = 'INVALID';
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  return { endpoint, expirationTime: typeof exp === 'number' ? exp : null, keys: { p256dh: keys.p256dh as string, auth: keys.auth as string } };
}

/**
 * At most this many subscriptions per tasker (the newest by update kept): every push goes to each
 * one, so an unbounded list let one account make the server POST any number of times per
 * notification (to any https host). A real tasker has a phone or two.
 */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Saves the device's subscription for the tasker (by endpoint: a browser that subscribed for
 * another account on this device now belongs to this one), with the language its pushes use.
 */
export async function saveSubscription(db: Db, userId: string, sub: ApiPushSubscription, locale: Locale, now: Date): Promise<ApiPushSubscription> {
  const expiration = sub.expirationTime === null ? null : new Date(sub.expirationTime);
  await notificationsDb(db)
    .insertInto('push_subscriptions')
    .values({ id: randomUUID(), user_id: userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, expiration_time: expiration, locale, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, expiration_time: expiration, locale, updated_at: now }))
    .execute();
  await sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId}
      order by updated_at desc, created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_USER}
    )`.execute(db);
  return sub;
}

export async function listSubscriptions(db: Db, userId: string): Promise<ApiPushSubscription[]> {
  const rows = await notificationsDb(db).selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  return rows.map((r) => ({ endpoint: r.endpoint, expirationTime: r.expiration_time ? new Date(r.expiration_time).getTime() : null, keys: { p256dh: r.p256dh, auth: r.auth } }));
}

// ---- Queueing ----------------------------------------------------------------------------------

/** One delivery per subscription of the tasker, unless the push's topic is switched off. */
export async function queuePush(db: Db, userId: string, message: PushMessage, now: Date): Promise<number> {
  const topic = pushTopicOf(message.type);
  if (topic) {
    const settings = await getPushSettings(db, userId);
    if (!settings[topic]) return 0;
  }
  const nd = notificationsDb(db);
  const subs = await nd.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();
  if (subs.length === 0) return 0;
  await nd
    .insertInto('push_deliveries')
    .values(subs.map((s) => ({ id: randomUUID(), subscription_id: s.id, message: JSON.stringify(message), next_attempt_at: now, created_at: now })))
    .execute();
  return subs.length;
}

/** The expiry reminders of tasks in progress that fell due in the last 10 minutes, each pushed once. */
export async function queueExpiryReminders(db: Db, now: Date): Promise<number> {
  const tasks = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'tasker_id', 'time_window_end', 'expected_duration'])
    .where('status', '=', 'in_progress')
    .where('tasker_id', 'is not', null)
    .where('time_window_end', '>', new Date(now.getTime() - 10 * 60_000))
    .execute();
  let queued = 0;
  const since = new Date(now.getTime() - 10 * 60_000);
  for (const t of tasks) {
    const end = new Date(t.time_window_end);
    // The same times as the app's reminders (expiryReminderTimes), asked from 10 minutes ago.
    const due = expiryReminderTimes({ timeWindowEnd: end.toISOString(), expectedDuration: t.expected_duration }, since).filter((at) => at.getTime() <= now.getTime());
    for (const at of due) {
      const inserted = await notificationsDb(db)
        .insertInto('push_reminders')
        .values({ task_id: t.id, at, created_at: now })
        .onConflict((oc) => oc.columns(['task_id', 'at']).doNothing())
        .returning('task_id')
        .executeTakeFirst();
      if (!inserted || !t.tasker_id) continue;
      const leftMinutes = Math.max(0, Math.ceil((end.getTime() - at.getTime()) / 60_000));
      const type = leftMinutes > 0 ? 'task_expiring' : 'task_time_over';
      queued += await queuePush(db, t.tasker_id, { type, params: { taskTitle: t.title, leftMinutes }, resourceId: t.id, notificationId: null }, now);
    }
  }
  return queued;
}

// ---- Sending -------------------------------------------------------------------------------------

export const PUSH_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000] as const;
export const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1;
const BATCH = 50;
/** A push lives 24 h at the push service while the device is off. */
const PUSH_TTL_SECONDS = 24 * 3600;
/**
 * How long one push may take, lookup included: push services answer in well under a second, and
 * an endpoint that does not answer must not hold a sending slot for long.
 */
export const PUSH_TIMEOUT_MS = 5_000;
/** Pushes sent at once (one batch), and at once to one host or for one tasker. */
export const PUSH_CONCURRENCY = 8;
export const PUSH_PER_HOST = 4;
export const PUSH_PER_TASKER = 2;

/**
 * How long a leased batch is left alone by other processes while it is being sent: the longest a
 * batch can take (every delivery for one host or tasker, each in turn using its whole timeout)
 * and a minute to spare.
 */
function leaseMs(timeoutMs: number, perSlot: number): number {
  return Math.ceil(BATCH / Math.max(1, perSlot)) * timeoutMs + 60_000;
}

/** The JSON the service worker receives (sw/push.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a click opens (with `?source=push_notification`). */
  url: string;
  tag: string;
  notificationId: string | null;
}

export function pushPayload(message: PushMessage, locale: Locale): PushPayload {
  const words = wordNotification(message.type, message.params, locale);
  return {
    title: words.title,
    body: words.body,
    url: notificationPath(message, 'push_notification') ?? '/',
    tag: message.notificationId ?? `${message.type}:${message.resourceId ?? ''}:${String(message.params.leftMinutes ?? '')}`,
    notificationId: message.notificationId,
  };
}

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

export interface SendResult {
  sent: number;
  gone: number;
  retried: number;
  /** Given up: out of attempts, or refused. */
  failed: number;
  /** Of the failed: refused by the destination rules (destinations.ts), never tried. */
  refused: number;
}

export interface SendOptions {
  /** Where pushes may go; by default the production rules with the known push services. */
  destinations?: PushDestinations;
  fetch?: PushFetch;
  resolve?: PushResolve;
  timeoutMs?: number;
  concurrency?: number;
  perHost?: number;
  perTasker?: number;
  /** Where a refused destination is told. */
  log?: (line: string) => void;
}

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

/**
 * Sends every due delivery (in leased batches); never throws for a push service's answer. A
 * batch is sent concurrently (at most `concurrency` at once, `perHost` to one host, `perTasker`
 * for one tasker), each push with its own timeout, so no endpoint that is slow or never answers
 * holds up anyone else's pushes. A destination the rules refuse fails the delivery at once.
 */
export async function sendDuePushes(db: Db, now: Date, keys: VapidKeys, options: SendOptions = {}): Promise<SendResult> {
  const nd = notificationsDb(db);
  const destinations = options.destinations ?? STRICT_PUSH_DESTINATIONS;
  const fetchImpl = options.fetch ?? defaultFetch;
  const resolve = options.resolve ?? defaultResolve;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const concurrency = options.concurrency ?? PUSH_CONCURRENCY;
  const perHost = options.perHost ?? PUSH_PER_HOST;
  const perTasker = options.perTasker ?? PUSH_PER_TASKER;
  const lease = leaseMs(timeoutMs, Math.min(concurrency, perHost, perTasker));
  const started = Date.now();
  const result: SendResult = { sent: 0, gone: 0, retried: 0, failed: 0, refused: 0 };
  for (;;) {
    // The lease runs from the time this batch is taken (`now` plus the time the earlier batches took).
    const leaseUntil = new Date(now.getTime() + (Date.now() - started) + lease);
    const leased = await sql<{ id: string; subscription_id: string; message: PushMessage | string; attempts: number; due_at: Date | string }>`
      with due as (
        select id, next_attempt_at from push_deliveries
        where status = 'pending' and next_attempt_at <= ${now}::timestamptz
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      update push_deliveries d set next_attempt_at = ${leaseUntil}::timestamptz, attempts = d.attempts + 1
      from due where d.id = due.id
      returning d.id, d.subscription_id, d.message, d.attempts, due.next_attempt_at as due_at`.execute(db);
    const ids = [...new Set(leased.rows.map((d) => d.subscription_id))];
    const subs = ids.length === 0 ? [] : await nd.selectFrom('push_subscriptions').selectAll().where('id', 'in', ids).execute();
    const subById = new Map(subs.map((s) => [s.id, s]));
    // Oldest due first (the lease's order); a delivery whose subscription was deleted meanwhile went with it.
    const batch = leased.rows
      .sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || a.id.localeCompare(b.id))
      .flatMap((d) => {
        const sub = subById.get(d.subscription_id);
        return sub ? [{ d, sub }] : [];
      });
    await runBounded(
      batch,
      concurrency,
      ({ sub }) => [
        { key: `host:${hostOf(sub.endpoint)}`, cap: perHost },
        { key: `user:${sub.user_id}`, cap: perTasker },
      ],
      async ({ d, sub }) => {
        const message = (typeof d.message === 'string' ? JSON.parse(d.message) : d.message) as PushMessage;
        const payload = JSON.stringify(pushPayload(message, localeOf(sub.locale)));
        let status = 0;
        let error: string | null = null;
        let refused: string | null = null;
        try {
          const signal = AbortSignal.timeout(timeoutMs);
          const addresses = await resolvePushAddresses(sub.endpoint, destinations, resolve, signal);
          const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
            vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
          });
          const answer = await fetchImpl(details.endpoint, {
            method: details.method,
            headers: details.headers as Record<string, string>,
            body: (details.body as Buffer | null) ?? null,
            signal,
            addresses,
          });
          status = answer.status;
        } catch (err) {
          if (err instanceof PushDestinationRefused) refused = err.message;
          else error = err instanceof Error ? err.message : String(err);
        }
        if (refused !== null) {
          // The same rules refuse it every time: no retries.
          await nd.updateTable('push_deliveries').set({ status: 'failed', last_error: refused }).where('id', '=', d.id).execute();
          options.log?.(`[push] delivery ${d.id} to ${hostOf(sub.endpoint)} ${refused}`);
          result.failed += 1;
          result.refused += 1;
        } else if (status >= 200 && status < 300) {
          await nd.updateTable('push_deliveries').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', d.id).execute();
          result.sent += 1;
        } else if (status === 404 || status === 410) {
          await nd.deleteFrom('push_subscriptions').where('id', '=', d.subscription_id).execute();
          result.gone += 1;
        } else {
          const why = error ?? `HTTP ${status}`;
          const delay = PUSH_RETRY_DELAYS_MS[d.attempts - 1];
          if (delay === undefined || d.attempts >= PUSH_MAX_ATTEMPTS) {
            await nd.updateTable('push_deliveries').set({ status: 'failed', last_error: why }).where('id', '=', d.id).execute();
            result.failed += 1;
          } else {
            await nd.updateTable('push_deliveries').set({ next_attempt_at: new Date(now.getTime() + delay), last_error: why }).where('id', '=', d.id).execute();
            result.retried += 1;
          }
        }
      },
    );
    if (leased.rows.length < BATCH) return result;
  }
}

/** An endpoint's host, for the per-host cap and the log. */
function hostOf(endpoint: string): string {
  try {
    return normaliseHost(new URL(endpoint).hostname);
  } catch {
    return '?';
  }
}

export const PUSH_INTERVAL_MS = 5_000;
const REMINDER_EVERY_MS = 60_000;

export type { JobHandle };

/** What the push job reads of the configuration. */
export interface PushJobConfig {
  vapid?: VapidConfig | null;
  production: boolean;
  pushAllowedHosts?: PushAllowedHosts;
}

/**
 * Every 5 s: the due deliveries; every minute: the expiry reminders. A run never overlaps the
 * last. Pushes go where the configuration's destination rules allow (pushDestinationsOf).
 */
export function startPushJob(db: Db, clock: Clock, config: PushJobConfig, log: (line: string) => void = console.log, intervalMs = PUSH_INTERVAL_MS): JobHandle {
  let keys: VapidKeys | null = null;
  let lastReminders = 0;
  const destinations = pushDestinationsOf(config);
  return startIntervalJob(
    'push',
    async () => {
      keys ??= await resolveVapidKeys(db, config.vapid);
      const now = clock.now();
      if (now.getTime() - lastReminders >= REMINDER_EVERY_MS) {
        lastReminders = now.getTime();
        await queueExpiryReminders(db, now);
      }
      const r = await sendDuePushes(db, now, keys, { destinations, log });
      if (r.sent + r.gone + r.retried + r.failed > 0) log(`[push] sent ${r.sent}, gone ${r.gone}, to retry ${r.retried}, failed ${r.failed} (refused ${r.refused})`);
    },
    log,
    intervalMs,
  );
}
