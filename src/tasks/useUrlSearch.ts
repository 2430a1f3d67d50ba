/**
 * The list's search text: typed into local state (so filtering answers at once) and written to
 * `?search=` after a 500 ms pause (spec section 2), replacing the history entry so Back leaves the
 * list instead of undoing keystrokes. A URL change from outside (Back, a link) wins over the box.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 500;

export function useUrlSearch(): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlValue = searchParams.get('search') ?? '';
  const [input, setInput] = useState(urlValue);
  // The URL value this box last agreed with; a different one means someone else changed the URL.
  const [agreed, setAgreed] = useState(urlValue);
  if (urlValue !== agreed) {
    setAgreed(urlValue);
    setInput(urlValue);
  }

  useEffect(() => {
    if (input === agreed) return;
    const timer = window.setTimeout(() => {
      setAgreed(input.trim() === '' ? '' : input);
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (input.trim() === '') next.delete('search');
          else next.set('search', input);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, agreed, setSearchParams]);

  return [input, setInput];
}
