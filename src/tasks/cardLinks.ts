/**
 * Task cards are plain `<a href="/task/…">` (no router `Link` each: a `Link` costs several router
 * hooks and re-renders with every location change, ~12 ms of a tab switch on a slow phone —
 * docs/performance.md, "Lists on a slow phone"). The list follows a card's click in the app with
 * one delegated handler; this decides which clicks it takes: a plain primary click on a card that
 * opens a path of this app. Modified clicks (new tab or window, download) stay the browser's.
 */
import { isPlainClick, type TabClick } from '../shared/syncNavigation';

/** A click as the handler reads it (the same fields as a tab's, src/shared/syncNavigation.ts). */
export type ClickLike = TabClick;

export interface AnchorLike {
  getAttribute(name: string): string | null;
}

/** The attribute that marks a task card's anchor (the delegated handler looks for it). */
export const CARD_LINK_ATTRIBUTE = 'data-task-card';

/** The in-app path to open for this click on `anchor`, or null when the browser should handle it. */
export function cardClickPath(click: ClickLike, anchor: AnchorLike | null): string | null {
  if (!anchor || !isPlainClick(click)) return null;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.getAttribute('download') !== null) return null;
  const href = anchor.getAttribute('href');
  return href && href.startsWith('/') && !href.startsWith('//') ? href : null;
}
