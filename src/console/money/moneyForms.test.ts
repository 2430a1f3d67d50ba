import { describe, expect, it } from 'vitest';
import { adjustmentBody, adjustmentErrors, emptyAdjustment, exportTarget, payableSelection, weekState, weekSunday } from './moneyForms';

describe('the money screens’ rules', () => {
  it('a week is open until it ends, then due until it is run', () => {
    expect(weekState({ over: false, run: null })).toBe('open');
    expect(weekState({ over: true, run: null })).toBe('due');
    expect(weekState({ over: true, run: { payoutsCount: 0 } })).toBe('run');
    expect(weekSunday('2026-03-02')).toBe('2026-03-08');
    expect(weekSunday('2026-12-28')).toBe('2027-01-03');
  });

  it('checks an adjustment as the server does: an exact positive amount of at most two decimals', () => {
    const ok = { ...emptyAdjustment('rasa@example.lt'), amount: '0,10', reason: ' Double paid ' };
    expect(adjustmentErrors(ok)).toEqual({});
    expect(adjustmentBody(ok)).toEqual({ user: 'rasa@example.lt', kind: 'reduction', amount: '0.10', reason: 'Double paid' });
    expect(adjustmentBody({ ...ok, taskId: ' t-1 ' }).taskId).toBe('t-1');
    for (const amount of ['0', '-1', '1.005', '1e3', 'abc', '100000000.00']) expect(adjustmentErrors({ ...ok, amount }).amount, amount).toBe('INVALID');
    expect(adjustmentErrors({ ...ok, amount: '99999999.99' })).toEqual({});
    expect(adjustmentErrors(emptyAdjustment())).toEqual({ user: 'REQUIRED', amount: 'REQUIRED', reason: 'REQUIRED' });
    expect(adjustmentErrors({ ...ok, user: 'not an email@' }).user).toBe('INVALID');
    expect(adjustmentErrors({ ...ok, user: '0b4c6d1e-1111-4222-8333-944455556666' }).user).toBeUndefined();
    expect(adjustmentErrors({ ...ok, reason: 'x'.repeat(501) }).reason).toBe('TOO_LONG');
  });

  it('marks only selected pending payouts, and names the export files', () => {
    const rows = [
      { id: 'a', status: 'pending' as const },
      { id: 'b', status: 'paid' as const },
      { id: 'c', status: 'pending' as const },
    ];
    expect(payableSelection(rows, new Set(['c', 'b', 'x']))).toEqual(['c']);
    expect(exportTarget('xml', 'LT', '2026-03-02')).toEqual({ url: '/api/staff/payouts/export.xml?country=LT&week=2026-03-02', filename: 'payouts-LT-2026-03-02.xml' });
  });
});
