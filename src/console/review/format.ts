/**
 * How the review screens write times, distances and filters: a time in the task's market (where
 * the tasker worked) with its zone's short name, a distance in m or km, and the queue's filters
 * read from and written to the URL (so the review screen works through the same queue).
 */
import { COUNTRY_CODES } from '#domain/types';
import { MARKET_TIME_ZONE, isMarket } from '../authoring/markets';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "10 Mar 2026, 09:45 EET" in the market's time zone; '—' for no time. */
export function formatWhen(iso: string | null, locale: string, country: string): string {
  if (!iso) return '—';
  const timeZone = isMarket(country) ? MARKET_TIME_ZONE[country] : 'UTC';
  const key = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone, timeZoneName: 'short' });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** 85 m, 1.2 km (the locale's digits and separator). */
export function formatDistance(meters: number, locale: string): string {
  if (meters < 1000) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(meters);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1000);
}

/** Whole hours between two times (how long a task has waited for review). */
export function hoursBetween(fromIso: string, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - Date.parse(fromIso)) / 3_600_000));
}

export interface QueueFilters {
  country: string;
  retailerId: string;
  placeId: string;
  taskTypeId: string;
  /** '' any, 'true' late only, 'false' on time only. */
  late: '' | 'true' | 'false';
}

export const NO_FILTERS: QueueFilters = { country: '', retailerId: '', placeId: '', taskTypeId: '', late: '' };

/** The filters in a URL's search params (unknown values dropped). */
export function filtersFromSearch(search: URLSearchParams): QueueFilters {
  const country = (search.get('country') ?? '').toUpperCase();
  const late = search.get('late') ?? '';
  return {
    country: (COUNTRY_CODES as readonly string[]).includes(country) ? country : '',
    retailerId: search.get('retailerId') ?? '',
    placeId: search.get('placeId') ?? '',
    taskTypeId: search.get('taskTypeId') ?? '',
    late: late === 'true' || late === 'false' ? late : '',
  };
}

/** The set filters as search params (empty ones left out). */
export function filtersToSearch(filters: QueueFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) out.set(key, value);
  return out;
}

/** The queue route's query for the filters (empty ones left out). */
export function filtersToQuery(filters: QueueFilters, extra: Record<string, string> = {}): Record<string, string> {
  return { ...Object.fromEntries(filtersToSearch(filters)), ...extra };
}
