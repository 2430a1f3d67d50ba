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

export function formatTimeWindow(start: string, end: string, locale: string, timeZone?: string): string {
  const format = windowFormat(locale, timeZone);
  const a = new Date(start);
  const b = new Date(end);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return '';
  return a.getTime() <= b.getTime() ? format.formatRange(a, b) : format.format(a);
}
