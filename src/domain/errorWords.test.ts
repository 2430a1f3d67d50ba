import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as errorWords from './errorWords';

/** Lingui's generated id of a message without context (@lingui/message-utils generateMessageId). */
const linguiId = (message: string) => createHash('sha256').update(`${message}\u001F`).digest('base64').slice(0, 6);

/** Every descriptor the module exports, by its path ('REFUSAL_WORDS.TASK_NOT_FOUND'). */
function descriptors(value: unknown, path: string): [string, { id: string; message: string }][] {
  if (value === null || typeof value !== 'object' || value instanceof Set) return [];
  if ('message' in value) return [[path, value as { id: string; message: string }]];
  return Object.entries(value).flatMap(([key, inner]) => descriptors(inner, `${path}.${key}`));
}

const all = Object.entries(errorWords).flatMap(([name, value]) => descriptors(value, name));

describe('the error words both the server and the page say', () => {
  it('carry Lingui’s own id for their English, so the catalogs keep the English as msgid and the page finds the translation', () => {
    expect(all.length).toBeGreaterThan(50);
    for (const [path, words] of all) expect(words.id, `${path}: "${words.message}"`).toBe(linguiId(words.message));
  });

  it('write each sentence once', () => {
    const seen = new Map<string, string>();
    for (const [path, words] of all) {
      const first = seen.get(words.message);
      if (first) expect(words, `${path} repeats ${first}`).toBe(get(first));
      else seen.set(words.message, path);
    }
  });
});

function get(path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], errorWords);
}
