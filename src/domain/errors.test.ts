import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from './errorWords';
import { CLIENT_ERROR_CODES, isErrorCode, readErrorCode, REFUSAL_MESSAGES, SERVER_ERROR_CODES } from './errors';

describe('error codes', () => {
  it('are each listed once, on one side', () => {
    const all = [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
  });

  it('knows the server’s and the device’s codes, nothing else', () => {
    expect(isErrorCode('TASK_NO_LONGER_AVAILABLE')).toBe(true);
    expect(isErrorCode('QUOTA_EXCEEDED')).toBe(true);
    expect(isErrorCode('SOMETHING_NEW')).toBe(false);
    expect(isErrorCode(420)).toBe(false);
  });

  it('reads a code it does not know as UNKNOWN', () => {
    expect(readErrorCode('WRONG_CODE')).toBe('WRONG_CODE');
    expect(readErrorCode('SOMETHING_NEW')).toBe('UNKNOWN');
    expect(readErrorCode(undefined)).toBe('UNKNOWN');
  });

  it('has the server’s English for every business-rule refusal it names', () => {
    for (const [code, message] of Object.entries(REFUSAL_MESSAGES)) {
      expect((SERVER_ERROR_CODES as readonly string[]).includes(code)).toBe(true);
      expect(message.trim()).not.toBe('');
    }
  });

  it('words each refusal in the English the page says for it (errorWords.ts), not a second sentence', () => {
    for (const [code, message] of Object.entries(REFUSAL_MESSAGES)) {
      expect(message).toBe((REFUSAL_WORDS as Record<string, { message: string }>)[code]?.message);
    }
  });
});
