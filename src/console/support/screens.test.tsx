/**
 * The support inbox's and a request's markup with the API answered by stubs: the filters read
 * from the address, open requests marked, a "More" button only when the server has a next page,
 * the thread oldest first with each reply's mail state, "Mark handled" on an open request and
 * "Reopen" on a handled one, and the reply box's counter against the server's limit.
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
    return { data: answers.get(def.url), error: null, loading: false, reload: () => undefined };
  },
}));
const drafts = new Map<string, unknown>();
vi.mock('../drafts', () => ({ useDraft: <T,>(key: string, initial: T) => [drafts.get(key) ?? initial, () => undefined, () => undefined] }));

const { default: InboxScreen, inboxQuery } = await import('./InboxScreen');
const { default: RequestScreen, replyLength } = await import('./RequestScreen');

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

function summary(id: string, status: 'open' | 'handled', replies = 0) {
  return {
    id,
    tasker: { id: `u-${id}`, email: `${id}@x.lt`, name: id === 'a' ? 'Rasa Jonaitė' : null },
    market: 'LT',
    body: `Message ${id}`,
    locale: 'lt' as const,
    createdAt: '2026-03-01T08:00:00.000Z',
    mailedAt: '2026-03-01T08:00:01.000Z',
    status,
    handledAt: status === 'handled' ? '2026-03-02T08:00:00.000Z' : null,
    handledBy: status === 'handled' ? 'agent@shelfwork.app' : null,
    replies,
    lastReplyAt: replies > 0 ? '2026-03-01T09:00:00.000Z' : null,
  };
}

describe('inboxQuery', () => {
  it('reads the filters from the address: open by default, all, unknown values left out', () => {
    expect(inboxQuery(new URLSearchParams(''))).toEqual({ status: 'open' });
    expect(inboxQuery(new URLSearchParams('status=all&country=PL&q=%20rasa%20'))).toEqual({ country: 'PL', q: 'rasa' });
    expect(inboxQuery(new URLSearchParams('status=handled&country=DE'))).toEqual({ status: 'handled' });
  });
});

describe('InboxScreen', () => {
  it('lists the requests with the tasker, market, language and state, and offers more when there is a next page', () => {
    answers.set('/api/staff/support', { data: [summary('a', 'open', 2), summary('b', 'handled')], nextCursor: 'next' });
    queries.length = 0;
    const html = render('/staff/support?country=LT&q=rasa', '/staff/support', <InboxScreen />);
    expect(queries[0]).toEqual({ query: { country: 'LT', status: 'open', q: 'rasa' } });
    expect(html).toContain('href="/staff/support/a"');
    expect(html).toContain('Rasa Jonaitė');
    expect(html).toContain('b@x.lt');
    expect(html).toContain('Message a');
    expect(html.match(/class="is-open"/g)).toHaveLength(1);
    expect(html).toContain('>More<');
  });

  it('says when nothing is open, and has no More on the last page', () => {
    answers.set('/api/staff/support', { data: [], nextCursor: null });
    const html = render('/staff/support', '/staff/support', <InboxScreen />);
    expect(html).toContain('No open requests');
    expect(html).not.toContain('>More<');
  });
});

describe('RequestScreen', () => {
  const detail = (status: 'open' | 'handled') => ({
    request: summary('a', status, 2),
    tasker: { id: 'u-a', email: 'a@x.lt', name: 'Rasa Jonaitė', phone: '+37061234567', status: 'active', country: 'LT' },
    supportEmail: 'pagalba@shelfwork.example',
    replies: [
      { id: 'r1', actor: 'agent@shelfwork.app', staffId: 's1', body: 'First answer', createdAt: '2026-03-01T09:00:00.000Z', mailedAt: '2026-03-01T09:00:01.000Z' },
      { id: 'r2', actor: 'agent@shelfwork.app', staffId: 's1', body: 'Second answer', createdAt: '2026-03-01T10:00:00.000Z', mailedAt: null },
    ],
  });

  it('shows the message, the replies in order with their mail state, the tasker and Mark handled on an open request', () => {
    answers.set('/api/staff/support/:id', detail('open'));
    const html = render('/staff/support/a', '/staff/support/:id', <RequestScreen />);
    expect(html.indexOf('Message a')).toBeLessThan(html.indexOf('First answer'));
    expect(html.indexOf('First answer')).toBeLessThan(html.indexOf('Second answer'));
    expect(html).toContain('Not mailed yet');
    expect(html).toContain('pagalba@shelfwork.example');
    expect(html).toContain('+37061234567');
    expect(html).toContain('Mark handled');
    expect(html).not.toContain('>Reopen<');
    // An empty reply cannot be sent.
    expect(html).toMatch(/<button type="submit" class="btn btn-primary" disabled="">Send reply<\/button>/);
  });

  it('offers Reopen on a handled request and keeps the typed draft with its length', () => {
    answers.set('/api/staff/support/:id', detail('handled'));
    drafts.set('support:reply:a', 'Ačiū 🙂');
    const html = render('/staff/support/a', '/staff/support/:id', <RequestScreen />);
    expect(html).toContain('>Reopen<');
    expect(html).toContain('agent@shelfwork.app');
    expect(html).toContain('Ačiū 🙂</textarea>');
    expect(html).toContain('6 / 5000');
    drafts.clear();
  });

  it('counts the reply as the server does: trimmed code points', () => {
    expect(replyLength('  a🙂b  ')).toBe(3);
    expect(replyLength('   ')).toBe(0);
  });
});
