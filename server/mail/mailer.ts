/**
 * Outgoing mail. With SMTP_URL: nodemailer over SMTP. Without it (never in production): the
 * message is printed to the console and stored in the `dev_mailbox` table, readable through
 * GET /api/dev/mailbox (stored in the database so any process behind a load balancer can answer).
 */
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { LOGIN_MAIL_WORDS } from '#domain/loginMail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where an answer goes (a support message: the tasker's address). */
  replyTo?: string;
  /** The login code carried by the message, kept for the dev mailbox. */
  code?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      // Addresses as objects: nodemailer sends to them as they are, where a string would be parsed
      // again (a comment or a display name in it dropped: another mailbox than the one stored).
      await transport.sendMail({
        from,
        to: { name: '', address: message.to },
        subject: message.subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: { name: '', address: message.replyTo } } : {}),
      });
    },
  };
}

export function createDevMailer(db: Db, clock: Clock, options: { log?: (line: string) => void } = {}): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    kind: 'dev',
    async send(message) {
      await db
        .insertInto('dev_mailbox')
        .values({ to_email: message.to, subject: message.subject, text: message.text, code: message.code ?? null, sent_at: clock.now() })
        .execute();
      log(`[dev-mail] to ${message.to}: ${message.subject}${message.code ? ` — code ${message.code}` : ''}`);
    },
  };
}

export interface DevMailboxMessage {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  sentAt: string;
}

/** Messages to one address, oldest first (newest last). */
export async function readDevMailbox(db: Db, email: string): Promise<DevMailboxMessage[]> {
  const rows = await db
    .selectFrom('dev_mailbox')
    .selectAll()
    .where('to_email', '=', email)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  rows.reverse();
  return rows.map((r) => ({ to: r.to_email, subject: r.subject, text: r.text, code: r.code, sentAt: new Date(r.sent_at).toISOString() }));
}

/** Words in a language with their `{name}` placeholders filled (server/http/messages.ts `translate`). */
export type SayWords = (words: { text: string; values?: Record<string, string | number> }) => string;

/** The English, placeholders filled. */
const english: SayWords = ({ text, values }) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));

/**
 * The login-code mail worded by `say`: in the language of the request that asked for it (the app
 * sends the language it shows as Accept-Language), so a registrant reads it in the language they chose.
 */
export function loginCodeMessage(to: string, code: string, ttlMinutes: number, say: SayWords = english): MailMessage {
  return {
    to,
    code,
    subject: `${say({ text: LOGIN_MAIL_WORDS.subject.message })}: ${code} – Shelfwork`,
    text: `${say({ text: LOGIN_MAIL_WORDS.code.message, values: { code } })}\n\n${say({ text: LOGIN_MAIL_WORDS.validity.message, values: { minutes: ttlMinutes } })}\n`,
  };
}
