/**
 * The words of the login-code mail, written once: the server words the mail with them in the
 * language of the request (server/mail/mailer.ts), looking the English up in the app's catalogs,
 * where it is the msgid. Plain message descriptors marked for the extractor, as in errorWords.ts
 * (the server runs without Lingui's macros); loginMail.test.ts checks each id.
 */

/** Subject: '<Login code>: 123456 – Shelfwork'; text: the code line, then how long it is valid. */
export const LOGIN_MAIL_WORDS = {
  subject: /*i18n*/ { id: 'hpLIUH', message: 'Login code' },
  code: /*i18n*/ { id: '+drqOU', message: 'Your Shelfwork login code is {code}.' },
  validity: /*i18n*/ { id: 'T8FC1P', message: 'It is valid for {minutes} minutes. If you did not ask for it, ignore this message.' },
} as const;
