/**
 * Support: the market's contact, the message stored and mailed once to the market's
 * support address (the dev mailbox; a failing mailer leaves it for the next sweep), validation
 * 400 with fields and words in the tasker's language, Idempotency-Key replays (the sync worker's
 * queued message arrives once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { mailPendingSupportRequests, mailSupportRequest } from '../../server/support/service';
import { afterResponseIdle } from '../../server/http/afterResponse';
import type { Mailer, MailMessage } from '../../server/mail/mailer';

let server: TestServer;
let plToken: string;

beforeAll(async () => {
  server = await startTestServer();
  plToken = (await server.login('pl@demo.shelfwork.app')).token;
});
afterAll(async () => {
  await server.close();
});

async function mailbox(to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await server.request({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(to)}` });
  return res.json<{ messages: { to: string; subject: string; text: string }[] }>().messages;
}

const submit = (body: unknown, headers: Record<string, string> = {}, token = plToken) =>
  server.request({ method: 'POST', url: '/api/support/submit-support-request', token, headers, payload: body as object });

describe('GET country/support-contact', () => {
  it('answers the tasker’s market, or the asked one', async () => {
    const own = await server.request({ method: 'GET', url: '/api/country/support-contact', token: plToken });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ countryCode: 'PL', phone: '+48 22 100 00 00', email: 'pomoc@shelfwork.example' });
    const ro = await server.request({ method: 'GET', url: '/api/country/support-contact?country=ro', token: plToken });
    expect(ro.json()).toMatchObject({ countryCode: 'RO', email: 'ajutor@shelfwork.example' });
    const bad = await server.request({ method: 'GET', url: '/api/country/support-contact?country=DE', token: plToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ country: 'COUNTRY_INVALID' });
    const anonymous = await server.request({ method: 'GET', url: '/api/country/support-contact' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is there for a deactivated account (its screen shows the contacts)', async () => {
    const token = (await server.login('deactivated@demo.shelfwork.app')).token;
    const res = await server.request({ method: 'GET', url: '/api/country/support-contact', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ countryCode: 'CZ', phone: '+420 222 000 000' });
  });
});

describe('POST support/submit-support-request', () => {
  it('stores the message and mails it once to the market’s support address, Reply-To the tasker', async () => {
    const before = (await mailbox('pomoc@shelfwork.example')).length;
    const res = await submit({ body: '  Skaner nie działa w sklepie na Marszałkowskiej  ' }, { 'idempotency-key': 'support-1', 'accept-language': 'pl' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ id: string; email: string; createdAt: string }>();
    expect(answer.email).toBe('pl@demo.shelfwork.app');
    await afterResponseIdle(server.context); // the route mails after answering
    const row = await server.db.selectFrom('support_requests').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: 'Skaner nie działa w sklepie na Marszałkowskiej', country_code: 'PL', to_email: 'pomoc@shelfwork.example', locale: 'pl', email: 'pl@demo.shelfwork.app' });
    expect(row.mailed_at).not.toBeNull();
    const mails = await mailbox('pomoc@shelfwork.example');
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail.subject).toBe('Support request from pl@demo.shelfwork.app (PL)');
    expect(mail.text).toContain('Skaner nie działa w sklepie na Marszałkowskiej');
    expect(mail.text).toContain(`Request id: ${answer.id}`);

    // The worker retries with the same key (the answer was lost): the same answer, nothing new.
    const again = await submit({ body: '  Skaner nie działa w sklepie na Marszałkowskiej  ' }, { 'idempotency-key': 'support-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(answer);
    await afterResponseIdle(server.context);
    expect(await mailbox('pomoc@shelfwork.example')).toHaveLength(before + 1);
    const stored = await server.db.selectFrom('support_requests').select('id').where('body', '=', 'Skaner nie działa w sklepie na Marszałkowskiej').execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses a message under 3 or from 500 characters with 400 fields, worded in the asked language', async () => {
    const short = await submit({ body: ' ab ' }, { 'accept-language': 'pl' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { body: 'TOO_SHORT' }, message: 'Wiadomość musi mieć co najmniej 3 znaki' });
    const long = await submit({ body: 'x'.repeat(500) }, { 'accept-language': 'lt' });
    expect(long.json().error).toMatchObject({ fields: { body: 'TOO_LONG' }, message: 'Žinutė turi būti trumpesnė nei 500 simbolių' });
    const justUnder = await submit({ body: 'x'.repeat(499) });
    expect(justUnder.statusCode).toBe(200);
    const missing = await submit({}, { 'accept-language': 'en' });
    expect(missing.json().error).toMatchObject({ fields: { body: 'REQUIRED' } });
    const notText = await submit({ body: 42 });
    expect(notText.json().error.fields).toEqual({ body: 'INVALID' });
    const anonymous = await server.request({ method: 'POST', url: '/api/support/submit-support-request', payload: { body: 'hello' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a message whose mail failed and sends it once with the next sweep', async () => {
    const res = await submit({ body: 'Mail later please' });
    const { id } = res.json<{ id: string }>();
    // The route mails after answering: let that finish before making the message unsent again.
    await afterResponseIdle(server.context);
    // Make it unsent again, as a failed send leaves it.
    await server.db.updateTable('support_requests').set({ mailed_at: null }).where('id', '=', id).execute();
    const sentMessages: MailMessage[] = [];
    const failing: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')) };
    const working: Mailer = { kind: 'smtp', send: async (m) => void sentMessages.push(m) };
    const base = { db: server.db, now: () => server.clock.now(), fallbackTo: 'support@example.test' };
    expect(await mailSupportRequest({ ...base, mailer: failing }, id)).toBe(false);
    const row = await server.db.selectFrom('support_requests').select(['mailed_at', 'mail_attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.mailed_at).toBeNull();
    // Two sweeps at once: the message goes out once.
    const [a, b] = await Promise.all([mailPendingSupportRequests({ ...base, mailer: working }), mailPendingSupportRequests({ ...base, mailer: working })]);
    expect(a + b).toBe(1);
    expect(sentMessages).toHaveLength(1);
    expect(sentMessages[0]).toMatchObject({ to: 'pomoc@shelfwork.example', replyTo: 'pl@demo.shelfwork.app' });
    expect(await mailPendingSupportRequests({ ...base, mailer: working })).toBe(0);
  });
});
