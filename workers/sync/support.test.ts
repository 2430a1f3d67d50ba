/**
 * Support through the sync worker against the real server: a message written offline
 * is queued (kind support-request), survives an answer lost on the way back, and reaches the
 * server — and the support mailbox — exactly once; the domain rule refuses short and long texts on
 * the device; the market's contact is kept in kv for offline reading.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT_KV_KEY } from '#domain/support';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

async function tasker(): Promise<string> {
  h = await createHarness(server());
  const userId = h.id('s1');
  await h.world.addTasker({ id: userId, email: `s1-${h.world.tag}@example.pl` }, { status: 'active', countryCode: 'PL' });
  await h.logIn({ userId });
  await h.engine.syncNow('start');
  await h.engine.idle();
  return userId;
}

const supportRows = (userId: string) => h.server.db.selectFrom('support_requests').selectAll().where('user_id', '=', userId).execute();

describe('a support message', () => {
  it('written offline is queued, and with its answer lost once it still arrives and is mailed once', async () => {
    const userId = await tasker();
    h.net.offline = true;
    const text = `Offline message ${h.world.tag}: the scanner froze`;
    expect(await h.engine.submitSupportRequest(`  ${text} `)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    const queued = (await h.db.outbox.toArray()).filter((r) => r.kind === 'support-request');
    expect(queued.map((r) => [r.path, r.payload, r.state])).toEqual([['support/submit-support-request', { body: text }, 'pending']]);
    expect(await supportRows(userId)).toEqual([]);

    // Back online; the server stores it but the answer is lost: the retry (same Idempotency-Key) is a replay.
    h.net.offline = false;
    h.net.fail('POST', 'support/submit-support-request', { kind: 'lost-response' }, { times: 1 });
    await h.engine.syncNow('online');
    await h.engine.idle();
    await h.engine.syncNow('online', true);
    await h.engine.idle();
    expect((await h.db.outbox.toArray()).filter((r) => r.kind === 'support-request')).toEqual([]);
    const rows = await supportRows(userId);
    expect(rows.map((r) => r.body)).toEqual([text]);
    expect(rows[0]?.mailed_at).not.toBeNull();
    const mails = await h.server.db.selectFrom('dev_mailbox').selectAll().where('text', 'like', `%${text}%`).execute();
    expect(mails).toHaveLength(1);
    expect(h.net.calls('POST', 'support/submit-support-request').length).toBeGreaterThanOrEqual(2);
  });

  it('is checked on the device: under 3 or from 500 characters is refused and nothing is queued', async () => {
    await tasker();
    expect(await h.engine.submitSupportRequest(' hi ')).toMatchObject({ ok: false, error: { status: 400, fields: { body: 'TOO_SHORT' } } });
    expect(await h.engine.submitSupportRequest('x'.repeat(500))).toMatchObject({ ok: false, error: { fields: { body: 'TOO_LONG' } } });
    expect((await h.db.outbox.toArray()).filter((r) => r.kind === 'support-request')).toEqual([]);
  });

  it('keeps the market’s support contact on the device', async () => {
    await tasker();
    expect(await h.engine.refreshSupportContact()).toEqual({ ok: true, value: undefined });
    expect((await h.db.kv.get(SUPPORT_CONTACT_KV_KEY))?.value).toEqual({ countryCode: 'PL', phone: '+48 22 100 00 00', email: 'pomoc@shelfwork.example' });
  });
});
