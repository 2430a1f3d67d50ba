/**
 * Words the server answers in the tasker's language (server/http/localize.ts REFUSAL_WORDS) that no
 * screen words itself: kept here as messages so `npm run i18n:extract` keeps them in the catalogs,
 * where the server looks them up by their English text. The page may show them too (errorMessage
 * shows a 420's server message as it comes). test/server/localized-errors.test.ts checks each
 * server text is a translated msgid.
 */
import { msg } from '@lingui/core/macro';

export const SERVER_ONLY_WORDS = [
  msg`There is no account with this email. Please register first.`,
  msg`This email is already registered. Please log in.`,
  msg`This code has expired. Please request a new one.`,
  msg`Wrong email or password`,
  msg`Google sign-in is not available. Please log in with your email.`,
  msg`You have already answered this attendance request.`,
  msg`This attendance request has expired.`,
  msg`This attendance request no longer exists.`,
  msg`This task is not awaiting confirmation any more.`,
  // The support message (server/support/routes.ts; src/support/SupportScreen.tsx words its own fields).
  msg`The message must be at least 3 characters long`,
  msg`The message must be shorter than 500 characters`,
  msg`Please write your message`,
];
