/**
 * The `notification-seen` outbox kind (POST notifications/{id}/mark-as-seen, on the account
 * queue). Queued with the notification taken out of kv `notifications:list` in the same
 * transaction, so it disappears at once, also offline; the record id is the Idempotency-Key, so it
 * arrives exactly once. A 404 (the notification is gone on the server, or was never this
 * account's) means there is nothing left to mark: it counts as delivered, never as "not saved".
 */
import { routePath } from '#contracts/api/client';
import { markSeen } from '#contracts/api/notifications';
import { NOTIFICATIONS_KEY } from '#contracts/kv';
import type { ShelfworkDb } from '#db/schema';
import type { AppNotification } from '#domain/notifications';
import type { NOTIFICATION_SEEN_KIND } from '#db/outboxKinds';
import type { OutboxKind } from '../../kinds';

/** The record's path: POST notifications/{id}/mark-as-seen. */
export function notificationSeenPath(id: string): string {
  return routePath(markSeen, { params: { id } });
}

/** Takes a notification out of the mirrored list (inside the caller's transaction). */
export async function forgetNotification(db: ShelfworkDb, id: string): Promise<void> {
  const row = await db.kv.get(NOTIFICATIONS_KEY);
  const list = Array.isArray(row?.value) ? (row.value as AppNotification[]) : null;
  if (!list) return;
  await db.kv.put({ key: NOTIFICATIONS_KEY, value: list.filter((n) => n.id !== id) });
}

export const notificationSeenKind: OutboxKind<typeof NOTIFICATION_SEEN_KIND> = {
  send: async (ctx, record) => {
    const result = await ctx.session.request<unknown>('POST', record.path, { idempotencyKey: record.id, auth: 'required' });
    return !result.ok && result.status === 404 ? { ok: true, status: 204, body: null } : result;
  },
  reconcile: async (db, record) => {
    const id = record.payload?.id;
    if (id) await forgetNotification(db, id);
    return null;
  },
  afterRejection: () => null,
};
