/**
 * A task's time window as one short, localised range ("Sat, 21 Nov, 10:00 – 18:00"). Intl's
 * formatRange drops the parts both ends share, which keeps cards to one line.
 */
// Building an Intl.DateTimeFormat costs ~10× formatting with one; a list renders 50 cards at a time.
const formats = new Map<string, Intl.DateTimeFormat>();

function windowFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Texts already made, by locale, zone and window. V8's formatRange builds an ICU interval formatter
 * on every call (~0.1 ms, ~0.5 ms on a phone): it was the list's most expensive line in a profile
 * of the tab switch (bench:app --cpu-throttle 4). A window's text never changes, and a tasker's
 * lists hold a few hundred windows, so the texts are kept (the oldest dropped past MAX_TEXTS).
 */
const texts = new Map<string, string>();
const MAX_TEXTS = 2000;

export function formatTimeWindow(start: string, end: string, locale: string, timeZone?: string): string {
  const key = `${locale}|${timeZone ?? ''}|${start}|${end}`;
  const known = texts.get(key);
  if (known !== undefined) return known;
  const format = windowFormat(locale, timeZone);
  const a = new Date(start);
  const b = new Date(end);
  const text = Number.isNaN(a.getTime()) || Number.isNaN(b.getTime()) ? '' : a.getTime() <= b.getTime() ? format.formatRange(a, b) : format.format(a);
  if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value!);
  texts.set(key, text);
  return text;
}
