/**
 * Checklist rules of an in-progress task (spec sections 2 and 3): which items count as done
 * (ticked, or auto-toggled by the work they ask for), whether every required item is done, which
 * confirmation screen the finish button opens, and where each item type sends the tasker. Pure.
 */
import type { ChecklistItem, PhotoTag } from '#domain/types';
import type { ChecklistChange } from '#contracts/sync';
import { safeHref } from '../tasks';

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
 * The auto-toggle items whose stored state disagrees with their evidence, as changes to send (the
 * sync worker applies them to the mirror's current ticks, so hand ticks are never touched); empty
 * when nothing changes, so a render never queues a record that says what the server already has.
 */
export function autoToggleChanges(items: readonly Item[], evidence: ChecklistEvidence): ChecklistChange[] {
  return items.flatMap((item) => {
    const auto = autoDoneState(item, evidence);
    return auto !== null && auto !== item.isDone ? [{ itemId: item.id, done: auto }] : [];
  });
}

/**
 * Logging a defect ticks the checklist's defects items once ("Report defects" is done when a defect
 * is reported). They keep their tick box: finding no defect is a result the tasker ticks by hand,
 * and unlogging a defect leaves the tick as it is. Not for items already done, auto-toggle items
 * (they follow the logged defects) or items whose author said they are ticked by hand only
 * (isAutoToggle false).
 */
export function defectLoggedTicks(items: readonly Item[]): ChecklistChange[] {
  return items.filter((item) => item.type === 'defects' && !item.isDone && item.metadata.isAutoToggle === undefined).map((item) => ({ itemId: item.id, done: true }));
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

export function cameraPath(taskId: string, tags: readonly PhotoTag[], title?: string | null, options: { mandatory?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (title) params.set('title', title);
  // `isMandatory` (spec section 2): the camera says the step needs a photo.
  if (options.mandatory) params.set('isMandatory', 'true');
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
