/**
 * Glue between the domain's reserved-list grouping (`reservedGroup`) and the list: buckets items
 * into ordered groups, and the "show more / show less" arithmetic (spec section 9: the default
 * list shows 2 items before expanding).
 */
import { reservedGroup, type ReservedGroup } from '#domain/tasks';
import type { Task } from '#domain/types';

/** Items a collapsed list shows (spec section 9). */
export const COLLAPSED_ITEM_COUNT = 2;

export interface ReservedTaskGroup<T> {
  /** Stable React key, e.g. 'begins_today' or 'date:2026-11-24'. */
  key: string;
  group: ReservedGroup;
  items: T[];
}

const KIND_RANK: Record<ReservedGroup['kind'], number> = {
  must_be_done_today: 0,
  begins_today: 1,
  tomorrow: 2,
  date: 3,
};

/** Groups items by start date; groups come urgent first, then by date; items keep their order. */
export function groupReservedTasks<T>(
  items: readonly T[],
  taskOf: (item: T) => Pick<Task, 'timeWindowStart' | 'timeWindowEnd'>,
  now: Date,
  timeZone: string,
): ReservedTaskGroup<T>[] {
  const groups = new Map<string, ReservedTaskGroup<T>>();
  for (const item of items) {
    const group = reservedGroup(taskOf(item), now, timeZone);
    const key = group.kind === 'date' ? `date:${group.dateKey}` : group.kind;
    let bucket = groups.get(key);
    if (!bucket) {
      bucket = { key, group, items: [] };
      groups.set(key, bucket);
    }
    bucket.items.push(item);
  }
  return [...groups.values()].sort(
    (a, b) =>
      KIND_RANK[a.group.kind] - KIND_RANK[b.group.kind] ||
      (a.group.dateKey < b.group.dateKey ? -1 : a.group.dateKey > b.group.dateKey ? 1 : 0),
  );
}

export interface Collapsed<T> {
  visible: T[];
  /** Items hidden while collapsed (0 when expanded or when nothing needs hiding). */
  hiddenCount: number;
  /** Whether a show more / show less toggle is needed at all. */
  canToggle: boolean;
}

export function collapse<T>(items: readonly T[], expanded: boolean, collapsedCount = COLLAPSED_ITEM_COUNT): Collapsed<T> {
  const canToggle = items.length > collapsedCount;
  if (expanded || !canToggle) return { visible: [...items], hiddenCount: 0, canToggle };
  return { visible: items.slice(0, collapsedCount), hiddenCount: items.length - collapsedCount, canToggle };
}
