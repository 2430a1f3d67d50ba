import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LETTER_WORDS, letterUrlFor } from './letterWords';

const linguiId = (message: string) => createHash('sha256').update(`${message}\u001F`).digest('base64').slice(0, 6);

describe('the letter of authority', () => {
  it('carries Lingui’s own ids, so the catalogs translate its words', () => {
    for (const words of Object.values(LETTER_WORDS)) expect(words.id, words.message).toBe(linguiId(words.message));
  });

  it('opens in the tasker’s language: the app’s own letters per language, other documents as they are', () => {
    expect(letterUrlFor('/letters/maxima.pdf', 'lt')).toBe('/letters/maxima.lt.pdf');
    expect(letterUrlFor('/letters/mega-image.pdf', 'ro')).toBe('/letters/mega-image.ro.pdf');
    expect(letterUrlFor('/letters/maxima.pdf', 'en')).toBe('/letters/maxima.pdf');
    expect(letterUrlFor('https://example.com/letter.pdf', 'pl')).toBe('https://example.com/letter.pdf');
    expect(letterUrlFor(null, 'pl')).toBeNull();
  });
});
