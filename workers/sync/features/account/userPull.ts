/**
 * How often the worker asks for the user (spec section 4: the onboarding screen shows staff's
 * decision): every tick while the profile awaits a decision, every minute otherwise, and at once
 * when a notification says the profile was approved or rejected after the last pull.
 */
import type { UserStatus } from '#domain/types';
import { INTERVALS_MS } from '../../pulls/base';

/** The worker's timer ticks every 15 s: an awaited decision shows within one tick. */
export const AWAITING_DECISION_INTERVAL_MS = 15_000;

export function userPullInterval(status: UserStatus | null | undefined): number {
  return status === 'awaiting_approval' ? AWAITING_DECISION_INTERVAL_MS : INTERVALS_MS.user;
}

const DECISION_TYPES: readonly string[] = ['profile_approved', 'profile_rejected'];

/** Whether the pulled notifications (kv notifications:list) hold a profile decision newer than the user's last pull. */
export function decisionNoticeSince(notifications: unknown, userSyncedAt: string | null | undefined): boolean {
  if (!Array.isArray(notifications) || !userSyncedAt) return false;
  const synced = Date.parse(userSyncedAt);
  return notifications.some((n: unknown) => {
    const { type, createdAt } = (n ?? {}) as { type?: unknown; createdAt?: unknown };
    return typeof type === 'string' && DECISION_TYPES.includes(type) && typeof createdAt === 'string' && Date.parse(createdAt) > synced;
  });
}
