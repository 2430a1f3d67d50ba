import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './statements';

/**
 * Notifications and web push: the tasker's notifications (a type and its params; the
 * words are made in the reader's language when read, server/notifications/words.ts), push
 * settings per tasker, push subscriptions (with the language their pushes are worded in), the
 * push deliveries the push job sends with retries, and the expiry reminders already pushed.
 */
export const m0007_notifications: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, `
      CREATE TABLE notifications (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        resource_id text,
        created_at timestamptz NOT NULL,
        seen_at timestamptz
      );
      CREATE INDEX notifications_unseen_idx ON notifications (user_id, created_at) WHERE seen_at IS NULL;
      CREATE TABLE push_settings (
        user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        topic_task_offer boolean NOT NULL DEFAULT true,
        topic_bonus boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE push_subscriptions (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        expiration_time timestamptz,
        locale text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
      CREATE TABLE push_deliveries (
        id text PRIMARY KEY,
        subscription_id text NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
        message jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        last_error text,
        created_at timestamptz NOT NULL,
        sent_at timestamptz
      );
      CREATE INDEX push_deliveries_due_idx ON push_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE push_reminders (
        task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (task_id, at)
      );
    `);
  },
};
