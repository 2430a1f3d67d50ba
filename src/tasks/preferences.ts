/**
 * Per-status list preferences kept in session storage under the spec's keys (section 7:
 * preferredTaskOrderByPerStatus, selectedTaskTypeFilterPerStatus), plus the last known position
 * (section 7: kept in session storage). Storage is a parameter so tests use a plain object and a
 * blocked storage (private mode, quota) degrades to defaults instead of crashing the list.
 */
import { isValidCoordinates } from '#domain/geo';
import { TASK_STATUSES, type Coordinates, type TaskStatus } from '#domain/types';
import { TASK_LIST_ORDERS, type TaskListOrder, type TaskTypeFilter } from './selectTasks';

export const ORDER_STORAGE_KEY = 'preferredTaskOrderByPerStatus';
export const FILTER_STORAGE_KEY = 'selectedTaskTypeFilterPerStatus';
export const POSITION_STORAGE_KEY = 'lastKnownPosition';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export type OrderPreferences = Partial<Record<TaskStatus, TaskListOrder>>;
export type FilterPreferences = Partial<Record<TaskStatus, TaskTypeFilter>>;

/** window.sessionStorage, or null where it is missing or throws on access. */
export function browserSessionStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readJsonObject(storage: StorageLike | null, key: string): Record<string, unknown> {
  if (!storage) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeJson(storage: StorageLike | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or a blocked storage: the preference lives for this page only, which is acceptable.
  }
}

const isStatus = (s: string): s is TaskStatus => (TASK_STATUSES as readonly string[]).includes(s);

export function parseTaskTypeFilter(value: unknown): TaskTypeFilter | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as { kind?: unknown; filterTitle?: unknown };
  if (v.kind === 'all' || v.kind === 'new') return { kind: v.kind };
  if (v.kind === 'category' && typeof v.filterTitle === 'string' && v.filterTitle !== '') {
    return { kind: 'category', filterTitle: v.filterTitle };
  }
  return null;
}

export function readOrderPreferences(storage: StorageLike | null): OrderPreferences {
  const out: OrderPreferences = {};
  for (const [status, order] of Object.entries(readJsonObject(storage, ORDER_STORAGE_KEY))) {
    if (isStatus(status) && (TASK_LIST_ORDERS as readonly unknown[]).includes(order)) out[status] = order as TaskListOrder;
  }
  return out;
}

export function writeOrderPreference(storage: StorageLike | null, status: TaskStatus, order: TaskListOrder): OrderPreferences {
  const next = { ...readOrderPreferences(storage), [status]: order };
  writeJson(storage, ORDER_STORAGE_KEY, next);
  return next;
}

export function readFilterPreferences(storage: StorageLike | null): FilterPreferences {
  const out: FilterPreferences = {};
  for (const [status, filter] of Object.entries(readJsonObject(storage, FILTER_STORAGE_KEY))) {
    const parsed = parseTaskTypeFilter(filter);
    if (isStatus(status) && parsed) out[status] = parsed;
  }
  return out;
}

export function writeFilterPreference(storage: StorageLike | null, status: TaskStatus, filter: TaskTypeFilter): FilterPreferences {
  const next = { ...readFilterPreferences(storage), [status]: filter };
  writeJson(storage, FILTER_STORAGE_KEY, next);
  return next;
}

export interface StoredPosition extends Coordinates {
  /** When the device reported it (ms since epoch). */
  at: number;
}

export function readStoredPosition(storage: StorageLike | null): StoredPosition | null {
  const raw = readJsonObject(storage, POSITION_STORAGE_KEY);
  if (!isValidCoordinates({ latitude: raw.latitude, longitude: raw.longitude }) || typeof raw.at !== 'number') return null;
  return { latitude: raw.latitude as number, longitude: raw.longitude as number, at: raw.at };
}

export function writeStoredPosition(storage: StorageLike | null, position: StoredPosition): void {
  writeJson(storage, POSITION_STORAGE_KEY, position);
}
