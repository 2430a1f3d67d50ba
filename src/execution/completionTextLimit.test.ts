import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPLETION_TEXT_MAX, readCompletion } from '#domain/completion';

const SCREENS = ['ConfirmCompleteScreen.tsx', 'ConfirmIncompleteScreen.tsx', 'ConfirmBlockedScreen.tsx'];

describe('the completion text limit', () => {
  it.each(SCREENS)('%s limits its text field by the domain constant the worker and the server check', (file) => {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    expect(source).toContain('maxLength={COMPLETION_TEXT_MAX}');
    expect(source).not.toMatch(/maxLength=\{\d+\}/);
  });

  it('is what readCompletion (worker and server) refuses above', () => {
    expect(readCompletion({ outcome: 'incomplete', reason: 'x'.repeat(COMPLETION_TEXT_MAX + 1) }).errors).toMatchObject({ reason: 'TOO_LONG' });
  });
});
