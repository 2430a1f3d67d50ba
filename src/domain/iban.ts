/**
 * IBANs, checked and written one way wherever they are read: the profile form (page), the
 * profile save (server) and the SEPA payout file (server). One library, ibantools: the country's
 * BBAN format and length and the ISO 7064 mod-97 checksum.
 */
import { isValidIBAN } from 'ibantools';

/** An IBAN as stored and sent to the bank: without blanks and hyphens, upper case ("lt12 1000-0111…" → "LT121000…"). */
export function compactIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** True for a valid IBAN of any country, written with or without blanks and hyphens. */
export function isValidIban(value: string): boolean {
  if (!/^[A-Za-z0-9\s-]+$/.test(value.trim())) return false;
  return isValidIBAN(compactIban(value));
}
