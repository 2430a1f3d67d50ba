/**
 * Glue between the domain's day grouping (historyDayGroup: today, yesterday, a date) and the
 * history screens: which instant a historical task is filed under, newest first, the day
 * buckets of a status list, and the preview of a status card (spec section 2: 2 tasks each).
 */
import { historyDayGroup } from '#domain/tasks';
import { HISTORY_STATUSES, type HistoryStatus, type Task, type TaskStatus } from '#domain/types';

/** Tasks a history card previews (spec section 2). */
export const HISTORY_CARD_PREVIEW = 2;

type HistoryTask = Pick<Task, 'id' | 'status' | 'endTime' | 'timeWindowEnd'>;

export function isHistoryStatus(value: string | undefined): value is HistoryStatus {
  return value !== undefined && (HISTORY_STATUSES as readonly string[]).includes(value);
}

/**
 * The day a task is filed under: when the tasker finished it, or for a task never finished
 * (expired) the end of its window. The same value the server orders history by (-end_time, i.e.
 * coalesce(end_time, time_window_end)), so pages loaded later never land above earlier ones.
 */
export function historyInstant(task: HistoryTask): string {
  return task.endTime ?? task.timeWindowEnd;
}

function newestFirst(a: HistoryTask, b: HistoryTask): number {
  const diff = Date.parse(historyInstant(b)) - Date.parse(historyInstant(a));
  return diff || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function sortHistory<T extends HistoryTask>(tasks: readonly T[]): T[] {
  return [...tasks].sort(newestFirst);
}

export interface HistoryDay<T> {
  /** 'YYYY-MM-DD' in the device's time zone: the React key. */
  dateKey: string;
  kind: 'today' | 'yesterday' | 'date';
  tasks: T[];
}

/** One status's tasks, newest first, in day buckets (today, yesterday, then dates). */
export function groupHistoryByDay<T extends HistoryTask>(tasks: readonly T[], now: Date, timeZone: string): HistoryDay<T>[] {
  const days: HistoryDay<T>[] = [];
  for (const task of sortHistory(tasks)) {
    const group = historyDayGroup(historyInstant(task), now, timeZone);
    const last = days[days.length - 1];
    if (last && last.dateKey === group.dateKey) last.tasks.push(task);
    else days.push({ dateKey: group.dateKey, kind: group.kind, tasks: [task] });
  }
  return days;
}

export interface HistoryCardPreview<T> {
  status: HistoryStatus;
  tasks: T[];
  /** Tasks of this status in the mirror (more may wait on the server). */
  count: number;
}

/** The four cards of /history in the spec's order, each with its newest tasks. */
export function historyCards<T extends HistoryTask>(tasks: readonly T[]): HistoryCardPreview<T>[] {
  return HISTORY_STATUSES.map((status) => {
    const own = sortHistory(tasks.filter((t) => t.status === (status as TaskStatus)));
    return { status, tasks: own.slice(0, HISTORY_CARD_PREVIEW), count: own.length };
  });
}

/** Whether a history list's paging state (kv, src/contracts/kv.ts) says the server has more. null = unknown. */
export function historyHasNext(value: unknown): boolean | null {
  if (!value || typeof value !== 'object') return null;
  const hasNext = (value as { hasNext?: unknown }).hasNext;
  return typeof hasNext === 'boolean' ? hasNext : null;
}
