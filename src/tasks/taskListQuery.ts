/**
 * What a task list reads from the mirror (DESIGN.md budget: 500 tasks in the mirror, list query +
 * render ≤ 100 ms; lists are paged).
 *
 * The plain list (time order, no search, no type filter, no store) needs its first pages only:
 * the [status+timeWindowStart+timeWindowEnd] index hands them out already in the list's order
 * (start, end, then id — the order `selectTasks` sorts by), the status index counts them, and the
 * [status+taskType.filterTitle] index lists the filter's categories. Search, a type filter, one
 * store or distance order look at every task of the status, so they read its rows in one request
 * and select in memory. Indexes are kept by IndexedDB itself, so whoever writes `tasks` (the sync
 * worker's pulls and commands, the upgrade, a test) keeps the lists right without knowing of them.
 *
 * Times are compared as stored: ISO 8601 in UTC from `toISOString()` (domain/types.ts), for which
 * string order is time order.
 */
import type { ShelfworkDb, SyncMeta, TaskRow } from '#db/schema';
import type { ReservationLimit, TaskStatus, Training, User } from '#domain/types';
import { searchTokens } from './search';
import { selectTasks, sortCategories, taskTypeCategories, type SelectTasksOptions, type TaskSelection } from './selectTasks';

const TIME_INDEX = '[status+timeWindowStart+timeWindowEnd]';
const CATEGORY_INDEX = '[status+taskType.filterTitle]';

/** What a list asks for: the first `limit` tasks of the status in time order, or (null) every task. */
export interface TaskListRequest {
  status: TaskStatus;
  limit: number | null;
}

export type TaskListSource =
  /** Every task of the status, in no particular order. */
  | { kind: 'all'; rows: TaskRow[] }
  /** The first `limit` tasks of the status in time order, out of `total`. */
  | { kind: 'page'; rows: TaskRow[]; limit: number; total: number; categories: string[] };

// In its own file: the first screen's bottom bar reads it without this file's selection code.
export { readTasksByStatus } from './tasksByStatus';

/**
 * Every key of a compound index that starts with `status`: [status] sorts before any longer key
 * with that prefix, and [status, []] after any whose second part is a string (an array is the
 * greatest key type).
 */
function statusRange(status: TaskStatus): [[TaskStatus], [TaskStatus, never[]]] {
  return [[status], [status, []]];
}

export async function readTaskList(db: ShelfworkDb, { status, limit }: TaskListRequest): Promise<TaskListSource> {
  if (limit === null) return { kind: 'all', rows: await db.tasks.where('status').equals(status).toArray() };
  return db.transaction('r', db.tasks, async () => {
    const inOrder = db.tasks.where(TIME_INDEX).between(...statusRange(status));
    const [total, indexed, rows, categoryKeys] = await Promise.all([
      db.tasks.where('status').equals(status).count(),
      inOrder.clone().count(),
      inOrder.clone().limit(limit).toArray(),
      db.tasks.where(CATEGORY_INDEX).between(...statusRange(status)).uniqueKeys(),
    ]);
    // A row whose times are not valid keys is missing from the index: only every row is right then.
    if (indexed !== total) return { kind: 'all', rows: await db.tasks.where('status').equals(status).toArray() };
    const categories = categoryKeys.map((key) => (key as [string, unknown])[1]).filter((title): title is string => typeof title === 'string' && title !== '');
    return { kind: 'page', rows, limit, total, categories };
  });
}

/** Everything a list screen shows, read at once: see `readTaskListScreen`. */
export interface TaskListScreenData {
  source: TaskListSource;
  /** null = not synced yet (or logged out). */
  user: User | null;
  trainings: Training[];
  /** The list's sync meta (`tasks:<status>`); null = never synced. */
  meta: SyncMeta | null;
  /** The reservation limit (offerings only, else null); null = not synced yet. */
  reservationLimit: ReservationLimit | null;
}

/**
 * A list screen's data in ONE read transaction: its rows (`readTaskList`), the user and trainings
 * (locks), its sync meta (freshness line) and, for offerings, the reservation limit. One live query
 * answers them together, so the list appears in one render; separate queries each answered in
 * their own transaction and render, and the cards waited for the last of them.
 */
export async function readTaskListScreen(db: ShelfworkDb, request: TaskListRequest): Promise<TaskListScreenData> {
  return db.transaction('r', [db.tasks, db.user, db.trainings, db.meta, db.reservationLimit], async () => {
    const [source, user, trainings, meta, reservationLimit] = await Promise.all([
      readTaskList(db, request),
      db.user.get('me'),
      db.trainings.toArray(),
      db.meta.get(`tasks:${request.status}`),
      request.status === 'available' ? db.reservationLimit.get('me') : undefined,
    ]);
    return { source, user: user ?? null, trainings, meta: meta ?? null, reservationLimit: reservationLimit ?? null };
  });
}

/** True when the list shows the tasks in time order, unnarrowed: a page from the index answers it. */
export function isPlainList(options: Pick<SelectTasksOptions, 'search' | 'order' | 'filter' | 'placeId'>): boolean {
  return options.order !== 'distance' && options.filter.kind === 'all' && !options.placeId && searchTokens(options.search).length === 0;
}

export interface ShownTaskList {
  selection: TaskSelection<TaskRow>;
  /** Tasks of the status in the mirror, before search, filter and paging. */
  statusTotal: number;
  /** The type filter's categories, alphabetically in the locale. */
  categories: string[];
  /** Every task of the status is in the source (a store's title can be looked up in it). */
  rows: readonly TaskRow[] | null;
  /**
   * The source answers an earlier request (the next page, or every row for a search, is being
   * read): what the list showed a moment ago, shown until the answer arrives.
   */
  stale: boolean;
}

/** What the list shows for these options from what was read (pure: the screen and the tests). */
export function showTaskList(source: TaskListSource, options: SelectTasksOptions & { limit: number }, locale: string): ShownTaskList {
  if (source.kind === 'all' || source.rows.length >= source.total) {
    return {
      selection: selectTasks(source.rows, options),
      statusTotal: source.rows.length,
      categories: taskTypeCategories(source.rows, locale),
      rows: source.rows,
      stale: false,
    };
  }
  // A page: the first `source.limit` tasks in time order. While a narrowed list waits for every
  // row, the page keeps showing as it was (plain).
  const plain = isPlainList(options);
  const limit = Math.min(options.limit, source.limit);
  const page = selectTasks(source.rows, { ...options, search: '', order: 'time_window_start', filter: { kind: 'all' }, placeId: null, limit });
  return {
    selection: { items: page.items, total: source.total, hasMore: source.total > limit },
    statusTotal: source.total,
    categories: sortCategories(source.categories, locale),
    rows: null,
    stale: !plain || options.limit > source.limit,
  };
}
