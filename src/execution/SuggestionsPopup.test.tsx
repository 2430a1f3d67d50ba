import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SuggestionsState } from '#contracts/kv';
import type { TaskRow } from '#db/schema';
import type { Training, User } from '#domain/types';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { makeTask, makeTaskType } from '../tasks/fixtures';
import { SuggestionsPopup } from './SuggestionsPopup';

const read = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('./useSuggestions', () => ({ useSuggestions: () => read.current }));

beforeAll(activateEnglish);

const training = (id: string, doneAt: string | null): Training => ({
  id,
  title: id,
  filterTitle: id,
  linkToTraining: 'https://example.com',
  ndaProtected: false,
  enabled: true,
  isRequired: true,
  doneAt,
  createdAt: '2026-01-01T00:00:00Z',
  isNew: false,
});

const needsTraining = makeTask({ id: 'needs', title: 'Needs the coffee training', taskType: makeTaskType({ id: 'coffee', trainings: [{ id: 'coffee-training', title: 'Coffee', linkToTraining: 'https://example.com' }] }) });
const open = makeTask({ id: 'open', title: 'Anyone may do this' });
const state: SuggestionsState = {
  taskIds: ['needs', 'open'],
  pageInfo: { endCursor: null, startCursor: null, hasNext: false, hasPrevious: false },
  total: 2,
  syncedAt: '2026-11-29T08:00:00Z',
};

function popup(user: Pick<User, 'isApproved'>, trainings: Training[], rows: TaskRow[] = [needsTraining, open]): string {
  read.current = { state, rows, user, trainings };
  return renderMarkup(<SuggestionsPopup taskId="done" onDone={() => undefined} />);
}

/** The cards' titles with whether each is locked, in order. */
function cards(html: string): [string, boolean][] {
  return [...html.matchAll(/<a [^>]*class="task-card( task-card--locked)?"[\s\S]*?<h3 class="task-card__title">([^<]*)<\/h3>/g)].map((m) => [m[2]!, m[1] !== undefined]);
}

describe('SuggestionsPopup', () => {
  it('locks a suggested task the tasker has not done the training for, as the lists do', () => {
    const html = popup({ isApproved: true }, [training('coffee-training', null)]);
    expect(cards(html)).toEqual([
      ['Needs the coffee training', true],
      ['Anyone may do this', false],
    ]);
    expect(html.match(/Locked/g)).toHaveLength(1);
  });

  it('leaves it open once the training is done', () => {
    expect(cards(popup({ isApproved: true }, [training('coffee-training', '2026-11-01T00:00:00Z')]))).toEqual([
      ['Needs the coffee training', false],
      ['Anyone may do this', false],
    ]);
  });

  it('locks every suggestion for a tasker not yet approved', () => {
    expect(cards(popup({ isApproved: false }, [training('coffee-training', '2026-11-01T00:00:00Z')])).map(([, locked]) => locked)).toEqual([true, true]);
  });
});
