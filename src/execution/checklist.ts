/**
 * Checklist rules of an in-progress task (spec sections 2 and 3): which items count as done
 * (ticked, or auto-toggled by the work they ask for), whether every required item is done, which
 * confirmation screen the finish button opens, and where each item type sends the tasker. Pure.
 */
import type { ChecklistItem, PhotoTag } from '../domain/types';
import { safeHref } from '../tasks/linkify';

type Item = Pick<ChecklistItem, 'id' | 'type' | 'isDone' | 'isOptional' | 'metadata'>;

/** What the tasker has recorded for the task, which auto-toggle items read. */
export interface ChecklistEvidence {
  /** The tags of each (not deleted) photo of the task. */
  photoTags: readonly (readonly PhotoTag[])[];
  scanCount: number;
  loggedDefectCount: number;
}

/** Whether a camera item's photos exist: a photo with one of its tags (any photo when it has none). */
export function hasPhotosFor(item: Pick<ChecklistItem, 'metadata'>, photoTags: readonly (readonly PhotoTag[])[]): boolean {
  const tags = item.metadata.tags ?? [];
  return photoTags.some((own) => tags.length === 0 || own.some((tag) => tags.includes(tag)));
}

/**
 * For an auto-toggle item, whether its work is recorded; null for items the tasker ticks by hand
 * (plain items, and link items, which the app cannot see being read).
 */
export function autoDoneState(item: Item, evidence: ChecklistEvidence): boolean | null {
  if (!item.metadata.isAutoToggle) return null;
  switch (item.type) {
    case 'camera':
      return hasPhotosFor(item, evidence.photoTags);
    case 'scanner':
      return evidence.scanCount > 0;
    case 'defects':
      return evidence.loggedDefectCount > 0;
    default:
      return null;
  }
}

/** The done ids, auto-toggle items following their evidence, in checklist order. */
export function effectiveDoneIds(items: readonly Item[], evidence: ChecklistEvidence): string[] {
  return items.filter((item) => autoDoneState(item, evidence) ?? item.isDone).map((item) => item.id);
}

/**
 * The done list to send when auto-toggle items disagree with what is stored, or null when nothing
 * changes (so a render never queues a record that says what the server already has).
 */
export function autoToggleUpdate(items: readonly Item[], evidence: ChecklistEvidence): string[] | null {
  const changed = items.some((item) => {
    const auto = autoDoneState(item, evidence);
    return auto !== null && auto !== item.isDone;
  });
  return changed ? effectiveDoneIds(items, evidence) : null;
}

/** The done ids after the tasker ticked (`done`) or unticked one item, in checklist order. */
export function toggleDone(items: readonly Item[], doneIds: readonly string[], itemId: string, done: boolean): string[] {
  const set = new Set(doneIds);
  if (done) set.add(itemId);
  else set.delete(itemId);
  return items.filter((item) => set.has(item.id)).map((item) => item.id);
}

export function requiredItemsDone(items: readonly Item[], doneIds: readonly string[]): boolean {
  const done = new Set(doneIds);
  return items.every((item) => item.isOptional || done.has(item.id));
}

export function remainingRequiredCount(items: readonly Item[], doneIds: readonly string[]): number {
  const done = new Set(doneIds);
  return items.filter((item) => !item.isOptional && !done.has(item.id)).length;
}

/** 'Cannot be completed' exists only when the checklist has defect-type items (spec section 2). */
export function canReportBlocked(items: readonly Pick<ChecklistItem, 'type'>[]): boolean {
  return items.some((item) => item.type === 'defects');
}

function taskPath(taskId: string): string {
  return `/task/${encodeURIComponent(taskId)}`;
}

/** The finish button: completion when every required item is done, incompletion otherwise (spec section 4). */
export function finishPath(taskId: string, items: readonly Item[], doneIds: readonly string[]): string {
  return `${taskPath(taskId)}/${requiredItemsDone(items, doneIds) ? 'confirm_complete' : 'confirm_incomplete'}`;
}

export function cameraPath(taskId: string, tags: readonly PhotoTag[], title?: string | null): string {
  const params = new URLSearchParams();
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (title) params.set('title', title);
  const query = params.toString();
  return `${taskPath(taskId)}/camera/${query ? `?${query}` : ''}`;
}

export function executionPath(taskId: string, screen: 'skus' | 'defects' | 'blockers' | 'photos/' | 'confirm_complete' | 'confirm_incomplete' | 'confirm_blocked'): string {
  return `${taskPath(taskId)}/${screen}`;
}

/** The title the tasker reads: `titleOverride` wins over the server title. */
export function itemTitle(item: Pick<ChecklistItem, 'title' | 'metadata'>): string {
  const override = item.metadata.titleOverride?.trim();
  return override ? override : item.title;
}

/** A link item's target as a safe http(s) URL, or null (never a javascript: or data: URL). */
export function linkTarget(item: Pick<ChecklistItem, 'metadata'>): string | null {
  const target = item.metadata.target?.trim();
  return target ? safeHref(target) : null;
}

/**
 * The logged defect ids after the tasker ticked or unticked one: regular defects and blockers
 * together (the server's list is one set), so ticking a blocker never unlogs a regular defect.
 */
export function defectIdsAfterToggle(defects: readonly { id: string; checked: boolean }[], defectId: string, checked: boolean): string[] {
  return defects.filter((d) => (d.id === defectId ? checked : d.checked)).map((d) => d.id);
}
