import { beforeAll, describe, expect, it } from 'vitest';
import type { Mission } from '#domain/missions';
import { activateEnglish, renderMarkup } from '../test-support/renderMarkup';
import { MissionCard } from './MissionCard';
import { MissionObjectives } from './MissionObjectives';

beforeAll(activateEnglish);

const mission: Mission = {
  id: 'm1',
  name: 'Shelf week',
  useNameAsDisplayName: true,
  description: 'Do shelf photos',
  objectives: [
    { id: 'o1', contentType: 'task_type', allowedItems: ['tt1'], target: 3, count: 1, candidateCount: 2, isCompleted: false, isCandidate: false },
    { id: 'o2', contentType: 'training', allowedItems: ['tr1'], target: 1, count: 1, candidateCount: 1, isCompleted: true, isCandidate: false },
  ],
  moneyReward: { amount: '15.00', currencyCode: 'EUR', currencySymbol: '€' },
  duration: null,
  remainingTime: null,
  isActive: true,
  isCompleted: false,
  isExpired: false,
  completedPercentage: 50,
  candidatePercentage: 75,
  completedObjectives: ['o2'],
  pendingObjectives: ['o1'],
  expiresAt: null,
  completedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('mission card', () => {
  it('shows the progress ring, reward, objectives with their names, and no time limit', () => {
    const html = renderMarkup(<MissionCard mission={mission} itemNames={{ tt1: 'Shelf photo', tr1: 'Safety basics' }} onOpen={() => undefined} />);
    expect(html).toContain('aria-label="50% done, 75% with work awaiting confirmation"');
    expect(html).toContain('Bonus €15.00');
    expect(html).toContain('Accepted tasks: 1 of 3');
    expect(html).toContain('Trainings done: 1 of 1');
    expect(html).toContain('Shelf photo');
    expect(html).toContain('Safety basics');
    expect(html).toContain('No time limit');
    expect(html).not.toContain('see more');
  });

  it("cuts a title over 90 characters with 'see more'", () => {
    const long = 'Complete five shelf photo tasks in Vilnius stores before the end of the month and earn a bonus';
    const html = renderMarkup(<MissionCard mission={{ ...mission, name: long }} itemNames={{}} onOpen={() => undefined} />);
    expect(html).toContain('earn a…');
    expect(html).not.toContain('earn a bonus');
    expect(html).toContain('see more');
  });

  it('marks an objective that completes once the work awaiting confirmation is accepted', () => {
    const html = renderMarkup(
      <MissionObjectives objectives={[{ ...mission.objectives[0]!, candidateCount: 3, isCandidate: true }]} itemNames={{}} />,
    );
    expect(html).toContain('mission-objective--candidate');
    expect(html).toContain('Done once your work awaiting confirmation is accepted');
  });
});
