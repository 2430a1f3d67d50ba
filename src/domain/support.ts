/**
 * The support message (spec sections 5 and 9): at least 3 and under 500 characters, counted after
 * trimming, in characters as the tasker sees them (code points, so an emoji counts once). One rule
 * for the form (src/support/supportSchema.ts), the sync worker and the server.
 */
import type { FieldErrorCode } from './errors';

export const SUPPORT_MESSAGE_MIN = 3;
/** Under 500: 499 characters is the longest message. */
export const SUPPORT_MESSAGE_LIMIT = 500;

/** Characters as the tasker counts them. */
export function supportMessageLength(body: string): number {
  return [...body.trim()].length;
}

export function validateSupportMessage(body: unknown): Extract<FieldErrorCode, 'REQUIRED' | 'INVALID' | 'TOO_SHORT' | 'TOO_LONG'> | null {
  if (body === undefined || body === null) return 'REQUIRED';
  if (typeof body !== 'string') return 'INVALID';
  const length = supportMessageLength(body);
  if (length === 0) return 'REQUIRED';
  if (length < SUPPORT_MESSAGE_MIN) return 'TOO_SHORT';
  if (length >= SUPPORT_MESSAGE_LIMIT) return 'TOO_LONG';
  return null;
}

/** The market's support contact (GET country/support-contact). */
export interface SupportContact {
  countryCode: string;
  phone: string;
  email: string;
}

/** The answer of POST support/submit-support-request. */
export interface SupportRequestAnswer {
  id: string;
  /** The tasker's email, which the 'sent' toast names (support answers there). */
  email: string;
  createdAt: string;
}

/**
 * The mirror's kv key of the market's support contact (a `SupportContact`, or null when the market
 * has none). Under the account prefix 'profile:' (src/contracts/kv.ts ACCOUNT_KV_PREFIXES), so it
 * goes on logout with the account's other values.
 */
export const SUPPORT_CONTACT_KV_KEY = 'profile:supportContact';

/** A value read back from the mirror (untrusted shape). */
export function readSupportContact(value: unknown): SupportContact | null {
  const v = value as Partial<SupportContact> | null;
  if (!v || typeof v !== 'object' || typeof v.phone !== 'string' || typeof v.email !== 'string' || typeof v.countryCode !== 'string') return null;
  return { countryCode: v.countryCode, phone: v.phone, email: v.email };
}

/** The outbox payload of a support message (POST support/submit-support-request). */
export interface SupportRequestPayload {
  body: string;
}
