import { describe, expect, it } from 'vitest';
import { auditQuery, FILTER_KEYS, type AuditFilters } from './filters';

const none = Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as unknown as AuditFilters;

describe('audit filters', () => {
  it('leaves empty filters out and trims the rest', () => {
    expect(auditQuery({ ...none, action: ' task.* ', country: 'LT' }, 50)).toEqual({
      staffId: undefined,
      actor: undefined,
      action: 'task.*',
      entity: undefined,
      entityId: undefined,
      country: 'LT',
      from: undefined,
      to: undefined,
      limit: '50',
    });
  });

  it('sends an entity id only with its entity', () => {
    expect(auditQuery({ ...none, entityId: 'u1' }, 10).entityId).toBeUndefined();
    expect(auditQuery({ ...none, entity: 'user', entityId: 'u1' }, 10).entityId).toBe('u1');
  });

  it('takes whole local days: from the start of `from` to the start of the day after `to`', () => {
    const q = auditQuery({ ...none, from: '2026-11-02', to: '2026-11-03' }, 10);
    expect(q.from).toBe(new Date(2026, 10, 2).toISOString());
    expect(q.to).toBe(new Date(2026, 10, 4).toISOString());
    expect(auditQuery({ ...none, from: 'yesterday' }, 10).from).toBeUndefined();
  });
});
