import type { MessageDescriptor } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, getToasts } from '#ui/toastStore';
import { showCommandFailure } from './mutations';

const shown = (): string[] => getToasts().map((t) => (typeof t.message === 'string' ? t.message : ((t.message as MessageDescriptor).message ?? '')));

describe('showCommandFailure', () => {
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
  });

  it('says the service is unavailable when the server answers 503 (an outage) or a proxy 502/504, for login and register', () => {
    for (const status of [502, 503, 504]) {
      showCommandFailure({ status, code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable; try again in a moment' }, 'login');
      showCommandFailure({ status, code: 'SERVICE_UNAVAILABLE', message: '' }, 'register');
      expect(shown()).toEqual(['The service is temporarily unavailable. Please try again in a few minutes.', 'The service is temporarily unavailable. Please try again in a few minutes.']);
      for (const t of getToasts()) dismissToast(t.id);
    }
  });

  it('keeps the other answers: no connection, 429, a 420 message, anything else', () => {
    showCommandFailure({ status: 0, code: 'NETWORK', message: '' }, 'login');
    showCommandFailure({ status: 429, code: 'RATE_LIMITED', message: '' }, 'login');
    showCommandFailure({ status: 420, code: 'WRONG_CREDENTIALS', message: 'Wrong email or password' }, 'login');
    expect(shown()).toEqual(['Cannot connect to server', 'Too many attempts. Please wait a few minutes and try again.', 'Wrong email or password']);
    for (const t of getToasts()) dismissToast(t.id);
    showCommandFailure({ status: 500, code: 'INTERNAL', message: 'Unknown Error' }, 'register');
    expect(shown()).toEqual(['Could not register']);
  });
});
