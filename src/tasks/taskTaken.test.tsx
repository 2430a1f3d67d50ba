import { beforeAll, describe, expect, it } from 'vitest';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { refreshOutcome } from './refreshOutcome';
import { noticeFromLocationState } from './routes';
import { TaskListNoticeText } from './TaskListNoticeText';

beforeAll(activateEnglish);

describe('a task another tasker just took', () => {
  it('is "taken", not "not found", and the list says it is no longer available', () => {
    const taken = refreshOutcome({ ok: false, error: { status: 404, code: 'TASK_NO_LONGER_AVAILABLE', message: '' } });
    expect(taken).toBe('taken');
    expect(refreshOutcome({ ok: false, error: { status: 404, code: 'TASK_NOT_FOUND', message: '' } })).toBe('not_found');
    const notice = noticeFromLocationState({ notice: 'TASK_NO_LONGER_AVAILABLE' });
    expect(notice).toBe('TASK_NO_LONGER_AVAILABLE');
    const html = renderMarkup(<TaskListNoticeText notice={notice ?? 'TASK_NOT_FOUND'} />);
    expect(html).toContain('This task is no longer available.');
    expect(html).not.toContain('Task not found');
  });
});
