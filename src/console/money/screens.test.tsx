/**
 * The money screens' markup with the API answered by stubs: exact sums from decimal strings, the
 * SEPA export only for a EUR market, the run button only on a due week, paid rows not selectable.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const answers = new Map<string, unknown>();

vi.mock('../api', () => ({
  StaffApiError: class StaffApiError extends Error {
    code = 'UNKNOWN';
  },
  staffCall: vi.fn(),
  staffDownload: vi.fn(),
  useStaffQuery: (def: { url: string }) => ({ data: answers.get(def.url), error: null, loading: false, reload: () => undefined }),
}));
vi.mock('../drafts', () => ({ useDraft: <T,>(_key: string, initial: T) => [initial, () => undefined, () => undefined] }));

const { default: WeekScreen } = await import('./WeekScreen');
const { default: WeeksScreen } = await import('./WeeksScreen');

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

function render(path: string, pattern: string, node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={node} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const eur = (amount: string) => ({ amount, currencyCode: 'EUR', currencySymbol: '€' });
const pln = (amount: string) => ({ amount, currencyCode: 'PLN', currencySymbol: 'zł' });

function payout(id: string, status: 'pending' | 'paid', total: ReturnType<typeof eur>, email: string) {
  const zero = { ...total, amount: '0.00' };
  return {
    id,
    weekStart: '2026-03-02',
    periodStart: '2026-03-01T22:00:00.000Z',
    periodEnd: '2026-03-08T22:00:00.000Z',
    status,
    paidAt: status === 'paid' ? '2026-03-10T10:00:00.000Z' : null,
    taskReward: total,
    unpaidTasksDeductions: zero,
    paidTasksDeductions: zero,
    bonuses: zero,
    total,
    tasksCount: 1,
    maxDeductionRate: '0.30',
    carriedOver: zero,
    createdAt: '2026-03-09T06:00:00.000Z',
    lines: [],
    user: { id: `u-${id}`, email, firstName: 'Rūta', lastName: 'Žemaitė', iban: 'LT121000011101001000' },
  };
}

describe('WeekScreen', () => {
  it('sums the decimal strings exactly, offers SEPA for EUR, and lets only pending payouts be selected', () => {
    answers.set('/api/staff/payouts', {
      countryCode: 'LT',
      weekStart: '2026-03-02',
      run: { payoutsCount: 2, finishedAt: '2026-03-09T06:00:00.000Z' },
      data: [payout('a', 'pending', eur('0.10'), 'a@x.lt'), payout('b', 'pending', eur('0.20'), 'b@x.lt'), payout('c', 'paid', eur('1234.56'), 'c@x.lt')],
    });
    const html = render('/staff/money/LT/2026-03-02', '/staff/money/:country/:week', <WeekScreen />);
    expect(html).toContain('€0.30'); // 0.10 + 0.20, not 0.30000000000000004
    expect(html).toContain('€1,234.86');
    expect(html).toContain('Export SEPA XML');
    expect(html).toContain('LT121000011101001000');
    expect(html.match(/aria-label="Select [abc]@x\.lt"/g)).toEqual(['aria-label="Select a@x.lt"', 'aria-label="Select b@x.lt"']);
    expect(html).not.toContain('btn-secondary">Run the week');
  });

  it('has no SEPA export for a market paid in another currency, and offers the run of a week not run', () => {
    answers.set('/api/staff/payouts', { countryCode: 'PL', weekStart: '2026-03-02', run: null, data: [payout('p', 'pending', pln('10.00'), 'p@x.pl')] });
    const html = render('/staff/money/PL/2026-03-02', '/staff/money/:country/:week', <WeekScreen />);
    expect(html).not.toContain('SEPA');
    expect(html).toContain('Export CSV');
    expect(html).toContain('btn-secondary">Run the week');
    expect(html).toContain('PLN');
  });
});

describe('WeeksScreen', () => {
  it('shows each week’s state and totals, with a run button on the due week only', () => {
    answers.set('/api/staff/payouts/weeks', {
      countryCode: 'LT',
      currencyCode: 'EUR',
      currencySymbol: '€',
      data: [
        { weekStart: '2026-03-09', over: false, run: null, payouts: 0, pending: 0, paid: 0, total: '0.00', pendingTotal: '0.00' },
        { weekStart: '2026-03-02', over: true, run: null, payouts: 0, pending: 0, paid: 0, total: '0.00', pendingTotal: '0.00' },
        { weekStart: '2026-02-23', over: true, run: { payoutsCount: 3, finishedAt: '2026-03-02T06:00:00.000Z' }, payouts: 3, pending: 1, paid: 2, total: '45.67', pendingTotal: '5.01' },
      ],
    });
    const html = render('/staff/money?country=LT', '/staff/money', <WeeksScreen />);
    expect(html.match(/class="btn btn-secondary">Run the week<\/button>/g)).toHaveLength(1);
    expect(html).toContain('Week not over');
    expect(html).toContain('Due to run');
    expect(html).toContain('€45.67');
    expect(html).toContain('€5.01');
    expect(html).toContain('href="/staff/money/LT/2026-02-23"');
  });
});
