/**
 * The tasker's push settings (the topics) and push subscriptions: read and checked
 * (PushSubscription.toJSON(), the endpoint by the destination rules of destinations.ts), saved
 * with the language their pushes are worded in, at most PUSH_SUBSCRIPTIONS_PER_USER per tasker.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import type { PushSettings } from '#domain/notifications';
import type { Locale } from '#domain/types';
import { isTimestampInRange } from '#domain/time';
import { endpointRefusal, STRICT_PUSH_DESTINATIONS, type PushDestinations } from './destinations';
import { notificationsDb } from './tables';

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
