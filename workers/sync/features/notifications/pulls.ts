/**
 * Notifications (spec sections 6, 7 and 9): `GET notifications` every 60 s for a
 * logged-in tasker (any account state), and at once on start, login and reconnect (`eager`),
 * into kv `notifications:list` (an account prefix: cleared on logout and on an account switch)
 * with its meta row, in one transaction and only while a session exists. A notification whose
 * mark-as-seen is still in the outbox stays out of the list: the tasker already opened it, and
 * the server lists it until the record arrives. Offline nothing is asked; the bell reads what was
 * last pulled.
 */
import { NOTIFICATIONS_KEY } from '#contracts/kv';
import { NOTIFICATION_SEEN_KIND } from '#db/outboxKinds';
import type { ShelfworkDb } from '#db/schema';
import { isAppNotification, NOTIFICATIONS_REFRESH_MS, type AppNotification } from '#domain/notifications';
import { listNotifications } from '#contracts/api/notifications';
import { listItems } from '../../answers';
import { failure, isDue, OK, recordFailure, successMeta, type PullContext, type PullResult } from '../../pulls/base';

export const NOTIFICATIONS_META = 'notifications';

/** The ids of notifications marked seen on this device whose record has not arrived yet. */
export async function unsentSeenIds(db: ShelfworkDb): Promise<Set<string>> {
  const rows = await db.outbox.where('state').anyOf(['pending', 'sending']).toArray();
  const ids = rows.map((r) => (r.kind === NOTIFICATION_SEEN_KIND ? (r.payload?.id ?? '') : ''));
  return new Set(ids.filter((id) => id !== ''));
}

export async function pullNotifications(ctx: PullContext): Promise<PullResult> {
  const result = await ctx.session.call(listNotifications);
  if (!result.ok) {
    await recordFailure(ctx.db, NOTIFICATIONS_META, ctx.now(), result.error.code);
    return failure(result);
  }
  const list = listItems(result.body);
  if (!list) {
    await recordFailure(ctx.db, NOTIFICATIONS_META, ctx.now(), 'UNKNOWN');
    return { ok: false, error: { status: result.status, code: 'UNKNOWN', message: 'Malformed notifications' } };
  }
  const { db } = ctx;
  await db.transaction('rw', [db.session, db.meta, db.kv, db.outbox], async () => {
    if (!(await db.session.get('tokens'))) return;
    const seen = await unsentSeenIds(db);
    const value: AppNotification[] = list.filter(isAppNotification).filter((n) => !seen.has(n.id));
    await db.kv.put({ key: NOTIFICATIONS_KEY, value });
    await db.meta.put(successMeta(NOTIFICATIONS_META, ctx.now()));
  });
  return OK;
}

/** Every 60 s for a logged-in tasker (the caller checks the session). */
export async function notificationsDue(db: ShelfworkDb, now: Date, eager: boolean, force: boolean): Promise<boolean> {
  return force || isDue(db, NOTIFICATIONS_META, NOTIFICATIONS_REFRESH_MS, now, eager);
}
