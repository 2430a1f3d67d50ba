import { beforeAll, describe, expect, it } from 'vitest';
import type { NextPayment, Payout } from '#domain/payouts';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { NextPayoutBreakdown } from './NextPayoutBreakdown';
import { PastPayouts } from './PastPayouts';

beforeAll(activateEnglish);

const eur = (amount: string) => ({ amount, currencyCode: 'EUR' as const, currencySymbol: '€' });

const next: NextPayment = {
  taskReward: eur('37.50'),
  total: eur('29.75'),
  paidTasksDeductions: eur('2.75'),
  unpaidTasksDeductions: eur('5.00'),
  maxDeductionRate: '0.30',
  tasksCount: 3,
  bonuses: eur('0.00'),
  missionBonuses: eur('0.00'),
  referralBonuses: eur('0.00'),
  overpaymentBalance: eur('10.00'),
  carriedOver: eur('7.25'),
  weekStart: '2026-11-23',
  periodStart: '2026-11-22T22:00:00.000Z',
  periodEnd: '2026-11-29T22:00:00.000Z',
  lines: [
    { kind: 'task', amount: eur('12.50'), occurredAt: '2026-11-24T10:00:00.000Z', taskId: 't1', missionId: null, title: 'Shelf photo Maxima', reason: null },
    { kind: 'task_reduction', amount: eur('5.00'), occurredAt: '2026-11-24T10:00:00.000Z', taskId: 't2', missionId: null, title: null, reason: 'Blurry photos' },
  ],
};

describe('next payout breakdown', () => {
  it('shows the total, three expandable rows with the policy percentage, and the formula with its figures', () => {
    const html = renderMarkup(<NextPayoutBreakdown next={next} />);
    expect(html).toContain('€29.75');
    expect(html.match(/<details/g)).toHaveLength(3);
    expect(html).toContain('Completed tasks value');
    expect(html).toContain('Reward reductions');
    expect(html).toMatch(/Overpayment repayment.*\(30%\)/);
    expect(html).toContain('−€5.00');
    expect(html).toContain('Shelf photo Maxima');
    expect(html).toContain('Blurry photos');
    expect(html).toContain('Payout = completed tasks − reward reductions − overpayment repayment');
    expect(html).toContain('€37.50 − €5.00 − €2.75 = €29.75');
    // Monday to Sunday in the market's week (periodEnd is exclusive).
    expect(html).toMatch(/For Nov 23\s*–\s*29/);
  });

  it('adds a bonuses row and term when missions or referrals paid', () => {
    const html = renderMarkup(<NextPayoutBreakdown next={{ ...next, bonuses: eur('15.00'), total: eur('44.75') }} />);
    expect(html.match(/<details/g)).toHaveLength(4);
    expect(html).toContain('€37.50 − €5.00 − €2.75 + €15.00 = €44.75');
  });
});

describe('past payouts', () => {
  const payout: Payout = {
    id: 'p1',
    weekStart: '2026-11-16',
    periodStart: '2026-11-15T22:00:00.000Z',
    periodEnd: '2026-11-22T22:00:00.000Z',
    status: 'paid',
    paidAt: '2026-11-24T09:00:00.000Z',
    taskReward: eur('25.00'),
    unpaidTasksDeductions: eur('0.00'),
    paidTasksDeductions: eur('0.00'),
    bonuses: eur('0.00'),
    total: eur('25.00'),
    tasksCount: 2,
    maxDeductionRate: '0.30',
    carriedOver: eur('0.00'),
    createdAt: '2026-11-23T01:00:00.000Z',
    lines: [],
  };

  it('says whether each was paid and when', () => {
    const html = renderMarkup(<PastPayouts payouts={[payout, { ...payout, id: 'p2', status: 'pending', paidAt: null }]} />);
    expect(html).toContain('Paid on Nov 24, 2026');
    expect(html).toContain('Not paid yet');
    expect(html).toContain('€25.00');
  });
});

describe('past payouts while there are none', () => {
  it('before any accepted work: the first payout follows the week of the first acceptance', () => {
    const none: NextPayment = { ...next, tasksCount: 0, lines: [], taskReward: eur('0.00'), total: eur('0.00') };
    expect(renderMarkup(<PastPayouts payouts={[]} next={none} />)).toContain('after the week in which staff accept your first task');
  });

  it('after the first acceptance: no longer waiting for one, the first payout is made after this week', () => {
    const html = renderMarkup(<PastPayouts payouts={[]} next={next} />);
    expect(html).not.toContain('accept your first task');
    expect(html).toContain('No payouts yet. Your first one, with the work accepted so far, is made after this week ends.');
  });
});
