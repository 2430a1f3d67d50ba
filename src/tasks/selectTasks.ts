/**
 * The task-list selection: search, task-type filter, order and paging over the rows of the
 * mirror. Pure and synchronous so the list screen and a benchmark (500 tasks, DESIGN.md budget)
 * run exactly the same code; `now` and the position are parameters.
 */
import { distanceMeters } from '#domain/geo';
import { isTaskTypeNew } from '#domain/tasks';
import { TASK_PAGE_SIZE, type Coordinates, type Task } from '#domain/types';
import { matchesTokens, searchTokens } from './search';

/** The two orders the list offers (spec section 2: sort by time or distance). */
export const TASK_LIST_ORDERS = ['time_window_start', 'distance'] as const;
export type TaskListOrder = (typeof TASK_LIST_ORDERS)[number];

export type TaskTypeFilter = { kind: 'all' } | { kind: 'new' } | { kind: 'category'; filterTitle: string };

export const ALL_TASK_TYPES: TaskTypeFilter = { kind: 'all' };

export type SelectableTask = Pick<Task, 'id' | 'title' | 'timeWindowStart' | 'timeWindowEnd'> & {
  taskType: Pick<Task['taskType'], 'filterTitle' | 'createdAt'>;
  place: Pick<Task['place'], 'id' | 'title' | 'address' | 'city' | 'coordinates' | 'distance'> & {
    retailer: Pick<Task['place']['retailer'], 'name'>;
  };
};

export interface TaskListItem<T> {
  task: T;
  /** Metres from the tasker: computed from `position` when given, else the server's value, else null. */
  distance: number | null;
  /** The task type is under 45 days old (spec section 9). */
  isNew: boolean;
}

export interface SelectTasksOptions {
  search: string;
  order: TaskListOrder;
  filter: TaskTypeFilter;
  position: Coordinates | null;
  now: Date;
  /** How many items to return (pages × 50); all when omitted. */
  limit?: number;
  /** Only the tasks of this place (`/reservable?placeId=…`, the place's reservable list after a reserve). */
  placeId?: string | null;
}

export interface TaskSelection<T> {
  /** The first `limit` matching tasks, in order. */
  items: TaskListItem<T>[];
  /** How many tasks match before paging. */
  total: number;
  hasMore: boolean;
}

export function pageLimit(pages: number): number {
  return Math.max(1, Math.floor(pages)) * TASK_PAGE_SIZE;
}

export function sameFilter(a: TaskTypeFilter, b: TaskTypeFilter): boolean {
  if (a.kind !== b.kind) return false;
  return a.kind !== 'category' || (b.kind === 'category' && a.filterTitle === b.filterTitle);
}

/** The categories the filter offers for these rows, alphabetically in the given locale. */
export function taskTypeCategories(rows: readonly Pick<SelectableTask, 'taskType'>[], locale: string): string[] {
  return sortCategories(rows.map((row) => row.taskType.filterTitle), locale);
}

/** Distinct non-empty category titles, alphabetically in the given locale. */
export function sortCategories(filterTitles: Iterable<string>, locale: string): string[] {
  const titles = new Set<string>();
  for (const title of filterTitles) if (title) titles.add(title);
  return [...titles].sort((a, b) => a.localeCompare(b, locale));
}

interface Keyed<T> {
  item: TaskListItem<T>;
  start: number;
  end: number;
}

function byTime<T extends SelectableTask>(a: Keyed<T>, b: Keyed<T>): number {
  return a.start - b.start || a.end - b.end || (a.item.task.id < b.item.task.id ? -1 : a.item.task.id > b.item.task.id ? 1 : 0);
}

export function selectTasks<T extends SelectableTask>(rows: readonly T[], options: SelectTasksOptions): TaskSelection<T> {
  const { order, filter, position, now } = options;
  const tokens = searchTokens(options.search);
  const keyed: Keyed<T>[] = [];
  for (const task of rows) {
    const isNew = isTaskTypeNew(task.taskType, now);
    if (options.placeId && task.place.id !== options.placeId) continue;
    if (filter.kind === 'new' && !isNew) continue;
    if (filter.kind === 'category' && task.taskType.filterTitle !== filter.filterTitle) continue;
    if (!matchesTokens(task, tokens)) continue;
    const distance = position ? distanceMeters(position, task.place.coordinates) : task.place.distance;
    keyed.push({
      item: { task, distance, isNew },
      start: Date.parse(task.timeWindowStart),
      end: Date.parse(task.timeWindowEnd),
    });
  }
  if (order === 'distance') {
    // Unknown distances go last, in time order, so a partial answer is still useful.
    keyed.sort((a, b) => {
      const da = a.item.distance;
      const db = b.item.distance;
      if (da !== null && db !== null && da !== db) return da - db;
      if (da === null && db !== null) return 1;
      if (da !== null && db === null) return -1;
      return byTime(a, b);
    });
  } else {
    keyed.sort(byTime);
  }
  const total = keyed.length;
  const limit = options.limit ?? total;
  return {
    items: keyed.slice(0, limit).map((k) => k.item),
    total,
    hasMore: total > limit,
  };
}
