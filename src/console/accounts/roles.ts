/** The staff roles and markets in the console's words (labels for checkboxes, lists and the audit trail). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { STAFF_ROLES, type StaffRole } from '#domain/staff';

export const ROLE_LABELS: Record<StaffRole, MessageDescriptor> = {
  admin: msg`Admin`,
  author: msg`Author`,
  reviewer: msg`Reviewer`,
  onboarding: msg`Onboarding`,
  finance: msg`Finance`,
  support: msg`Support`,
};

export const ROLE_HINTS: Record<StaffRole, MessageDescriptor> = {
  admin: msg`Staff accounts, markets, places, task types, the audit trail`,
  author: msg`Tasks`,
  reviewer: msg`Task review`,
  onboarding: msg`Tasker profiles and trainings`,
  finance: msg`Payouts and adjustments`,
  support: msg`Support inbox`,
};

export { STAFF_ROLES };

/** `list` with `item` added or removed, in the order of `order`. */
export function toggled<T>(list: readonly T[], item: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set(list);
  if (on) set.add(item);
  else set.delete(item);
  return order.filter((x) => set.has(x));
}
