/**
 * Reference texts in the market's language (docs/decisions/0008). Task types, trainings
 * and defects are one row each for all markets; their `translations` jsonb (migration 0009) holds
 * the texts per locale beside the English columns. The server picks the locale of a market
 * (countries.locale: LT lt, PL pl, CZ cs, RO ro), never the client:
 * - what belongs to a task (its type, the type's trainings, its defects) in the task's market;
 * - the training list and the global defect list in the viewer's market.
 * A tasker sees only their own market's tasks, so both agree for them. Accept-Language is not
 * asked: these are data, like the task titles and checklists the seed writes in the market's
 * language, so one task reads the same for every viewer and every app language (the app's mirror
 * and the delta lists keep one version of it). A missing translation falls back to the English.
 */
import { sql, type RawBuilder } from 'kysely';

/** Texts per locale as stored: {"pl": {"title": "…"}}; '{}' when none were written. */
export type Translations = Record<string, Record<string, string> | undefined>;

/** The locale of a market's country code (an SQL value), or null for none. */
export function marketLocaleSql(countryCode: RawBuilder<unknown> | string | null): RawBuilder<string | null> {
  const code = typeof countryCode === 'string' || countryCode === null ? sql`${countryCode}::text` : countryCode;
  return sql<string | null>`(select lc.locale from countries lc where lc.code = ${code})`;
}

/**
 * A text column in `locale` (an SQL value), else the English column: `translations` and `english`
 * are column references such as 't.translations' and 't.title'.
 */
export function localizedSql(translations: string, key: string, english: string, locale: RawBuilder<string | null>): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(translations)} -> ${locale} ->> ${key}, ${sql.ref(english)})`;
}

/** The same in code: the text of `key` in `locale`, else `english`. */
export function localized(translations: unknown, locale: string | null, key: string, english: string): string {
  if (!locale || typeof translations !== 'object' || translations === null) return english;
  const texts = (translations as Translations)[locale];
  const text = texts?.[key];
  return typeof text === 'string' && text !== '' ? text : english;
}
