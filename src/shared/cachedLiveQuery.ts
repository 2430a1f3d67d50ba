/**
 * A live query whose last answer outlives the screen (answerCache.ts): a screen mounted again — a
 * tab switch — renders the answer it had last time at once, and the live query's own answer
 * replaces it a moment later. Also subscribes once: dexie-react-hooks' `useLiveQuery` runs every
 * query twice on mount (a subscription during render to look for a synchronous value, dropped,
 * then the effect's), which on a slow phone was one more IndexedDB transaction per query and
 * screen (docs/performance.md, "Lists on a slow phone").
 *
 * The answers are dropped whenever the mirror's user row changes (sign-out, another tasker
 * signing in), so nothing of one tasker ever shows to the next.
 */
import Dexie, { liveQuery } from 'dexie';
import { useEffect, useRef, useState, type DependencyList } from 'react';
import { createAnswerCache, sameAnswer } from './answerCache';

const answers = createAnswerCache(16);
/** How many live-query answers each key has had (a read ahead started before one must not replace it). */
const liveAnswers = new Map<string, number>();
/** Reads ahead in flight, by key: a screen mounted meanwhile waits for one instead of reading again. */
const readsAhead = new Map<string, Promise<void>>();

let listening = false;
let answersEpoch = 0;
function dropAnswersOnUserChange(): void {
  if (listening) return;
  listening = true;
  // Dexie raises this for writes of this page and of the worker (its cross-context channel).
  Dexie.on('storagemutated', (parts) => {
    if (Object.keys(parts).some((part) => part.includes('/user/'))) {
      answers.clear();
      answersEpoch += 1;
    }
  });
}

/**
 * Runs `task` once the current frame has been painted (the next frame's callback, then a task);
 * answers a cancel.
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Reads a query into the cache outside any screen (e.g. the next tab's list while this one idles):
 * when nothing is cached under `key`, or always with `refresh`. Read failures are left to the
 * screen's own live query.
 */
export async function prefetchAnswer<T>(key: string, querier: () => Promise<T>, refresh = false): Promise<void> {
  dropAnswersOnUserChange();
  if (!refresh && answers.has(key)) return;
  const epoch = answersEpoch;
  const livesBefore = liveAnswers.get(key) ?? 0;
  const read = querier()
    .catch(() => undefined)
    .then((value) => {
      // Not when the tasker changed while reading (the answer would be the previous one's), nor over a
      // live query's answer given meanwhile (newer than this read; a screen shown would take it).
      if (value !== undefined && epoch === answersEpoch && (liveAnswers.get(key) ?? 0) === livesBefore) answers.set(key, value);
    });
  readsAhead.set(key, read);
  await read; // never rejects
  if (readsAhead.get(key) === read) readsAhead.delete(key);
}

/** The read ahead of `key` in flight, if any (settles once its answer, if any, is cached). */
export function readAheadInFlight(key: string): Promise<void> | undefined {
  return readsAhead.get(key);
}

/** Caches a live query's answer under `key` (a read ahead started before it will not replace it). */
export function recordLiveAnswer(key: string, answer: unknown): void {
  answers.set(key, answer);
  liveAnswers.set(key, (liveAnswers.get(key) ?? 0) + 1);
}

/** The answer cached under `key`, if any. */
export function cachedAnswer(key: string): unknown {
  return answers.get(key);
}

/**
 * Like `useLiveQuery(querier, deps)` — `undefined` until the first answer, then the latest; a
 * change of `deps` keeps the previous answer until the new query answers — but starting from the
 * last answer cached under `key`.
 */
export function useCachedLiveQuery<T>(key: string, querier: () => Promise<T>, deps: DependencyList): T | undefined {
  dropAnswersOnUserChange();
  const [value, setValue] = useState<T | undefined>(() => answers.get(key) as T | undefined);
  // A newer answer cached by someone else (the read-ahead) replaces the one shown when this
  // renders: a hidden list (TaskListScreen's <Activity>) has no live query, and is rendered again
  // after each read-ahead to take it.
  // (A live answer is cached as it is shown, so a shown live answer never differs from the cache.)
  const cachedNow = answers.get(key) as T | undefined;
  if (cachedNow !== undefined && cachedNow !== value) setValue(() => cachedNow);
  // The answer on screen when the live query (re)starts, until its first answer: the cached one at
  // mount, or the last one when a hidden screen is shown again (TaskListScreen's <Activity>).
  const cached = useRef<T | undefined>(undefined);
  // Whose answer `value` is: after a change of `key`, the previous one's until the new answers.
  const valueKey = useRef(key);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    cached.current = valueKey.current === key ? value : undefined;
    let subscription: { unsubscribe(): void } | null = null;
    const subscribe = () => {
      subscription = liveQuery(querier).subscribe({
        next: (answer) => {
          const shown = cached.current;
          cached.current = undefined;
          // The same data as the cached answer on screen: no second render of the whole screen.
          // Every live answer is recorded, so no read ahead begun before it replaces it.
          const same = shown !== undefined && sameAnswer(shown, answer);
          recordLiveAnswer(key, same ? shown : answer);
          valueKey.current = key;
          if (same) return;
          setValue(() => answer);
          setFailure(null);
        },
        error: (error: unknown) => setFailure({ error }),
      });
    };
    // A screen that starts from a cached answer (a tab switch) is painted first and reads again
    // just after: on a slow phone the query's start (Dexie's transaction, ~10 ms at 4×) otherwise
    // ran in the same task as the switch's render, which tab switches commit at once
    // (src/shared/syncNavigation.ts). Without a cached answer it reads at once, unless a read ahead of
    // the same key is under way (a tab tapped just after the list before it showed): it takes that
    // read's answer when it lands, sooner than a read of its own begun later, and reads after it.
    let active = true;
    let cancelPaint: (() => void) | null = null;
    const readAfter = (shown: T | undefined) => {
      if (shown === undefined) subscribe();
      else cancelPaint = afterPaint(subscribe);
    };
    const inFlight = cached.current === undefined ? readAheadInFlight(key) : undefined;
    if (!inFlight) readAfter(cached.current);
    else {
      void inFlight.then(() => {
        if (!active) return;
        const read = answers.get(key) as T | undefined;
        if (read !== undefined) {
          cached.current = read;
          valueKey.current = key;
          setValue(() => read);
        }
        readAfter(read);
      });
    }
    return () => {
      active = false;
      cancelPaint?.();
      subscription?.unsubscribe();
    };
    // The caller's deps name what the query reads, as with useLiveQuery; `key` goes with them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ...deps]);
  // As useLiveQuery: a failed query reaches the route's error boundary.
  if (failure) throw failure.error;
  return value;
}
