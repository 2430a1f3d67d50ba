/**
 * Local task search (spec section 2: task lists have a search box). The mirror is searched on the
 * device, so matching must be forgiving the way a tasker types on a phone: case- and
 * diacritic-insensitive ("sanciai" finds "Šančiai", "lodz" finds "Łódź"), every word must match
 * somewhere in the title, place title, address, city or retailer name.
 */
import type { Task } from '#domain/types';

/**
 * Letters that carry no combining mark in Unicode NFD, so stripping marks alone would not fold
 * them to ASCII (Polish ł, Nordic ø, German ß, ...).
 */
const UNDECOMPOSABLE: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
};
const UNDECOMPOSABLE_RE = /[łøđħıßæœ]/g;

/** Lower-cases, strips diacritics and collapses whitespace. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(UNDECOMPOSABLE_RE, (ch) => UNDECOMPOSABLE[ch] ?? ch)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The query split into normalised words; empty for a blank query. */
export function searchTokens(query: string): string[] {
  const normalized = normalizeSearchText(query);
  return normalized === '' ? [] : normalized.split(' ');
}

export type SearchableTask = Pick<Task, 'title'> & {
  place: Pick<Task['place'], 'title' | 'address' | 'city'> & { retailer: Pick<Task['place']['retailer'], 'name'> };
};

// Rows from the live query keep their identity until the mirror changes, so while the tasker types
// each task is normalised once instead of once per keystroke.
const haystackCache = new WeakMap<object, string>();

function haystackOf(task: SearchableTask): string {
  let hay = haystackCache.get(task);
  if (hay === undefined) {
    const { place } = task;
    hay = normalizeSearchText([task.title, place.title, place.address, place.city, place.retailer.name].join('\n'));
    haystackCache.set(task, hay);
  }
  return hay;
}

/** True when every word of the query occurs in one of the task's searchable fields. */
export function matchesTokens(task: SearchableTask, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true;
  const hay = haystackOf(task);
  return tokens.every((token) => hay.includes(token));
}

export function matchesSearch(task: SearchableTask, query: string): boolean {
  return matchesTokens(task, searchTokens(query));
}
