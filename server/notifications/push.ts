/**
 * Web push (spec sections 3, 4 and 7): the VAPID key pair, the deliveries queued for each
 * subscription, and the job that sends them (the settings and subscriptions are in
 * pushSubscriptions.ts, the POST and the bounded runner in pushTransport.ts).
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
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import type { PushAllowedHosts } from '../config';
import { localeOf } from '../http/messages';
import { expiryReminderTimes } from '#domain/lifecycle';
import { notificationPath, pushTopicOf } from '#domain/notifications';
import type { Locale } from '#domain/types';
import {
  defaultResolve,
  PushDestinationRefused,
  pushDestinationsOf,
  resolvePushAddresses,
  STRICT_PUSH_DESTINATIONS,
  type PushDestinations,
  type PushResolve,
} from './destinations';
import { notificationsDb, type PushMessage } from './tables';
import { wordNotification } from './words';
import { getPushSettings } from './pushSubscriptions';
import { defaultFetch, hostOf, runBounded, type PushFetch } from './pushTransport';
import { countPushDelivery, type PushOutcome } from '../observability/metrics';
import { currentRequestId, logEvent } from '../observability/log';

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
  // The delivery's log line names the request (or job run) that queued it.
  const requestId = currentRequestId();
  const stored = JSON.stringify(requestId ? { ...message, requestId } : message);
  await nd
    .insertInto('push_deliveries')
    .values(subs.map((s) => ({ id: randomUUID(), subscription_id: s.id, message: stored, next_attempt_at: now, created_at: now })))
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
        let outcome: PushOutcome;
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
          outcome = 'refused';
        } else if (status >= 200 && status < 300) {
          await nd.updateTable('push_deliveries').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', d.id).execute();
          result.sent += 1;
          outcome = 'sent';
        } else if (status === 404 || status === 410) {
          await nd.deleteFrom('push_subscriptions').where('id', '=', d.subscription_id).execute();
          result.gone += 1;
          outcome = 'gone';
        } else {
          const why = error ?? `HTTP ${status}`;
          const delay = PUSH_RETRY_DELAYS_MS[d.attempts - 1];
          if (delay === undefined || d.attempts >= PUSH_MAX_ATTEMPTS) {
            await nd.updateTable('push_deliveries').set({ status: 'failed', last_error: why }).where('id', '=', d.id).execute();
            result.failed += 1;
            outcome = 'failed';
          } else {
            await nd.updateTable('push_deliveries').set({ next_attempt_at: new Date(now.getTime() + delay), last_error: why }).where('id', '=', d.id).execute();
            result.retried += 1;
            outcome = 'retried';
          }
        }
        countPushDelivery(outcome);
        // No endpoint (it identifies a browser), no payload: the delivery, its outcome and who queued it.
        logEvent('info', { delivery: d.id, outcome, status, ...(message.requestId ? { requestId: message.requestId } : {}) }, 'push delivery');
      },
    );
    if (leased.rows.length < BATCH) return result;
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
