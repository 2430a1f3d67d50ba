/**
 * Form drafts of the console, kept in localStorage under `shelfwork.console.draft.<member>.<key>`
 * until the form is submitted (`clear`): a reload, a lost connection or a closed tab loses no
 * typed input. Each member's drafts are their own (desks are shared), and signing out removes them.
 */
import { getSession } from './session';
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'shelfwork.console.draft.';

/** The signed-in member's part of the draft keys ('-' before sign-in: the sign-in form's e-mail). */
function scoped(key: string): string {
  return `${PREFIX}${getSession()?.staff.id ?? '-'}.${key}`;
}

/** Removes every draft of every member (sign-out on a shared desk). */
export function clearAllDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(scoped(key));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeDraft<T>(key: string, value: T): void {
  try {
    localStorage.setItem(scoped(key), JSON.stringify(value));
  } catch {
    // A full or blocked storage keeps the draft in memory only.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(scoped(key));
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
