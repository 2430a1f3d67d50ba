/**
 * Kysely types of the notification and web push tables (migration 0007_notifications), joined
 * onto the shared Database type with `withTables` (like the money tables), so this module owns
 * its schema without editing server/db/schema.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Database, Json, Timestamp } from '../db/schema';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type NotificationsTable = {
  id: string;
  user_id: string;
  type: string;
  params: Json<Record<string, string | number>>;
  resource_id: Nullable<string>;
  created_at: Timestamp;
  seen_at: NullableTime;
};

export type PushSettingsTable = {
  user_id: string;
  topic_task_offer: boolean;
  topic_bonus: boolean;
  updated_at: Timestamp;
};

export type PushSubscriptionsTable = {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: NullableTime;
  locale: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** What a push says before it is worded (in the subscription's language, at sending time). */
export interface PushMessage {
  type: string;
  params: Record<string, string | number>;
  resourceId: string | null;
  /** The notification this push announces (null for expiry reminders, which are push only). */
  notificationId: string | null;
  /** The id of the request (or job run) that queued it, for the delivery's log line (server/observability/log.ts). */
  requestId?: string;
}

export type PushDeliveriesTable = {
  id: string;
  subscription_id: string;
  message: Json<PushMessage>;
  status: ColumnType<'pending' | 'sent' | 'failed', 'pending' | 'sent' | 'failed' | undefined, 'pending' | 'sent' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: Nullable<string>;
  created_at: Timestamp;
  sent_at: NullableTime;
};

export type PushRemindersTable = {
  task_id: string;
  at: Timestamp;
  created_at: Timestamp;
};

export type NotificationTables = {
  notifications: NotificationsTable;
  push_settings: PushSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  push_reminders: PushRemindersTable;
};

export type NotificationsDb = Kysely<Database & NotificationTables>;

/** The same connection (or transaction) typed with the notification tables. */
export function notificationsDb(db: Kysely<Database>): NotificationsDb {
  return db.withTables<NotificationTables>() as unknown as NotificationsDb;
}
