/**
 * The tasker's notifications (spec sections 3, 4 and 7). Real events call `notify`
 * inside their own transaction (staff review of a task, an attendance request, a payout paid, a
 * training marked done, a profile approved or rejected, a mission completed, a new task in the
 * tasker's market), so a notification exists exactly when its event committed. A row keeps the
 * type and its params, never words: `GET notifications` words each one in the `Accept-Language`
 * of the request (the app's own catalogs, server/http/messages.ts), and a push is worded in its
 * subscription's language when it is sent (push.ts). `notify` also queues the push deliveries.
 *
 * New tasks near the tasker: the server keeps no tasker position (the app sends one only with its
 * calls and it is not stored), so "near" is the tasker's market: every approved (active) tasker of
 * the task's market is told, once per task, when staff create it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { AppNotification, NotificationType } from '#domain/notifications';
import type { Locale } from '#domain/types';
import { notificationsDb } from './tables';
import { queuePush } from './push';
import { wordNotification } from './words';

export { wordNotification };

export type NotificationParams = Record<string, string | number>;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  params: NotificationParams;
  resourceId: string | null;
  now: Date;
}

/** Records a notification for one tasker and queues its push (inside the caller's transaction). */
export async function notify(db: Db, n: NewNotification): Promise<string> {
  const id = randomUUID();
  await notificationsDb(db)
    .insertInto('notifications')
    .values({ id, user_id: n.userId, type: n.type, params: JSON.stringify(n.params), resource_id: n.resourceId, created_at: n.now })
    .execute();
  await queuePush(db, n.userId, { type: n.type, params: n.params, resourceId: n.resourceId, notificationId: id }, n.now);
  return id;
}

/**
 * A new task: every approved tasker of its market (see the file comment for "near"), in two
 * statements whatever the market's size: the notifications, then the pushes of those whose
 * topicTaskOffer is on.
 */
export async function notifyNewTask(db: Db, task: { id: string; title: string; countryCode: string; placeTitle: string; reward: string; currencyCode: string }, now: Date): Promise<number> {
  const params = JSON.stringify({ taskTitle: task.title, placeTitle: task.placeTitle, reward: task.reward, rewardCurrency: task.currencyCode });
  const made = await sql<{ id: string }>`
    insert into notifications (id, user_id, type, params, resource_id, created_at)
    select gen_random_uuid()::text, u.id, 'new_task_nearby', ${params}::jsonb, ${task.id}, ${now}::timestamptz
    from users u where u.country_code = ${task.countryCode} and u.status = 'active'
    returning id`.execute(db);
  if (made.rows.length === 0) return 0;
  await sql`
    insert into push_deliveries (id, subscription_id, message, next_attempt_at, created_at)
    select gen_random_uuid()::text, s.id,
      jsonb_build_object('type', n.type, 'params', n.params, 'resourceId', n.resource_id, 'notificationId', n.id),
      ${now}::timestamptz, ${now}::timestamptz
    from notifications n
    join push_subscriptions s on s.user_id = n.user_id
    left join push_settings ps on ps.user_id = n.user_id
    where n.type = 'new_task_nearby' and n.resource_id = ${task.id} and n.created_at = ${now}::timestamptz and coalesce(ps.topic_task_offer, true)`.execute(db);
  return made.rows.length;
}

/** The tasker's unseen notifications, newest first (at most 100), worded in the locale. */
export async function listNotifications(db: Db, userId: string, locale: Locale): Promise<AppNotification[]> {
  const rows = await notificationsDb(db)
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => {
    const params = r.params && typeof r.params === 'object' ? r.params : {};
    return { id: r.id, type: r.type, ...wordNotification(r.type, params, locale), resourceId: r.resource_id, params, createdAt: new Date(r.created_at).toISOString() };
  });
}

/** Marks one of the tasker's notifications seen. Idempotent (seen again: no change); another's or unknown: 404. */
export async function markSeen(db: Db, userId: string, id: string, now: Date): Promise<void> {
  const row = await notificationsDb(db).selectFrom('notifications').select(['id', 'seen_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('NOT_FOUND', 'Notification not found');
  if (row.seen_at) return;
  await notificationsDb(db).updateTable('notifications').set({ seen_at: now }).where('id', '=', id).where('seen_at', 'is', null).execute();
}
