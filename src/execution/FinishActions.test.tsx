import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import type { ChecklistItemRow, OutboxRecord } from '#db/schema';
import { FinishActions } from './FinishActions';

beforeAll(activateEnglish);

const render = renderMarkup;

const item = (id: string, over: Partial<ChecklistItemRow> = {}): ChecklistItemRow => ({
  id,
  taskId: 't1',
  position: 0,
  type: 'plain',
  title: id,
  description: null,
  isDone: false,
  isOptional: false,
  metadata: {},
  ...over,
});

// A loose rejected record (any kind name, no payload): the actions read only its kind and state.
const rejected = (kind: string, path: string): OutboxRecord => ({
  id: kind,
  taskId: 't1',
  kind,
  method: 'POST',
  path,
  payload: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  attempts: 1,
  state: 'rejected',
  nextAttemptAt: null,
  error: { status: 420, code: 'UNKNOWN', message: 'No' },
}) as unknown as OutboxRecord;

describe('FinishActions', () => {
  it('finishes through the incompletion confirmation while a required item is open', () => {
    const html = render(<FinishActions taskId="t1" items={[item('a'), item('b', { isOptional: true })]} doneIds={[]} rejected={[]} completing={false} />);
    expect(html).toContain('href="/task/t1/confirm_incomplete"');
    expect(html).toContain('1 required item is not done yet.');
  });

  it('finishes through the completion confirmation when every required item is done', () => {
    const html = render(<FinishActions taskId="t1" items={[item('a'), item('b', { isOptional: true })]} doneIds={['a']} rejected={[]} completing={false} />);
    expect(html).toContain('href="/task/t1/confirm_complete"');
  });

  it("offers 'Cannot be completed' only when the checklist has a defect-type item", () => {
    const without = render(<FinishActions taskId="t1" items={[item('a')]} doneIds={[]} rejected={[]} completing={false} />);
    const withDefects = render(<FinishActions taskId="t1" items={[item('a'), item('d', { type: 'defects' })]} doneIds={[]} rejected={[]} completing={false} />);
    expect(without).not.toContain('Cannot be completed');
    expect(withDefects).toContain('Cannot be completed');
    expect(withDefects).toContain('href="/task/t1/blockers"');
  });

  it('says the tasker can finish anyway when only other records were refused', () => {
    const defects = render(<FinishActions taskId="t1" items={[]} doneIds={[]} rejected={[rejected('task-defects', 'task/t1/defects')]} completing={false} />);
    const start = render(<FinishActions taskId="t1" items={[]} doneIds={[]} rejected={[rejected('start-task', 'task/t1/start')]} completing={false} />);
    expect(defects).toContain('There was an error, but you can finish anyway');
    expect(start).not.toContain('There was an error, but you can finish anyway');
  });

  it('replaces the buttons with a note once the completion is queued', () => {
    const html = render(<FinishActions taskId="t1" items={[item('a')]} doneIds={['a']} rejected={[]} completing />);
    expect(html).not.toContain('Finish task');
    expect(html).toContain('will be sent when there is a connection');
  });
});
