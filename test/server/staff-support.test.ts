/**
 * The staff's support inbox: the list (newest first, filters by market, open/handled and text,
 * pages with a cursor, a market-limited member sees only their markets), one request with its
 * tasker and replies, a reply mailed to the tasker in the language they wrote in with the market's
 * support address to answer to (a failed mail kept and sent again), handled and reopened, every
 * write in the audit trail with its person, before and after, and bad input answered with a 4xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, startTestServer, type TestServer } from './helpers';
import { insertTasker, type TestAccount } from './user-fixtures';
import { STAFF } from './lifecycle-fixtures';
import { bearer, insertStaff, type TestStaff } from './staff-auth-fixtures';
import { afterResponseIdle } from '../../server/http/afterResponse';
import { mailSupportReplies } from '../../server/support/staff-service';
import type { SupportRequestDetail, SupportRequestSummary } from '../../server/support/staff-service';
import type { Mailer } from '../../server/mail/mailer';
import { SUPPORT_REPLY_WORDS, supportReplyMessage } from '../../server/support/staff-mail';
import { LOCALES } from '#domain/types';

let server: TestServer;
let ltMember: TestStaff;
let plMember: TestStaff;
/** A word only this file's requests contain, so rows of other test files on the database do not matter. */
const MARK = `zq${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  server = await startTestServer();
  ltMember = await insertStaff(server, ['support'], { markets: ['LT'], prefix: 'support-lt' });
  plMember = await insertStaff(server, ['support'], { markets: ['PL'], prefix: 'support-pl' });
});
afterAll(async () => {
  await server?.close();
});

let minute = 0;
/** A stored support request of `tasker`, one minute after the previous one (so the order is known). */
async function request(tasker: TestAccount, country: string | null, locale: string, text: string): Promise<string> {
  const id = randomUUID();
  minute += 1;
  await server.db
    .insertInto('support_requests')
    .values({
      id,
      user_id: tasker.id,
      country_code: country,
      email: tasker.email,
      to_email: null,
      body: `${text} ${MARK}`,
      locale,
      created_at: new Date(Date.UTC(2026, 2, 1, 8, minute)),
      mailed_at: new Date(Date.UTC(2026, 2, 1, 8, minute)),
    })
    .execute();
  return id;
}

const call = (method: 'GET' | 'POST', url: string, options: { headers?: Record<string, string>; payload?: unknown } = {}) =>
  server.request({ method, url, headers: options.headers ?? STAFF, ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}) });

async function list(query: string, headers: Record<string, string> = STAFF): Promise<{ data: SupportRequestSummary[]; nextCursor: string | null }> {
  const res = await call('GET', `/api/staff/support?q=${MARK}&${query}`, { headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function mailbox(to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(to)}` });
  return res.json<{ messages: { to: string; subject: string; text: string }[] }>().messages;
}

const auditOf = (id: string) => server.db.selectFrom('staff_audit').selectAll().where('entity', '=', 'support_request').where('entity_id', '=', id).orderBy('created_at').execute();

