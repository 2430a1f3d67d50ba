/**
 * After a refused submit the first field marked invalid gets the focus, so it comes into view and
 * a screen reader reads its error: a long form's mistake is not left below the fold.
 */
import { useEffect, useRef } from 'react';

export function useFocusFirstInvalid<E extends HTMLElement = HTMLFormElement>(submitCount: number, isSubmitting: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting]);
  return ref;
}
