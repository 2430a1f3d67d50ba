/**
 * Tab switches (the status tabs above the lists, the bottom navigation) render at once, in one
 * task (the router's `flushSync` navigation), instead of in the router's default transition,
 * which React renders in 5 ms slices with frames in between: on a slow phone the slices and the
 * frames between them were most of a tab switch (docs/performance.md, "Lists on a slow phone").
 *
 * Only plain primary clicks: a modified click (new tab or window) stays the browser's, and a
 * click something else already handled is left alone.
 */

export interface TabClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/** Whether the app should follow this click on a tab itself. */
export function isPlainClick(click: TabClick): boolean {
  return !click.defaultPrevented && click.button === 0 && !click.metaKey && !click.altKey && !click.ctrlKey && !click.shiftKey;
}

/**
 * Follows a plain click on a tab link to `to` with a synchronous navigation (and keeps the
 * browser's own navigation from happening); leaves any other click alone.
 */
export function followTabClick(
  event: TabClick & { preventDefault(): void },
  to: string,
  navigate: (to: string, options: { flushSync: boolean }) => unknown,
): void {
  if (!isPlainClick(event)) return;
  event.preventDefault();
  void navigate(to, { flushSync: true });
}
