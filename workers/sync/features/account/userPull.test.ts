import { describe, expect, it } from 'vitest';
import { AWAITING_DECISION_INTERVAL_MS, decisionNoticeSince, userPullInterval } from './userPull';
import { INTERVALS_MS } from '../../pulls/base';

describe('the user pull', () => {
  it('asks every tick (15 s) while the profile awaits a decision, every minute otherwise', () => {
    expect(userPullInterval('awaiting_approval')).toBe(AWAITING_DECISION_INTERVAL_MS);
    expect(AWAITING_DECISION_INTERVAL_MS).toBeLessThanOrEqual(15_000);
    for (const status of ['new', 'active', 'rejected', 'deactivated', undefined] as const) expect(userPullInterval(status)).toBe(INTERVALS_MS.user);
  });

  it('is due at once when a notification says the profile was approved or rejected after the last pull', () => {
    const notice = (type: string, createdAt: string) => ({ id: type, type, createdAt, resourceId: null, title: '', body: '', seen: false });
    const syncedAt = '2026-11-29T08:00:00.000Z';
    expect(decisionNoticeSince([notice('profile_approved', '2026-11-29T08:00:30.000Z')], syncedAt)).toBe(true);
    expect(decisionNoticeSince([notice('profile_rejected', '2026-11-29T08:00:30.000Z')], syncedAt)).toBe(true);
    expect(decisionNoticeSince([notice('profile_approved', '2026-11-29T07:59:00.000Z')], syncedAt)).toBe(false);
    expect(decisionNoticeSince([notice('task_rejected', '2026-11-29T08:00:30.000Z')], syncedAt)).toBe(false);
    expect(decisionNoticeSince(undefined, syncedAt)).toBe(false);
    expect(decisionNoticeSince([notice('profile_approved', '2026-11-29T08:00:30.000Z')], null)).toBe(false);
  });
});
