/**
 * The staff CLI's account commands: the first admin added from the command line signs in with a
 * mailed code; roles, markets and deactivation change through it; each change is in the audit
 * trail as 'cli' (no staff account) with before and after; mistakes exit 2, refusals 1.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { bearer, staffSignIn } from './staff-auth-fixtures';
import { runStaffCommand } from '../../server/staff/commands';
import { createFsPhotoStorage } from '../../server/storage/photo-storage';
import type { StaffAccount } from '../../server/staffAuth/accounts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCommand(argv, {
    db: server.db,
    storage: createFsPhotoStorage(server.config.photoDir),
    photoDir: server.config.photoDir,
    now: server.clock.now(),
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@staff.test.shelfwork.app`;

describe('npm run staff -- accounts', () => {
  it('adds the first admin, who then signs in and manages accounts; the trail names the CLI', async () => {
    const email = unique('first-admin');
    const added = await cli('accounts', 'add', email, '--role', 'admin', '--role', 'author', '--market', 'LT', '--name', 'Eglė Admin');
    expect(added.code, added.err).toBe(0);
    const account = JSON.parse(added.out) as StaffAccount;
    expect(account).toMatchObject({ email, name: 'Eglė Admin', roles: ['admin', 'author'], markets: ['LT'], active: true });

    const session = await staffSignIn(server, email);
    const list = await server.request({ method: 'GET', url: '/api/staff/accounts', headers: bearer(session.token) });
    expect(list.statusCode).toBe(200);

    const row = await server.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', account.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ staff_id: null, actor: 'cli', action: 'staff.add', entity: 'staff', before: null });
    expect(row.after).toMatchObject({ email, roles: ['admin', 'author'], markets: ['LT'] });
  });

  it('names the member by e-mail only; the name defaults to its local part', async () => {
    const email = unique('plain');
    const added = await cli('accounts', 'add', email, '--role', 'support');
    expect(added.code, added.err).toBe(0);
    expect(JSON.parse(added.out)).toMatchObject({ name: email.split('@')[0], markets: [] });
  });

  it('lists, replaces roles and markets, deactivates and reactivates — each recorded with before and after', async () => {
    const email = unique('member');
    expect((await cli('accounts', 'add', email, '--role', 'reviewer', '--market', 'LT,PL')).code).toBe(0);
    const listed = await cli('accounts', 'list');
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.out) as StaffAccount[]).map((a) => a.email)).toContain(email);

    const roles = await cli('accounts', 'roles', email, '--role', 'finance', '--all-markets');
    expect(roles.code, roles.err).toBe(0);
    const id = (JSON.parse(roles.out) as StaffAccount).id;
    expect(JSON.parse(roles.out)).toMatchObject({ roles: ['finance'], markets: [] });

    const off = await cli('accounts', 'deactivate', email.toUpperCase());
    expect(off.code, off.err).toBe(0);
    expect(JSON.parse(off.out)).toMatchObject({ active: false });
    // A deactivated member gets no code.
    await server.request({ method: 'POST', url: '/api/staff/auth/send-code', payload: { email } });
    const mail = await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
    expect(mail.json<{ messages: unknown[] }>().messages).toHaveLength(0);
    expect(JSON.parse((await cli('accounts', 'activate', email)).out)).toMatchObject({ active: true });

    const trail = await server.db.selectFrom('staff_audit').selectAll().where('entity_id', '=', id).orderBy('created_at').orderBy('action').execute();
    const updates = trail.filter((r) => r.action === 'staff.update');
    expect(updates).toHaveLength(3);
    for (const r of trail) expect(r.actor).toBe('cli');
    const rolesChange = updates.find((r) => (r.after as { roles: string[] }).roles.includes('finance') && (r.before as { roles: string[] }).roles.includes('reviewer'));
    expect(rolesChange?.before).toMatchObject({ roles: ['reviewer'], markets: ['LT', 'PL'] });
  });

  it('refuses mistakes: exit 2 for usage, 1 for a refusal with its code', async () => {
    const noRole = await cli('accounts', 'add', unique('x'));
    expect(noRole.code).toBe(1);
    expect(noRole.err).toContain('VALIDATION_FAILED');
    expect(noRole.err).toContain('roles');
    const badRole = await cli('accounts', 'add', unique('x'), '--role', 'boss');
    expect(badRole.code).toBe(1);
    const badMarket = await cli('accounts', 'add', unique('x'), '--role', 'author', '--market', 'DE');
    expect(badMarket.err).toContain('COUNTRY_INVALID');
    const email = unique('twice');
    await cli('accounts', 'add', email, '--role', 'author');
    const twice = await cli('accounts', 'add', email, '--role', 'author');
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('STAFF_EMAIL_TAKEN');
    expect((await cli('accounts', 'deactivate', unique('nobody'))).code).toBe(2);
    expect((await cli('accounts', 'add')).code).toBe(2);
    expect((await cli('accounts', 'frobnicate')).code).toBe(2);
    expect((await cli('accounts', 'add', unique('x'), '--rol', 'admin')).code).toBe(2);
  });

  it('shows the account commands in the help', async () => {
    const help = await cli('--help');
    expect(help.out).toContain('accounts add <email> --role <role>');
  });
});
