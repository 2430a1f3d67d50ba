/**
 * The console's sections and the roles that open each: the side navigation shows a member only
 * the sections their roles allow (the server decides access anyway; this keeps the menu honest).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StaffRole } from '#domain/staff';

export interface Section {
  path: string;
  label: MessageDescriptor;
  roles: readonly StaffRole[];
}

export const SECTIONS: readonly Section[] = [
  { path: '/staff/review', label: msg`Review queue`, roles: ['reviewer'] },
  { path: '/staff/tasks', label: msg`Tasks`, roles: ['author', 'reviewer'] },
  { path: '/staff/task-types', label: msg`Task types`, roles: ['admin', 'author'] },
  { path: '/staff/places', label: msg`Places`, roles: ['admin', 'author'] },
  { path: '/staff/taskers', label: msg`Taskers`, roles: ['onboarding', 'finance', 'support'] },
  { path: '/staff/money', label: msg`Payouts`, roles: ['finance'] },
  { path: '/staff/missions', label: msg`Missions`, roles: ['author', 'finance'] },
  { path: '/staff/attendance', label: msg`Attendance`, roles: ['author', 'reviewer'] },
  { path: '/staff/support', label: msg`Support inbox`, roles: ['support'] },
  { path: '/staff/accounts', label: msg`Staff accounts`, roles: ['admin'] },
  { path: '/staff/audit', label: msg`Audit trail`, roles: ['admin'] },
];

/** The sections a member with `roles` may open, in menu order. */
export function sectionsFor(roles: readonly StaffRole[]): Section[] {
  return SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role)));
}
