import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#domain/types';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { AvailableTaskSections } from './AvailableTaskSections';
import { makeTask } from './fixtures';
import { TaskDetailSlotsProvider, type TaskDetailSlots } from './slots';

beforeAll(activateEnglish);

const slots: TaskDetailSlots = {
  AttendanceBanner: () => null,
  InstructionsButton: () => <a href="/task/t1/instructions">Instructions</a>,
  TaskExecutionSections: () => null,
  FinishedTaskSyncStatus: () => null,
  HistoryWorkDetails: () => null,
};

const render = (isApproved: boolean) =>
  renderMarkup(
    <TaskDetailSlotsProvider value={slots}>
      <AvailableTaskSections task={makeTask({ status: 'available' })} user={{ isApproved } as User} trainings={undefined} distance={null} />
    </TaskDetailSlotsProvider>,
  );

const count = (html: string, text: string) => html.split(text).length - 1;

describe('AvailableTaskSections', () => {
  it('names the instructions once: the button for an approved tasker, the note for others', () => {
    const approved = render(true);
    expect(count(approved, '>Instructions<')).toBe(1);
    expect(approved).toContain('href="/task/t1/instructions"');
    const waiting = render(false);
    expect(count(waiting, '>Instructions<')).toBe(1);
    expect(waiting).toContain('Instructions are shown once your profile is approved.');
  });

  it('says one missing training in the singular, several in the plural', () => {
    const ref = (id: string) => ({ id, title: `Training ${id}`, linkToTraining: `https://training.example/${id}` });
    const withMissing = (ids: string[]) =>
      renderMarkup(
        <TaskDetailSlotsProvider value={slots}>
          <AvailableTaskSections
            task={makeTask({ status: 'available', taskType: { ...makeTask().taskType, trainings: ids.map(ref) } })}
            user={{ isApproved: true } as User}
            trainings={[]}
            distance={null}
          />
        </TaskDetailSlotsProvider>,
      );
    const one = withMissing(['a']);
    expect(one).toContain('Missing training<');
    expect(one).toContain('Complete the training listed below to reserve this task.');
    const two = withMissing(['a', 'b']);
    expect(two).toContain('Missing trainings<');
    expect(two).toContain('Complete the trainings listed below to reserve this task.');
  });
});
