/** Test fixtures shared by the trainings tests: a fixed now and an optional, enabled training made 100 days before it. */
import type { Training } from '#domain/types';

export const now = new Date('2026-11-23T12:00:00Z');
export const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

export function training(over: Partial<Training> = {}): Training {
  return {
    id: 'basics',
    title: 'Shelfwork basics',
    filterTitle: 'Basics',
    linkToTraining: 'https://learn.shelfwork.app/basics',
    ndaProtected: false,
    enabled: true,
    isRequired: false,
    doneAt: null,
    createdAt: daysAgo(100),
    isNew: false,
    ...over,
  };
}
