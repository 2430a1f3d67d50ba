/** The audit screen's filters (as in the URL) and the query they make (dates as whole days, in the browser's time zone). */
export const FILTER_KEYS = ['staffId', 'actor', 'action', 'entity', 'entityId', 'country', 'from', 'to'] as const;
export type AuditFilters = Record<(typeof FILTER_KEYS)[number], string>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a local calendar day `yyyy-mm-dd` as ISO 8601 (undefined when not a day). */
function dayStart(day: string, plusDays = 0): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The API query: empty filters left out; `to` includes its whole day (the API's `to` is exclusive). */
export function auditQuery(filters: AuditFilters, limit: number): Record<string, string | undefined> {
  const text = (value: string) => value.trim() || undefined;
  return {
    staffId: text(filters.staffId),
    actor: text(filters.actor),
    action: text(filters.action),
    entity: text(filters.entity),
    entityId: text(filters.entity) ? text(filters.entityId) : undefined,
    country: text(filters.country),
    from: dayStart(filters.from),
    to: dayStart(filters.to, 1),
    limit: String(limit),
  };
}
