/**
 * Notifications in the sync worker against the real server: the pull every 60 s into
 * kv `notifications:list` for a logged-in tasker; the `notification-seen` kind takes a
 * notification out of the list at once, offline too, keeps it out of later pulls while unsent,
 * and marks it seen on the server exactly once (a lost answer is resent with the same key); a
 * 404 (gone on the server) counts as delivered; logout clears the list.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_KEY } from '#contracts/kv';
import { NOTIFICATION_SEEN_KIND } from '#db/outboxKinds';
import type { AppNotification } from '#domain/notifications';
import { notify } from '../../server/notifications/service';
import { notificationsDb } from '../../server/notifications/tables';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

const list = async () => ((await h.db.kv.get(NOTIFICATIONS_KEY))?.value as AppNotification[] | undefined)?.map((n) => n.params.taskTitle);
const gets = () => h.net.calls('GET', 'notifications').length;
const seenPath = (id: string) => `notifications/${id}/mark-as-seen`;

async function make(title: string): Promise<string> {
  return notify(h.server.db, { userId: h.world.tasker.id, type: 'task_accepted', params: { taskTitle: title, comment: '' }, resourceId: null, now: h.now() });
}

async function seenAt(id: string) {
  const row = await notificationsDb(h.server.db).selectFrom('notifications').select('seen_at').where('id', '=', id).executeTakeFirstOrThrow();
  return row.seen_at;
}

describe('notifications in the worker', () => {
  it('pulls the list on start and then every 60 s, newest first, worded in the locale', async () => {
    h = await createHarness(server());
    await make('First');
    h.advance(1000);
    await make('Second');
    await h.engine.setLocale('pl');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await list()).toEqual(['Second', 'First']);
    const stored = (await h.db.kv.get(NOTIFICATIONS_KEY))?.value as AppNotification[];
    expect(stored[0]?.title).toBe('Zadanie przyjęte');
    expect((await h.db.meta.get('notifications'))?.error).toBeNull();
    const asked = gets();

    h.advance(30_000);
    await make('Third');
    await h.engine.syncNow('timer');
    expect(gets()).toBe(asked);
    h.advance(31_000);
    await h.engine.syncNow('timer');
    expect(gets()).toBe(asked + 1);
    expect(await list()).toEqual(['Third', 'Second', 'First']);
  });

  it('marks one seen offline: gone from the list at once, kept out of pulls while unsent, on the server exactly once', async () => {
    h = await createHarness(server());
    const first = await make('First');
    await make('Second');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(await list()).toHaveLength(2);

    h.net.offline = true;
    expect(await h.engine.markNotificationSeen(first)).toEqual({ ok: true, value: undefined });
    // Opened twice before it left the phone: still one record.
    expect((await h.engine.markNotificationSeen(first)).ok).toBe(true);
    await h.engine.idle();
    expect(await list()).toEqual(['Second']);
    const records = await h.db.outbox.filter((r) => r.kind === NOTIFICATION_SEEN_KIND).toArray();
    expect(records).toHaveLength(1);
    expect(records[0]?.path).toBe(seenPath(first));
    expect(await seenAt(first)).toBeNull();

    // Signal back, but the mark-as-seen hits a gateway error: the pull must not bring it back.
    h.net.offline = false;
    h.net.fail('POST', seenPath(first), { kind: 'gateway-error', status: 503 }, { times: 1 });
    h.advance(61_000);
    await h.engine.syncNow('timer');
    await h.engine.idle();
    expect(await list()).toEqual(['Second']);
    expect(await seenAt(first)).toBeNull();

    // Then the answer is lost once: the server marked it; the resend with the same key changes nothing.
    h.net.fail('POST', seenPath(first), { kind: 'lost-response' }, { times: 1 });
    h.advance(120_000);
    await h.engine.syncNow('online');
    await h.engine.idle();
    h.advance(120_000);
    await h.engine.syncNow('online');
    await h.engine.idle();
    expect(await seenAt(first)).not.toBeNull();
    expect(h.net.effects().filter((e) => e === `POST ${seenPath(first)}`)).toHaveLength(1);
    expect(await h.db.outbox.filter((r) => r.kind === NOTIFICATION_SEEN_KIND).count()).toBe(0);
    h.advance(61_000);
    await h.engine.syncNow('timer');
    expect(await list()).toEqual(['Second']);
  });

  it('one the server no longer has (404) counts as delivered, never as not saved', async () => {
    h = await createHarness(server());
    const id = await make('Gone');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.engine.idle();
    await notificationsDb(h.server.db).deleteFrom('notifications').where('id', '=', id).execute();
    await h.engine.markNotificationSeen(id);
    await h.engine.idle();
    expect(h.net.calls('POST', seenPath(id)).map((r) => r.response?.status)).toEqual([404]);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await list()).toEqual([]);
  });

  it('asks nothing while logged out and clears the list on logout', async () => {
    h = await createHarness(server());
    await make('Mine');
    await h.engine.syncNow('start');
    await h.engine.idle();
    expect(gets()).toBe(0);
    expect(await h.engine.markNotificationSeen('x')).toMatchObject({ ok: false });
    await h.logIn();
    await h.engine.syncNow('login');
    await h.engine.idle();
    expect(await list()).toEqual(['Mine']);
    await h.engine.logout();
    expect(await h.db.kv.get(NOTIFICATIONS_KEY)).toBeUndefined();
  });
});
