/**
 * Which edges of a sideways-scrolling row have content beyond them, kept up to date on scroll and
 * resize, so the row can fade out there (a cut chip then reads as "there is more").
 * `contentKey` changes when the row's items do.
 */
import { useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  start: boolean;
  end: boolean;
}

export function useScrollEdges<T extends HTMLElement>(contentKey: string) {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const measure = () => {
      // Right-to-left rows scroll to negative offsets; the app's languages are all left-to-right.
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    row.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // The observer's first callback measures once the frame's layout is done; measuring here, in
    // the effect, forced a layout of the whole new screen before it (a tab switch on a slow phone).
    if (!observer) measure();
    observer?.observe(row);
    for (const child of Array.from(row.children)) observer?.observe(child);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [contentKey]);
  return { ref, edges };
}
