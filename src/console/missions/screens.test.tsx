/**
 * The missions and attendance screens' markup with the API answered by stubs: a mission's reward
 * formatted from its decimal string, its objectives and counts; a task's attendance requests with
 * their states, and the screen waiting for a task id before it loads anything.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const answers = new Map<string, unknown>();
const queries: unknown[] = [];

vi.mock('../api', () => ({
  StaffApiError: class StaffApiError extends Error {
    code = 'UNKNOWN';
  },
  newIdempotencyKey: () => 'key',
  staffCall: vi.fn(),
  useStaffQuery: (def: { url: string }, input: unknown) => {
    queries.push(input);
    return input === null ? { data: undefined, error: null, loading: false, reload: () => undefined } : { data: answers.get(def.url), error: null, loading: false, reload: () => undefined };
  },
}));
vi.mock('../drafts', () => ({ useDraft: <T,>(_key: string, initial: T) => [initial, () => undefined, () => undefined] }));

const { default: MissionsScreen } = await import('./MissionsScreen');
const { default: AttendanceScreen } = await import('../attendance/AttendanceScreen');

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

describe('MissionsScreen', () => {
  it("lists the market's missions with the exact reward, objectives, time and counts", () => {
    answers.set('/api/staff/missions', {
      data: [
        {
          id: 'm1',
          countryCode: 'PL',
          name: 'Wiosna',
          useNameAsDisplayName: true,
          description: 'Spring push',
          moneyReward: { amount: '1234.50', currencyCode: 'PLN', currencySymbol: 'zł' },
          duration: 7 * 86400,
          objectives: [{ id: 'o1', contentType: 'task_type', allowedItems: ['shelf-check'], target: 5 }],
          assignedCount: 12,
          completedCount: 3,
          createdAt: '2026-03-01T08:00:00.000Z',
        },
      ],
    });
    queries.length = 0;
    const html = render('/staff/missions?country=PL', '/staff/missions', <MissionsScreen />);
    expect(queries[0]).toEqual({ query: { country: 'PL' } });
    expect(html).toContain('Wiosna');
    expect(html).toMatch(/PLN\s1,234\.50/);
    expect(html).toContain('5 accepted tasks');
    expect(html).toContain('shelf-check');
    expect(html).toContain('7 days');
    expect(html).toContain('<td class="num">12</td>');
    expect(html).toContain('New mission');
  });
});

describe('AttendanceScreen', () => {
  it('waits for a task id', () => {
    queries.length = 0;
    const html = render('/staff/attendance', '/staff/attendance', <AttendanceScreen />);
    expect(queries[0]).toBeNull();
    expect(html).toContain('Type a task&#x27;s id');
  });

  it("shows a task's requests with their states and the tasker's answer", () => {
    const base = { taskId: 't1', userId: 'u1', expiresAt: '2026-03-02T08:00:00.000Z', accept: null, justification: null, policyAgreed: null, answeredAt: null, lapsedAt: null, cancelledReservation: null, createdBy: 'author@shelfwork.app', createdAt: '2026-03-01T08:00:00.000Z' };
    answers.set('/api/staff/tasks/:id/attendance-requests', {
      data: [
        { ...base, id: 'a1', status: 'declined', accept: false, justification: 'Sick today', policyAgreed: true, answeredAt: '2026-03-01T09:00:00.000Z' },
        { ...base, id: 'a2', status: 'pending' },
      ],
    });
    const id = '0b5b2a52-6f7e-4a53-9d0c-2c1f1b0e9f11';
    queries.length = 0;
    const html = render(`/staff/attendance?task=${id}`, '/staff/attendance', <AttendanceScreen />);
    expect(queries[0]).toEqual({ params: { id } });
    expect(html).toContain('Will not attend');
    expect(html).toContain('Sick today');
    expect(html).toContain('Waiting for the tasker');
    expect(html).toContain('Ask the tasker to confirm');
  });
});
