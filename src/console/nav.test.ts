import { describe, expect, it } from 'vitest';
import { SECTIONS, sectionsFor } from './nav';

const paths = (roles: Parameters<typeof sectionsFor>[0]) => sectionsFor(roles).map((s) => s.path);

describe('console navigation by role', () => {
  it('shows a member only the sections their roles open', () => {
    expect(paths(['reviewer'])).toContain('/staff/review');
    expect(paths(['reviewer'])).not.toContain('/staff/accounts');
    expect(paths(['reviewer'])).not.toContain('/staff/money');
    expect(paths(['finance'])).toContain('/staff/money');
    expect(paths(['finance'])).not.toContain('/staff/review');
    expect(paths(['onboarding'])).toContain('/staff/taskers');
  });

  it('keeps staff accounts and the audit trail to admins', () => {
    for (const role of ['author', 'reviewer', 'onboarding', 'finance', 'support'] as const) {
      expect(paths([role])).not.toContain('/staff/accounts');
      expect(paths([role])).not.toContain('/staff/audit');
    }
    expect(paths(['admin'])).toEqual(expect.arrayContaining(['/staff/accounts', '/staff/audit']));
  });

  it('joins the sections of several roles, once each, in menu order; none without a role', () => {
    const both = paths(['finance', 'reviewer']);
    expect(new Set(both).size).toBe(both.length);
    expect(both).toEqual(SECTIONS.map((s) => s.path).filter((p) => both.includes(p)));
    expect(paths([])).toEqual([]);
  });
});
