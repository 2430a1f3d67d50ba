/**
 * Loads the next page when the end of the list comes within 200 px of the viewport (spec section
 * 9: infinite scroll offset 200 px). The parent re-keys it per page, so a sentinel still in view
 * after a page renders observes afresh and loads again. A button covers browsers without
 * IntersectionObserver and keyboard users.
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

export const INFINITE_SCROLL_OFFSET_PX = 200;

/**
 * The nearest scrolling ancestor: rootMargin only widens the root, so when the layout scrolls
 * an inner element rather than the page, that element must be the root for the 200 px to count.
 */
function scrollRoot(node: HTMLElement): HTMLElement | null {
  for (let el = node.parentElement; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight) return el;
  }
  return null;
}

export function InfiniteScrollSentinel({ onLoadMore }: { onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let fired = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!fired && entries.some((e) => e.isIntersecting)) {
          fired = true;
          callback.current();
        }
      },
      { root: scrollRoot(node), rootMargin: `0px 0px ${INFINITE_SCROLL_OFFSET_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className="infinite-sentinel">
      <button type="button" className="btn btn-text" onClick={() => callback.current()}>
        <Trans>Show more tasks</Trans>
      </button>
    </div>
  );
}