describe('GET /api/staff/support', () => {
  let ids: { lt: string; pl: string; none: string; ltOld: string };
  let rasa: TestAccount;
  beforeAll(async () => {
    rasa = await insertTasker(server, 'rasa', { first_name: 'Rasa', last_name: 'Jonaitė', country_code: 'LT' });
    const pl = await insertTasker(server, 'piotr', { first_name: 'Piotr', last_name: 'Nowak', country_code: 'PL' });
    const none = await insertTasker(server, 'nomarket', { country_code: null });
    const ltOld = await request(rasa, 'LT', 'lt', 'Seniai rašiau');
    const plId = await request(pl, 'PL', 'pl', 'Nie mogę zarezerwować');
    const noneId = await request(none, null, 'en', 'I have no market yet');
    const lt = await request(rasa, 'LT', 'lt', 'Neveikia nuotraukos');
    ids = { lt, pl: plId, none: noneId, ltOld };
  });

  it('lists the requests newest first with the tasker, market, language and reply count', async () => {
    const page = await list('');
    expect(page.data.map((r) => r.id)).toEqual([ids.lt, ids.none, ids.pl, ids.ltOld]);
    expect(page.data[0]).toEqual({
      id: ids.lt,
      tasker: { id: rasa.id, email: rasa.email, name: 'Rasa Jonaitė' },
      market: 'LT',
      body: `Neveikia nuotraukos ${MARK}`,
      locale: 'lt',
      createdAt: '2026-03-01T08:04:00.000Z',
      mailedAt: '2026-03-01T08:04:00.000Z',
      status: 'open',
      handledAt: null,
      handledBy: null,
      replies: 0,
      lastReplyAt: null,
    });
    // A request sent without a market belongs to LT (its mail went to LT support).
    expect(page.data[1]).toMatchObject({ market: 'LT', tasker: { name: null } });
    expect(page.nextCursor).toBeNull();
  });

  it('filters by market and text, and pages with a cursor', async () => {
    expect((await list('country=pl')).data.map((r) => r.id)).toEqual([ids.pl]);
    expect((await list('country=LT')).data.map((r) => r.id)).toEqual([ids.lt, ids.none, ids.ltOld]);
    const byName = await call('GET', `/api/staff/support?q=${encodeURIComponent('rasa jon')}`);
    expect(byName.json<{ data: SupportRequestSummary[] }>().data.map((r) => r.id)).toEqual(expect.arrayContaining([ids.lt, ids.ltOld]));
    const byText = await call('GET', `/api/staff/support?q=${encodeURIComponent('zarezerwow')}`);
    expect(byText.json<{ data: SupportRequestSummary[] }>().data.map((r) => r.id)).toContain(ids.pl);

    const first = await list('limit=3');
    expect(first.data.map((r) => r.id)).toEqual([ids.lt, ids.none, ids.pl]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((r) => r.id)).toEqual([ids.ltOld]);
    expect(second.nextCursor).toBeNull();
  });

  it('shows a market-limited member only their markets and refuses another', async () => {
    expect((await list('', bearer(ltMember.token))).data.map((r) => r.id)).toEqual([ids.lt, ids.none, ids.ltOld]);
    expect((await list('', bearer(plMember.token))).data.map((r) => r.id)).toEqual([ids.pl]);
    const refused = await call('GET', '/api/staff/support?country=LT', { headers: bearer(plMember.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STAFF_MARKET_REFUSED');
    const one = await call('GET', `/api/staff/support/${ids.lt}`, { headers: bearer(plMember.token) });
    expect(one.statusCode).toBe(403);
  });

  it('answers bad filters with 400 and their fields', async () => {
    const res = await call('GET', '/api/staff/support?country=DE&status=closed&limit=0&cursor=nonsense');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ country: 'COUNTRY_INVALID', status: 'INVALID', limit: 'OUT_OF_RANGE', cursor: 'CURSOR_INVALID' });
    const long = await call('GET', `/api/staff/support?q=${'x'.repeat(255)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ q: 'TOO_LONG' });
  });

  it('needs the support role', async () => {
    const author = await insertStaff(server, ['author']);
    const res = await call('GET', '/api/staff/support', { headers: bearer(author.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('STAFF_ROLE_REQUIRED');
  });
});

describe('a request: read, reply, handled, reopen', () => {
  it('shows the request with its tasker, the market’s support address and no replies yet', async () => {
    const tasker = await insertTasker(server, 'vytas', { first_name: 'Vytas', last_name: 'Kazlauskas', phone: '+37061111111', status: 'active' });
    const id = await request(tasker, 'LT', 'lt', 'Kur mano pinigai?');
    const res = await call('GET', `/api/staff/support/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<SupportRequestDetail>();
    expect(detail.tasker).toEqual({ id: tasker.id, email: tasker.email, name: 'Vytas Kazlauskas', phone: '+37061111111', status: 'active', country: 'LT' });
    expect(detail.supportEmail).toEqual(expect.stringContaining('@'));
    expect(detail.replies).toEqual([]);
    expect((await call('GET', `/api/staff/support/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/staff/support/not an id')).statusCode).toBe(404);
  });

  it('mails the reply to the tasker in their language, answerable to the market’s support, and records it', async () => {
    const tasker = await insertTasker(server, 'ona', { first_name: 'Ona', country_code: 'LT' });
    const id = await request(tasker, 'LT', 'lt', 'Programėlė neatsidaro');
    const contact = await server.db.selectFrom('country_contacts').select('support_email').where('country_code', '=', 'LT').executeTakeFirstOrThrow();
    const headers = { ...bearer(ltMember.token), 'idempotency-key': randomUUID() };
    const res = await call('POST', `/api/staff/support/${id}/reply`, { headers, payload: { body: '  Atnaujinkite programėlę, turėtų padėti.  ' } });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<SupportRequestDetail>();
    expect(detail.replies).toEqual([
      { id: expect.any(String), actor: ltMember.email, staffId: ltMember.id, body: 'Atnaujinkite programėlę, turėtų padėti.', createdAt: expect.any(String), mailedAt: expect.any(String) },
    ]);
    expect(detail.request).toMatchObject({ replies: 1, status: 'open' });

    const mails = await mailbox(tasker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Re: jūsų žinutė Shelfwork pagalbai');
    expect(mails[0]?.text).toContain('Sveiki, Ona,');
    expect(mails[0]?.text).toContain('Shelfwork pagalba atsakė į jūsų žinutę:');
    expect(mails[0]?.text).toContain('Atnaujinkite programėlę, turėtų padėti.');
    expect(mails[0]?.text).toContain(`> Programėlė neatsidaro ${MARK}`);
    expect(mails[0]?.text).toContain(contact.support_email);

    // The same call again (the same key) stores and mails nothing more.
    const again = await call('POST', `/api/staff/support/${id}/reply`, { headers, payload: { body: '  Atnaujinkite programėlę, turėtų padėti.  ' } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<SupportRequestDetail>().replies).toHaveLength(1);
    expect(await mailbox(tasker.email)).toHaveLength(1);

    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'support.reply', staff_id: ltMember.id, actor: ltMember.email, country_code: 'LT', before: null });
    expect(audit[0]?.after).toMatchObject({ body: 'Atnaujinkite programėlę, turėtų padėti.', actor: ltMember.email });
  });

  it('words the mail in English for an English request, and the automation key’s script names its person', async () => {
    const tasker = await insertTasker(server, 'eng', { country_code: 'PL' });
    const id = await request(tasker, 'PL', 'en', 'Cannot log in');
    const res = await call('POST', `/api/staff/support/${id}/reply`, { headers: { ...STAFF, 'shelfwork-staff-name': 'Jan Kowalski' }, payload: { body: 'Try the code again.' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SupportRequestDetail>().replies[0]?.actor).toBe('Jan Kowalski');
    const [mail] = await mailbox(tasker.email);
    expect(mail?.subject).toBe('Re: your message to Shelfwork support');
    expect(mail?.text).toMatch(/^Hello,\n\nShelfwork support has answered your message:\n\nTry the code again\./);
  });

  it('keeps a reply whose mail failed and sends it with the next attempt', async () => {
    const tasker = await insertTasker(server, 'fail', { country_code: 'LT' });
    const id = await request(tasker, 'LT', 'lt', 'Nepavyksta');
    const failing: Mailer = { kind: 'dev', send: () => Promise.reject(new Error('SMTP down')) };
    const original = server.context.mailer;
    (server.context as { mailer: Mailer }).mailer = failing;
    try {
      const res = await call('POST', `/api/staff/support/${id}/reply`, { payload: { body: 'Bandykite dar kartą.' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SupportRequestDetail>().replies[0]?.mailedAt).toBeNull();
    } finally {
      (server.context as { mailer: Mailer }).mailer = original;
    }
    expect(await mailbox(tasker.email)).toHaveLength(0);
    expect(await mailSupportReplies({ db: server.db, mailer: server.context.mailer, now: () => server.clock.now() }, id)).toBe(1);
    expect(await mailSupportReplies({ db: server.db, mailer: server.context.mailer, now: () => server.clock.now() }, id)).toBe(0);
    expect(await mailbox(tasker.email)).toHaveLength(1);
  });

  it('refuses an empty, too long or non-text reply, and one outside the member’s markets', async () => {
    const tasker = await insertTasker(server, 'bad', { country_code: 'LT' });
    const id = await request(tasker, 'LT', 'lt', 'Klausimas');
    for (const [payload, code] of [[{ body: '   ' }, 'REQUIRED'], [{}, 'REQUIRED'], [{ body: 5 }, 'INVALID'], [{ body: 'x'.repeat(5001) }, 'TOO_LONG']] as const) {
      const res = await call('POST', `/api/staff/support/${id}/reply`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({ body: code });
    }
    const other = await call('POST', `/api/staff/support/${id}/reply`, { headers: bearer(plMember.token), payload: { body: 'Hello' } });
    expect(other.statusCode).toBe(403);
    expect((await call('POST', `/api/staff/support/${randomUUID()}/reply`, { payload: { body: 'Hello' } })).statusCode).toBe(404);
    expect(await server.db.selectFrom('support_replies').select('id').where('request_id', '=', id).execute()).toEqual([]);
    expect(await auditOf(id)).toEqual([]);
  });

  it('marks a request handled and reopens it, each change recorded once with before and after', async () => {
    const tasker = await insertTasker(server, 'handled', { country_code: 'LT' });
    const id = await request(tasker, 'LT', 'lt', 'Ačiū');
    const handled = await call('POST', `/api/staff/support/${id}/handled`, { headers: bearer(ltMember.token) });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<SupportRequestDetail>().request).toMatchObject({ status: 'handled', handledAt: SEED_TIME, handledBy: ltMember.email });
    // Handled again: unchanged, not recorded again.
    expect((await call('POST', `/api/staff/support/${id}/handled`, { headers: bearer(ltMember.token) })).json<SupportRequestDetail>().request.handledAt).toBe(SEED_TIME);
    expect((await list('status=handled')).data.map((r) => r.id)).toContain(id);
    expect((await list('status=open')).data.map((r) => r.id)).not.toContain(id);

    const reopened = await call('POST', `/api/staff/support/${id}/reopen`, { headers: bearer(ltMember.token) });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<SupportRequestDetail>().request).toMatchObject({ status: 'open', handledAt: null, handledBy: null });
    expect((await list('status=open')).data.map((r) => r.id)).toContain(id);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['support.handled', 'support.reopen']);
    expect(audit[0]).toMatchObject({
      actor: ltMember.email,
      country_code: 'LT',
      before: { market: 'LT', handledAt: null, handledBy: null },
      after: { market: 'LT', handledAt: SEED_TIME, handledBy: ltMember.email },
    });
    expect(audit[1]).toMatchObject({ before: { handledAt: SEED_TIME }, after: { handledAt: null } });

    const refused = await call('POST', `/api/staff/support/${id}/handled`, { headers: bearer(plMember.token) });
    expect(refused.statusCode).toBe(403);
    expect(await auditOf(id)).toHaveLength(2);
  });

  it('lists a real tasker request sent from the app in its language', async () => {
    const tasker = await insertTasker(server, 'app', { country_code: 'LT', first_name: 'Aistė' });
    const sent = await server.request({
      method: 'POST',
      url: '/api/support/submit-support-request',
      token: tasker.token,
      headers: { 'accept-language': 'lt', 'idempotency-key': randomUUID() },
      payload: { body: `Sveiki, turiu klausimą ${MARK}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await afterResponseIdle(server.context);
    const found = (await list('')).data.find((r) => r.tasker.id === tasker.id);
    expect(found).toMatchObject({ locale: 'lt', market: 'LT', status: 'open', mailedAt: expect.any(String) });
  });
});

describe('the reply mail', () => {
  const mail = (locale: string, supportEmail: string | null = 'pomoc@shelfwork.example') =>
    supportReplyMessage({ to: 't@x.pl', supportEmail, locale, firstName: 'Piotr', reply: 'Proszę spróbować ponownie.', original: 'Nie działa\ndruga linia', originalAt: new Date('2026-03-01T08:04:00Z') });

  it("answers to the market's support address, in the request's language, quoting the tasker's message", () => {
    const message = mail('pl');
    expect(message).toMatchObject({ to: 't@x.pl', replyTo: 'pomoc@shelfwork.example', subject: 'Re: Twoja wiadomość do wsparcia Shelfwork' });
    expect(message.text).toBe(
      'Dzień dobry, Piotr,\n\nWsparcie Shelfwork odpowiedziało na Twoją wiadomość:\n\nProszę spróbować ponownie.\n\n-- \nWsparcie Shelfwork\npomoc@shelfwork.example\n\n' +
        'Twoja wiadomość (2026-03-01 08:04 UTC):\n> Nie działa\n> druga linia\n',
    );
    expect(mail('xx').subject).toBe(SUPPORT_REPLY_WORDS.en.subject);
    expect(mail('pl', null).replyTo).toBeUndefined();
  });

  it('has its words in every language of the app, each its own', () => {
    expect(Object.keys(SUPPORT_REPLY_WORDS).sort()).toEqual([...LOCALES].sort());
    const subjects = LOCALES.map((l) => SUPPORT_REPLY_WORDS[l].subject);
    expect(new Set(subjects).size).toBe(LOCALES.length);
  });
});
