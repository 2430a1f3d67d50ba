import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOGIN_MAIL_WORDS } from './loginMail';

/** Lingui's generated id of a message without context (@lingui/message-utils generateMessageId). */
const linguiId = (message: string) => createHash('sha256').update(`${message}\u001F`).digest('base64').slice(0, 6);

describe('the login-code mail words', () => {
  it('carry Lingui’s own id for their English, so the catalogs keep the English as msgid', () => {
    for (const [name, words] of Object.entries(LOGIN_MAIL_WORDS)) expect(words.id, name).toBe(linguiId(words.message));
  });
});
