import { describe, expect, it } from 'vitest';
import type { SyncMeta } from '#db/schema';
import { isTrainingNew, trainingAccess, trainingNoticeFrom, trainingRoute, visibleTrainings } from './trainings';
import { DAY, daysAgo, now, training } from './testFixtures';

const synced: SyncMeta = { key: 'trainings', syncedAt: daysAgo(0), error: null, attemptedAt: daysAgo(0) };

describe('isTrainingNew', () => {
  it('is new within 45 days of its creation and not from the 45th day on', () => {
    expect(isTrainingNew({ createdAt: daysAgo(0) }, now)).toBe(true);
    expect(isTrainingNew({ createdAt: new Date(now.getTime() - 45 * DAY + 1000).toISOString() }, now)).toBe(true);
    expect(isTrainingNew({ createdAt: daysAgo(45) }, now)).toBe(false);
    expect(isTrainingNew({ createdAt: daysAgo(400) }, now)).toBe(false);
  });

  it('follows the clock, not the flag pulled days ago', () => {
    const pulledAsNew = training({ createdAt: daysAgo(50), isNew: true });
    expect(isTrainingNew(pulledAsNew, now)).toBe(false);
  });
});

describe('visibleTrainings', () => {
  it('hides disabled trainings and lists required ones first, then oldest first', () => {
    const list = visibleTrainings([
      training({ id: 'promo', createdAt: daysAgo(12) }),
      training({ id: 'off', enabled: false, isRequired: true }),
      training({ id: 'photos', isRequired: true, createdAt: daysAgo(380) }),
      training({ id: 'basics', isRequired: true, createdAt: daysAgo(400) }),
      training({ id: 'defects', createdAt: daysAgo(200) }),
    ]);
    expect(list.map((t) => t.id)).toEqual(['basics', 'photos', 'defects', 'promo']);
  });
});

describe('trainingAccess', () => {
  it('opens ordinary material for anyone', () => {
    expect(trainingAccess(training(), { isApproved: false })).toEqual({ kind: 'open', href: 'https://learn.shelfwork.app/basics' });
  });

  it('keeps NDA-protected material for approved taskers', () => {
    const nda = training({ ndaProtected: true, linkToTraining: 'https://learn.shelfwork.app/nda/planograms' });
    expect(trainingAccess(nda, { isApproved: true })).toEqual({ kind: 'open', href: 'https://learn.shelfwork.app/nda/planograms' });
    expect(trainingAccess({ ...nda, linkToTraining: '' }, { isApproved: false })).toEqual({ kind: 'approvalNeeded' });
    // Even a link the server should not have sent is not offered before approval.
    expect(trainingAccess(nda, { isApproved: false })).toEqual({ kind: 'approvalNeeded' });
    expect(trainingAccess(nda, null)).toEqual({ kind: 'approvalNeeded' });
  });

  it('offers nothing to open for an empty or non-http link', () => {
    expect(trainingAccess(training({ linkToTraining: '' }), { isApproved: true })).toEqual({ kind: 'unavailable' });
    expect(trainingAccess(training({ linkToTraining: 'javascript:alert(1)' }), { isApproved: true })).toEqual({ kind: 'unavailable' });
  });
});

describe('trainingRoute (the training guard)', () => {
  const list = [training({ id: 'basics' }), training({ id: 'off', enabled: false })];

  it('waits while the mirror is being read', () => {
    expect(trainingRoute('basics', undefined, synced)).toEqual({ kind: 'loading' });
    expect(trainingRoute('basics', list, undefined)).toEqual({ kind: 'loading' });
  });

  it('shows a training the mirror holds', () => {
    expect(trainingRoute('basics', list, synced)).toEqual({ kind: 'render', training: list[0] });
  });

  it('sends an unknown or disabled id back to the list once the list was pulled', () => {
    expect(trainingRoute('nope', list, synced)).toEqual({ kind: 'notFound' });
    expect(trainingRoute('off', list, synced)).toEqual({ kind: 'notFound' });
  });

  it('waits for the first pull instead of calling an id unknown', () => {
    expect(trainingRoute('basics', [], null)).toEqual({ kind: 'loading' });
    expect(trainingRoute('basics', [], { ...synced, syncedAt: null })).toEqual({ kind: 'loading' });
  });

  it('gives up on an id when the first pull failed (the list explains)', () => {
    expect(trainingRoute('basics', [], { ...synced, syncedAt: null, error: 'NETWORK' })).toEqual({ kind: 'unknown' });
  });
});

describe('trainingNoticeFrom', () => {
  it('reads only its own notice from navigation state', () => {
    expect(trainingNoticeFrom({ notice: 'TRAINING_NOT_FOUND' })).toBe('TRAINING_NOT_FOUND');
    expect(trainingNoticeFrom({ notice: 'TASK_NOT_FOUND' })).toBeNull();
    expect(trainingNoticeFrom(null)).toBeNull();
  });
});
