/**
 * Missions (spec sections 3, 4, 5): the API shape of GET mission/my, an objective's progress,
 * the mission's percentages and the spec's sort order. Pure; the server builds missions with it,
 * the page sorts and shows them.
 */
import type { Money } from './types';

export const MISSION_CONTENT_TYPES = ['task_type', 'training'] as const;
export type MissionContentType = (typeof MISSION_CONTENT_TYPES)[number];

/** A mission title longer than this is truncated with 'see more' (spec section 5). */
export const MISSION_TITLE_MAX = 90;

export interface MissionObjective {
  id: string;
  /** task_type: accepted tasks of one of allowedItems (task type ids); training: trainings done (training ids). */
  contentType: MissionContentType;
  allowedItems: string[];
  target: number;
  /** Counted so far (capped at target). */
  count: number;
  /** Counted with the work awaiting confirmation too (capped at target). */
  candidateCount: number;
  isCompleted: boolean;
  /** Not completed, but would be if the work awaiting confirmation is accepted. */
  isCandidate: boolean;
}

export interface Mission {
  id: string;
  name: string;
  useNameAsDisplayName: boolean;
  description: string;
  objectives: MissionObjective[];
  moneyReward: Money | null;
  /** Seconds from assignment to expiry; null = unlimited. */
  duration: number | null;
  /** Seconds left; null = unlimited, 0 once expired or completed. */
  remainingTime: number | null;
  isActive: boolean;
  isCompleted: boolean;
  isExpired: boolean;
  /** 0–100, whole numbers. */
  completedPercentage: number;
  candidatePercentage: number;
  completedObjectives: string[];
  pendingObjectives: string[];
  expiresAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

/**
 * Whether the tasker is shown the mission's own name: staff chose to show it, or the mission has
 * no description to stand for it. Otherwise the tasker sees the app's generic title
 * (GENERIC_MISSION_TITLE) — on the missions screens and in the notifications alike.
 */
export function showsMissionName(mission: Pick<Mission, 'useNameAsDisplayName' | 'description'>): boolean {
  return mission.useNameAsDisplayName || !mission.description.trim();
}

/**
 * The generic title's English: a msgid of the app's catalogs (the page says it with Lingui's `t`,
 * the server looks it up for the notifications, server/notifications/words.ts).
 */
export const GENERIC_MISSION_TITLE = 'Bonus mission';

/**
 * The `missionName` of a mission's notification: its name when the tasker is shown it, else ''
 * (worded as the generic title in the reader's language, `notificationValues`).
 */
export function missionNotificationName(mission: Pick<Mission, 'name' | 'useNameAsDisplayName' | 'description'>): string {
  return showsMissionName(mission) ? mission.name : '';
}

/** Progress of one objective from its raw counts. */
export function objectiveProgress(target: number, accepted: number, awaiting: number): Pick<MissionObjective, 'count' | 'candidateCount' | 'isCompleted' | 'isCandidate'> {
  const count = Math.min(accepted, target);
  const candidateCount = Math.min(accepted + awaiting, target);
  const isCompleted = count >= target;
  return { count, candidateCount, isCompleted, isCandidate: !isCompleted && candidateCount >= target };
}

/** Whole percentages over all objectives (each counts up to its target). */
export function missionPercentages(objectives: readonly Pick<MissionObjective, 'target' | 'count' | 'candidateCount'>[]): { completed: number; candidate: number } {
  const total = objectives.reduce((s, o) => s + o.target, 0);
  if (total <= 0) return { completed: 0, candidate: 0 };
  const done = objectives.reduce((s, o) => s + Math.min(o.count, o.target), 0);
  const cand = objectives.reduce((s, o) => s + Math.min(o.candidateCount, o.target), 0);
  return { completed: Math.floor((done * 100) / total), candidate: Math.floor((cand * 100) / total) };
}

function rank(m: Pick<Mission, 'isActive' | 'isCompleted' | 'isExpired'>): number {
  if (m.isActive) return 0;
  if (m.isCompleted) return 1;
  if (m.isExpired) return 2;
  return 3;
}

/**
 * Spec section 4: active, completed, expired, other; then those with an expiry first (sooner
 * first), then by progress (further first); then newest assignment, then id.
 */
export function compareMissions(a: Mission, b: Mission): number {
  return (
    rank(a) - rank(b) ||
    (a.expiresAt === null ? 1 : 0) - (b.expiresAt === null ? 1 : 0) ||
    (a.expiresAt !== null && b.expiresAt !== null ? Date.parse(a.expiresAt) - Date.parse(b.expiresAt) : 0) ||
    b.completedPercentage - a.completedPercentage ||
    Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function sortMissions(missions: readonly Mission[]): Mission[] {
  return [...missions].sort(compareMissions);
}
