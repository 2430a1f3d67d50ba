/**
 * The mail of a staff reply to a tasker's support request. The reply is the staff member's own
 * text; the subject, the one-line intro and the label of the quoted message are in the language
 * the tasker wrote in (the request's locale), from the small table below — the server's catalog
 * lookup (http/messages.ts translate) only knows the tasker app's msgids, and these words are the
 * server's own. Answers go to the market's support address (Reply-To), so the tasker's answer
 * reaches the team, not the no-reply sender.
 */
import type { MailMessage } from '../mail/mailer';
import { LOCALES, type Locale } from '#domain/types';

interface ReplyWords {
  subject: string;
  /** `{name}` is the tasker's first name (the greeting drops it when the profile has none). */
  greeting: string;
  greetingNoName: string;
  intro: string;
  yourMessage: string;
  signature: string;
}

export const SUPPORT_REPLY_WORDS: Readonly<Record<Locale, ReplyWords>> = {
  en: {
    subject: 'Re: your message to Shelfwork support',
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    intro: 'Shelfwork support has answered your message:',
    yourMessage: 'Your message',
    signature: 'Shelfwork support',
  },
  lt: {
    subject: 'Re: jūsų žinutė Shelfwork pagalbai',
    greeting: 'Sveiki, {name},',
    greetingNoName: 'Sveiki,',
    intro: 'Shelfwork pagalba atsakė į jūsų žinutę:',
    yourMessage: 'Jūsų žinutė',
    signature: 'Shelfwork pagalba',
  },
  pl: {
    subject: 'Re: Twoja wiadomość do wsparcia Shelfwork',
    greeting: 'Dzień dobry, {name},',
    greetingNoName: 'Dzień dobry,',
    intro: 'Wsparcie Shelfwork odpowiedziało na Twoją wiadomość:',
    yourMessage: 'Twoja wiadomość',
    signature: 'Wsparcie Shelfwork',
  },
  cs: {
    subject: 'Re: vaše zpráva podpoře Shelfwork',
    greeting: 'Dobrý den, {name},',
    greetingNoName: 'Dobrý den,',
    intro: 'Podpora Shelfwork odpověděla na vaši zprávu:',
    yourMessage: 'Vaše zpráva',
    signature: 'Podpora Shelfwork',
  },
  ro: {
    subject: 'Re: mesajul dvs. către asistența Shelfwork',
    greeting: 'Bună ziua, {name},',
    greetingNoName: 'Bună ziua,',
    intro: 'Echipa de asistență Shelfwork a răspuns la mesajul dvs.:',
    yourMessage: 'Mesajul dvs.',
    signature: 'Asistența Shelfwork',
  },
};

export interface SupportReplyMail {
  /** The tasker's address. */
  to: string;
  /** The market's support address (Reply-To); null: answers go to the sender. */
  supportEmail: string | null;
  /** The request's locale (anything unknown: English). */
  locale: string;
  firstName: string | null;
  reply: string;
  original: string;
  originalAt: Date;
}

export function supportReplyMessage(mail: SupportReplyMail): MailMessage {
  const locale: Locale = (LOCALES as readonly string[]).includes(mail.locale) ? (mail.locale as Locale) : 'en';
  const words = SUPPORT_REPLY_WORDS[locale];
  const name = mail.firstName?.trim();
  const greeting = name ? words.greeting.replace('{name}', name) : words.greetingNoName;
  const quoted = mail.original
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: mail.to,
    ...(mail.supportEmail ? { replyTo: mail.supportEmail } : {}),
    subject: words.subject,
    text:
      `${greeting}\n\n${words.intro}\n\n${mail.reply}\n\n-- \n${words.signature}${mail.supportEmail ? `\n${mail.supportEmail}` : ''}\n\n` +
      `${words.yourMessage} (${mail.originalAt.toISOString().slice(0, 16).replace('T', ' ')} UTC):\n${quoted}\n`,
  };
}
