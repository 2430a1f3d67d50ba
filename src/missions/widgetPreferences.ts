/**
 * Whether the missions widget on the offerings is collapsed, kept in local storage under the
 * spec's key (section 7: isActiveMissionWidgetCollapsed) as "true" / "false". Storage is a
 * parameter so tests use a plain object; a blocked storage means "expanded" and a toggle that lasts
 * for the page only.
 */
export const MISSION_WIDGET_COLLAPSED_KEY = 'isActiveMissionWidgetCollapsed';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** window.localStorage, or null where it is missing or throws on access. */
export function browserLocalStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readWidgetCollapsed(storage: StorageLike | null): boolean {
  try {
    return storage?.getItem(MISSION_WIDGET_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeWidgetCollapsed(storage: StorageLike | null, collapsed: boolean): void {
  try {
    storage?.setItem(MISSION_WIDGET_COLLAPSED_KEY, String(collapsed));
  } catch {
    // Quota or a blocked storage: the choice lives for this page only.
  }
}
