import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { AttendanceBanner } from './AttendanceBanner';
import { AttendanceForm } from './AttendanceDialog';
import type { AttendanceRequestView } from './queries';

beforeAll(activateEnglish);

const request: AttendanceRequestView = {
  id: 'r1',
  taskId: 't1',
  expiresAt: '2026-03-10T11:00:00.000Z',
  createdAt: '2026-03-10T09:00:00.000Z',
  task: { id: 't1', title: 'Coffee shelf photo', timeWindowStart: '2026-03-11T08:00:00.000Z', timeWindowEnd: '2026-03-11T16:00:00.000Z', place: { id: 'p', title: 'Iki Šančiai', address: 'Kovo 11-osios g. 22', city: 'Kaunas' } },
  waiting: false,
  refused: null,
};

describe('AttendanceDialog', () => {
  it('shows a no kept in its draft with the reason, its counter and the tick', () => {
    const html = renderMarkup(<AttendanceForm request={request} onClose={() => undefined} values={{ accept: false, justification: 'Car broke down', policyAgreed: true }} setValues={() => undefined} />);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*\/><span>No, I cannot attend/);
    expect(html).toContain('>Car broke down</textarea>');
    expect(html).toMatch(/<input type="checkbox" checked=""/);
  });


  it('names the task and the deadline, offers yes and no, and starts with submit disabled and no comment box', () => {
    const html = renderMarkup(<AttendanceForm request={request} onClose={() => undefined} values={{ accept: null, justification: '', policyAgreed: false }} setValues={() => undefined} />);
    for (const text of ['Will you attend?', 'Coffee shelf photo', 'Iki Šančiai', 'Yes, I will attend', 'No, I cannot attend', 'the reservation is canceled']) expect(html).toContain(text);
    // The comment and the policy checkbox are shown only for no.
    expect(html).not.toContain('<textarea');
    expect(html).not.toContain('type="checkbox"');
    expect(html).toMatch(/<button type="button" class="btn btn-primary"[^>]*disabled/);
  });
});

describe('AttendanceBanner', () => {
  it('renders nothing without requests', () => {
    expect(renderMarkup(<AttendanceBanner />)).toBe('');
  });
});
