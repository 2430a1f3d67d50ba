/**
 * Form drafts of the console, kept in localStorage under `shelfwork.console.draft.<key>` until the
 * form is submitted (`clear`): a reload, a lost connection or a closed tab loses no typed input.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'shelfwork.console.draft.';

export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeDraft<T>(key: string, value: T): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // A full or blocked storage keeps the draft in memory only.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing stored.
  }
}

/** `[value, set, clear]`: the draft under `key` (or `initial`), saved on every change. */
export function useDraft<T>(key: string, initial: T): [T, (value: T | ((previous: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => readDraft<T>(key) ?? initial);
  const keyRef = useRef(key);
  // Another key (another task's form): load its draft.
  useEffect(() => {
    if (keyRef.current === key) return;
    keyRef.current = key;
    setValue(readDraft<T>(key) ?? initial);
    // `initial` is the caller's fresh object each render; only the key decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      setValue((previous) => {
        const resolved = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        writeDraft(keyRef.current, resolved);
        return resolved;
      });
    },
    [],
  );
  const clear = useCallback(() => {
    clearDraft(keyRef.current);
    setValue(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, set, clear];
}
