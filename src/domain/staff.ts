/**
 * Staff roles: what a staff member may do in the console and on /api/staff/*. A member holds one
 * or more roles and may be limited to some markets (none listed: every market).
 * - admin: staff accounts, markets, places, task types
 * - author: tasks (create, import, publish, edit)
 * - reviewer: review finished tasks (accept, reject, reduced reward)
 * - onboarding: tasker profiles and trainings
 * - finance: payouts and adjustments
 * - support: the support inbox
 */
import type { CountryCode } from './types';

export const STAFF_ROLES = ['admin', 'author', 'reviewer', 'onboarding', 'finance', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** A staff member as the API answers it (login, /api/staff/me, the accounts list). */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  roles: StaffRole[];
  /** The markets the member may act in; empty: every market. */
  markets: CountryCode[];
  active: boolean;
}

/** Whether a member limited to `markets` may act in `country` (no limit: every market). */
export function staffMayActIn(markets: readonly string[], country: string): boolean {
  return markets.length === 0 || markets.includes(country);
}
