/**
 * A refusal in the member's language: the console's words for the codes staff meet (roles,
 * markets, sign-in), the shared error words for the rest, else the server's own message (the
 * server words its refusals in the console's Accept-Language).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { REFUSAL_WORDS } from '#domain/errorWords';
import { StaffApiError } from './api';

const WORDS: Record<string, MessageDescriptor> = {
  NETWORK: msg`The server cannot be reached. Check the connection and try again.`,
  STAFF_ROLE_REQUIRED: msg`Your account does not have the role this needs. Ask an admin.`,
  STAFF_MARKET_REFUSED: msg`Your account may not act in this market.`,
  STAFF_SELF_LOCKOUT: msg`You cannot remove your own admin role or deactivate yourself.`,
  STAFF_EMAIL_TAKEN: msg`A staff account with this e-mail already exists.`,
  STAFF_NOT_FOUND: msg`This staff account does not exist.`,
  UNAUTHORIZED: msg`Please sign in again.`,
  VALIDATION_FAILED: msg`Please correct the marked fields.`,
  WRONG_CODE: REFUSAL_WORDS.WRONG_CODE,
  CODE_EXPIRED: REFUSAL_WORDS.CODE_EXPIRED,
  RATE_LIMITED: REFUSAL_WORDS.RATE_LIMITED,
  SERVICE_UNAVAILABLE: REFUSAL_WORDS.SERVICE_UNAVAILABLE,
  TASK_NOT_FOUND: REFUSAL_WORDS.TASK_NOT_FOUND,
  TASK_NOT_AWAITING_CONFIRMATION: REFUSAL_WORDS.TASK_NOT_AWAITING_CONFIRMATION,
};

export function errorWords(error: unknown): MessageDescriptor | string {
  if (error instanceof StaffApiError) return WORDS[error.code] ?? error.message;
  return msg`Something went wrong. Please try again.`;
}

export function useErrorText(): (error: unknown) => string {
  const { i18n } = useLingui();
  return (error) => {
    const words = errorWords(error);
    return typeof words === 'string' ? words : i18n._(words);
  };
}
