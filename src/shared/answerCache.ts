/**
 * The last answers of the screens' live queries, kept in memory by key (a list's status, a
 * widget's name) so a screen opened again — a tab switch — renders what it showed last time in its
 * first render instead of a skeleton, while its live query reads the mirror again and replaces it
 * (stale-while-revalidate; docs/performance.md, "Lists on a slow phone"). Bounded: the oldest key
 * goes first.
 */
export interface AnswerCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  has(key: string): boolean;
  /** Forgets every answer (the signed-in tasker changed: nothing of the previous one may show). */
  clear(): void;
}

export function createAnswerCache(maxEntries: number): AnswerCache {
  const answers = new Map<string, unknown>();
  return {
    get: (key) => answers.get(key),
    has: (key) => answers.has(key),
    set(key, value) {
      // Re-inserted, so the Map's order is the order of use and the first key is the oldest.
      answers.delete(key);
      answers.set(key, value);
      while (answers.size > maxEntries) answers.delete(answers.keys().next().value as string);
    },
    clear: () => answers.clear(),
  };
}

/**
 * True when two answers hold the same data (answers are plain data read from IndexedDB). A screen
 * that started from a cached answer keeps it when the live query's first answer is the same, so
 * the switch does not render everything a second time for nothing.
 */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
