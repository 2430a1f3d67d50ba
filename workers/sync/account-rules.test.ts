/**
 * Account rules through the sync worker against the real server: a market change after approval
 * is refused on the device (nothing queued), and one queued before the approval is refused by the
 * server once (400 LOCKED, kept as rejected, not sent again).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

async function tasker(status: string): Promise<string> {
  h = await createHarness(server());
  const userId = h.id('c1');
  await h.world.addTasker({ id: userId, email: `c1-${h.world.tag}@example.pl` }, { status, countryCode: 'PL' });
  await h.logIn({ userId });
  await h.engine.syncNow('start');
  await h.engine.idle();
  return userId;
}

const countryOnServer = async (userId: string) =>
  (await h.server.db.selectFrom('users').select('country_code').where('id', '=', userId).executeTakeFirstOrThrow()).country_code;

describe('the market after approval', () => {
  it('an approved tasker’s change is refused on the device and nothing is queued', async () => {
    const userId = await tasker('active');
    expect(await h.engine.setCountry('LT')).toMatchObject({ ok: false, error: { status: 400, fields: { countryCode: 'LOCKED' } } });
    await h.engine.idle();
    expect((await h.db.outbox.toArray()).filter((r) => r.kind === 'set-country')).toEqual([]);
    expect(h.net.calls('POST', 'user/set-country')).toHaveLength(0);
    expect(await countryOnServer(userId)).toBe('PL');
  });

  it('a change queued before the approval is refused once by the server and not sent again', async () => {
    const userId = await tasker('awaiting_approval');
    h.net.offline = true;
    expect(await h.engine.setCountry('LT')).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    await h.world.setUserStatus(userId, 'active');
    h.net.offline = false;
    await h.engine.syncNow('online');
    await h.engine.idle();
    for (let i = 0; i < 3; i += 1) {
      h.advance(10 * 60_000);
      await h.engine.syncNow('online', true);
      await h.engine.idle();
    }
    const records = (await h.db.outbox.toArray()).filter((r) => r.kind === 'set-country');
    expect(records.map((r) => [r.state, r.error?.status, r.error?.fields])).toEqual([['rejected', 400, { countryCode: 'LOCKED' }]]);
    expect(h.net.calls('POST', 'user/set-country').length + h.net.calls('POST', 'batch').length).toBeLessThanOrEqual(2);
    expect(await countryOnServer(userId)).toBe('PL');
    expect((await h.db.user.get('me'))?.countryCode).toBe('PL');
  });
});

describe('a support message past the server’s limit', () => {
  it('stays queued on a 429 and is delivered, once, when the window allows', async () => {
    const userId = await tasker('active');
    const marker = `limited-${h.world.tag}`;
    for (let i = 1; i <= 5; i += 1) await h.world.call(userId, 'POST', 'support/submit-support-request', { body: `${marker} earlier ${i}` });
    const text = `${marker} the queued one`;
    expect(await h.engine.submitSupportRequest(text)).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    const queued = () => h.db.outbox.toArray().then((rows) => rows.filter((r) => r.kind === 'support-request'));
    expect((await queued()).map((r) => [r.state, r.error])).toEqual([['pending', null]]);
    const refusals = h.net.requests.filter((r) => r.response?.status === 429 || r.path === 'batch');
    expect(refusals.length).toBeGreaterThan(0);
    const stored = () => h.server.db.selectFrom('support_requests').select('body').where('user_id', '=', userId).where('body', '=', text).execute();
    expect(await stored()).toEqual([]);
    // Retries inside the window are refused again and keep it queued.
    h.advance(60_000);
    await h.engine.syncNow('online', true);
    await h.engine.idle();
    expect((await queued()).map((r) => r.state)).toEqual(['pending']);
    // The window has passed: the next drain delivers it.
    h.advance(10 * 60_000);
    await h.engine.syncNow('online', true);
    await h.engine.idle();
    expect(await queued()).toEqual([]);
    expect(await stored()).toHaveLength(1);
  });
});
