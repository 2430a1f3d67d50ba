/**
 * Another account logs in on a phone whose session ended without a logout (it expired): the
 * first account's mirror must be gone before the new tokens are usable — not only once the new
 * account's profile arrives — so no screen shows the first account's tasks to the second and no
 * drain sends the first account's records with the second's token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_KEY } from '#contracts/kv';
import { latestCode } from '../../test/server/helpers';
import { createHarness, gate, useSyncServer, type Harness } from '../../test/support/sync-harness';

const server = useSyncServer();
let h: Harness;
afterEach(async () => {
  await h?.engine.idle();
  h?.db.close();
});

describe('an account switch after an expired session', () => {
  it("forgets the first account's mirror before the second account's tokens are used, and never sends its records with them", async () => {
    h = await createHarness(server());
    await h.world.task('r1', 'reserved');
    await h.logIn();
    await h.engine.syncNow('start');
    expect(await h.db.tasks.count()).toBe(1);
    // Work queued without signal, then the session expires (the refresh was refused).
    h.net.fail('POST', 'user', { kind: 'network-error' });
    expect(await h.engine.saveProfile({ address: 'Gedimino pr. 9, Vilnius' })).toEqual({ ok: true, value: undefined });
    await h.engine.idle();
    h.net.heal();
    await h.db.transaction('rw', h.db.session, h.db.kv, async () => {
      await h.db.session.clear();
      await h.db.kv.put({ key: SESSION_EXPIRED_KEY, value: true });
    });

    const jan = await h.world.otherTasker('u2');
    await h.engine.sendEmailCode(jan.email);
    const code = await latestCode(server(), jan.email);
    // Jan's profile is slow to arrive: the phone holds Jan's tokens meanwhile.
    const held = gate();
    h.net.fail('GET', 'user', { kind: 'hold-request', until: held.until }, { times: 1 });
    const before = h.net.calls('GET', 'user').length;
    const login = h.engine.loginWithCode(jan.email, code);
    while (h.net.calls('GET', 'user').length === before) await new Promise((r) => setTimeout(r, 1));
    expect(await h.db.session.get('tokens')).toBeDefined();

    expect(await h.db.tasks.count(), "the first account's tasks are gone while Jan's profile is on its way").toBe(0);
    expect(await h.db.user.get('me'), "the first account's profile is gone too").toBeUndefined();
    // A drain meanwhile (the timer, the signal coming back) leaves the first account's record alone.
    await h.engine.syncNow('online');
    held.open();
    expect(await login).toEqual({ ok: true, value: undefined });
    await h.engine.idle();

    expect(h.net.calls('POST', 'user').filter((r) => r.reachedServer), "the first account's profile save never reached the server").toEqual([]);
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'save-profile', state: 'pending', ownerId: h.world.tasker.id }]);
    expect(await h.db.user.get('me')).toMatchObject({ id: jan.id });
    expect(await h.db.tasks.count()).toBe(0);
  });

  it('keeps the mirror when the same account logs in again', async () => {
    h = await createHarness(server());
    await h.world.task('r1', 'reserved');
    await h.logIn();
    await h.engine.syncNow('start');
    await h.db.session.clear();
    const me = h.world.tasker;
    await h.engine.sendEmailCode(me.email.toUpperCase());
    const held = gate();
    h.net.fail('GET', 'user', { kind: 'hold-request', until: held.until }, { times: 1 });
    const code = await latestCode(server(), me.email);
    const before = h.net.calls('GET', 'user').length;
    const login = h.engine.loginWithCode(me.email.toUpperCase(), code);
    while (h.net.calls('GET', 'user').length === before) await new Promise((r) => setTimeout(r, 1));
    expect(await h.db.tasks.count(), 'the same tasker keeps the mirror (offline screens) across the login').toBe(1);
    held.open();
    expect(await login).toEqual({ ok: true, value: undefined });
  });
});
