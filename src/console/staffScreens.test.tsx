/**
 * The accounts, audit and tasker screens' markup with the API answered by stubs: what each role
 * sees, the audit's changed fields only, the fields a rejection flagged.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '#domain/staff';
import type * as SessionModule from './session';

const answers = new Map<string, unknown>();
let roles: StaffRole[] = ['admin'];

vi.mock('./api', () => ({
  StaffApiError: class StaffApiError extends Error {
    code = 'UNKNOWN';
  },
  newIdempotencyKey: () => 'key',
  staffCall: vi.fn(),
  staffDownload: vi.fn(() => new Promise(() => undefined)),
  useStaffQuery: (def: { url: string }) => ({ data: answers.get(def.url), error: null, loading: false, reload: () => undefined }),
}));
vi.mock('./drafts', () => ({ useDraft: <T,>(_key: string, initial: T) => [initial, () => undefined, () => undefined] }));
vi.mock('./session', async (original) => ({
  ...(await original<typeof SessionModule>()),
  getSession: () => ({ token: 't', refreshToken: 'r', staff: { id: 'me', email: 'me@example.com', name: 'Me', roles, markets: [], active: true } }),
}));

const { default: AccountsScreen } = await import('./accounts/AccountsScreen');
const { default: AuditScreen } = await import('./audit/AuditScreen');
const { default: TaskersScreen } = await import('./taskers/TaskersScreen');
const { default: TaskerScreen } = await import('./taskers/TaskerScreen');

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
beforeEach(() => {
  answers.clear();
  roles = ['admin'];
});

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

const account = (id: string, email: string, over: Record<string, unknown> = {}) => ({
  id,
  email,
  name: email.split('@')[0],
  roles: ['author'],
  markets: ['LT'],
  active: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

const user = (over: Record<string, unknown> = {}) => ({
  id: 'u1',
  email: 'tomas@example.com',
  firstName: 'Tomas',
  middleName: null,
  lastName: 'Kazlauskas',
  fullName: 'Tomas Kazlauskas',
  phone: '+37060000000',
  countryCode: 'LT',
  status: 'awaiting_approval',
  isNew: false,
  isApproved: false,
  isAwaitingApproval: true,
  isRejected: false,
  isDeactivated: false,
  trainingDone: true,
  paymentDocumentsDone: true,
  profileComplete: true,
  historicalTaskCount: 3,
  rejectionReasons: [],
  rejectionComment: null,
  referralCode: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  iban: 'LT121000011101001000',
  address: 'Gedimino pr. 1',
  ...over,
});

describe('staff accounts screen', () => {
  it('lists the accounts with their roles and markets, a deactivated one marked, and no deactivate button on oneself', () => {
    answers.set('/api/staff/accounts', {
      data: [account('me', 'me@example.com', { roles: ['admin'], markets: [] }), account('s2', 'rita@example.com', { active: false, roles: ['reviewer', 'finance'] })],
    });
    const html = render('/staff/accounts', '/staff/accounts', <AccountsScreen />);
    expect(html).toContain('rita@example.com');
    expect(html).toContain('Reviewer, Finance');
    expect(html).toContain('Deactivated');
    expect(html).toContain('Reactivate');
    // Only the other member has the activate/deactivate button; one's own row has none.
    expect(html.match(/>Deactivate</g)).toBeNull();
    expect(html).toContain('Add a staff member');
    expect(html.match(/type="checkbox"/g)?.length).toBe(6 + 4);
  });
});

describe('audit screen', () => {
  it('shows only the fields that changed', () => {
    answers.set('/api/staff/accounts', { data: [] });
    answers.set('/api/staff/audit', {
      data: [
        {
          id: 'a1',
          staffId: 'me',
          actor: 'me@example.com',
          action: 'staff.update',
          entity: 'staff',
          entityId: 's2',
          country: null,
          before: { name: 'Rita', roles: ['author'], markets: ['LT'] },
          after: { name: 'Rita', roles: ['author', 'reviewer'], markets: ['LT'] },
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
      nextCursor: 'c2',
    });
    const html = render('/staff/audit?entity=staff', '/staff/audit', <AuditScreen />);
    expect(html).toContain('staff.update');
    expect(html).toContain('<th scope="row">roles</th><td class="audit-before">[&quot;author&quot;]</td><td class="audit-after">[&quot;author&quot;,&quot;reviewer&quot;]</td>');
    expect(html).not.toContain('>name<');
    expect(html).not.toContain('>markets<');
    expect(html).toContain('Show more');
    expect(html).toContain('value="staff"');
  });
});

describe('tasker screens', () => {
  it('lists the search results with their status', () => {
    roles = ['finance'];
    answers.set('/api/staff/users', { data: [user()], total: 1, nextOffset: null });
    const html = render('/staff/taskers?status=awaiting_approval', '/staff/taskers', <TaskersScreen />);
    expect(html).toContain('Tomas Kazlauskas');
    expect(html).toContain('Awaiting approval');
    expect(html).toContain('href="/staff/taskers/u1"');
    expect(html).not.toContain('Show more');
  });

  it('gives onboarding the decision: approve, reject with fields, deactivate, trainings', () => {
    roles = ['onboarding'];
    answers.set('/api/staff/users/:id', {
      user: user(),
      documents: [{ id: 'd1', kind: 'identity_document', src: '/api/staff/users/u1/documents/d1/file', uploadedAt: '2026-10-02T10:00:00.000Z', deletedAt: null }],
      events: [],
      trainings: [{ id: 't1', title: 'Shelf photos', isRequired: true, enabled: true, doneAt: null }],
    });
    const html = render('/staff/taskers/u1', '/staff/taskers/:id', <TaskerScreen />);
    expect(html).toContain('Approve');
    expect(html).toContain('Reject…');
    expect(html).toContain('Deactivate');
    expect(html).toContain('Mark done');
    expect(html).toContain('Identity document');
    expect(html).toContain('LT121000011101001000');
  });

  it('shows finance the profile without the decision, and marks the fields a rejection named', () => {
    roles = ['finance'];
    answers.set('/api/staff/users/:id', {
      user: user({ status: 'rejected', isAwaitingApproval: false, isRejected: true, rejectionReasons: ['iban'], rejectionComment: 'The IBAN is not yours' }),
      documents: [{ id: 'd2', kind: 'payment_document', src: '/api/staff/users/u1/documents/d2/file', uploadedAt: '2026-10-02T10:00:00.000Z', deletedAt: null }],
      events: [{ kind: 'rejected', actor: 'ona@example.com', reasons: ['iban'], comment: 'The IBAN is not yours', detail: {}, createdAt: '2026-10-03T10:00:00.000Z' }],
      trainings: [],
    });
    const html = render('/staff/taskers/u1', '/staff/taskers/:id', <TaskerScreen />);
    expect(html).not.toContain('Approve');
    expect(html).not.toContain('Mark done');
    expect(html).toContain('The IBAN is not yours');
    expect(html).toMatch(/<tr class="tasker-flagged"><th scope="row">IBAN<\/th>/);
    // The document's file needs the onboarding role: finance sees that it exists, nothing is fetched.
    expect(html).toContain('Documents need the onboarding role.');
    expect(html).toContain('Payment document');
  });
});
