/**
 * Per-process cache of the reference data every task row joins: task types (with their
 * trainings), places (with retailer) and market currency symbols. They change rarely (staff add
 * places; no API edits task types or trainings), so the hot list query selects task columns
 * only and the rows are completed from here — fewer joins, a cheaper plan, far fewer bytes to
 * parse per row, and one shared JSON text per task type for the response.
 *
 * Freshness: an entry is reloaded when older than REFERENCE_TTL_MS (a training disabled by hand
 * in the database shows within a minute); unknown ids (a place created a moment ago, possibly
 * by another process) are loaded on first sight. One cache per database handle.
 *
 * Languages (docs/decisions/0008): a task type and its trainings carry their texts per
 * locale; a task shows them in its market's locale (server/catalog/localize.ts). Every value that
 * holds words is therefore cached per locale — the localised TaskTypeRef (inLocale) and the API
 * JSON (apiTaskType, keyed by locale, shape and id) — so one market never gets another's words.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { TaskTypeTrainingRow } from './rows';
import type { TaskType } from '#domain/types';
import type { TaskTypeShape } from '../catalog/visibility';
import { localized, type Translations } from '../catalog/localize';

export const REFERENCE_TTL_MS = 60_000;

export interface TaskTypeRef {
  tt_title: string;
  tt_short_description: string;
  tt_full_description: string;
  tt_default_photo: string | null;
  tt_photos: string[];
  tt_featured_images: string[];
  tt_filter_title: string;
  tt_nda_protected: boolean;
  tt_created_at: Date;
  tt_trainings: TaskTypeTrainingRow[];
  /** The locale the texts above are in (a market's, server/catalog/localize.ts); null: the English columns. */
  tt_locale: string | null;
}

/** A cached task type: its English texts, and its and its trainings' translations. */
interface TaskTypeEntry {
  english: TaskTypeRef;
  translations: Translations;
  trainingTranslations: Translations[];
  /** The localised refs made so far, per locale. */
  byLocale: Map<string, TaskTypeRef>;
}

/** A task type's texts in `locale` (each text falling back to its English). */
function localizeTaskType(entry: TaskTypeEntry, locale: string): TaskTypeRef {
  const { english: e, translations: t } = entry;
  return {
    ...e,
    tt_title: localized(t, locale, 'title', e.tt_title),
    tt_short_description: localized(t, locale, 'shortDescription', e.tt_short_description),
    tt_full_description: localized(t, locale, 'fullDescription', e.tt_full_description),
    tt_filter_title: localized(t, locale, 'filterTitle', e.tt_filter_title),
    tt_trainings: e.tt_trainings.map((tr, i) => ({ ...tr, title: localized(entry.trainingTranslations[i], locale, 'title', tr.title) })),
    tt_locale: locale,
  };
}

/** The place + retailer columns (aliased as PlaceRef), for every query joining `places as p` and `retailers as r`. */
export const PLACE_COLUMNS = [
  'p.id as place_id',
  'p.title as place_title',
  'p.address as place_address',
  'p.city as place_city',
  'p.country_code as place_country_code',
  'p.latitude as place_latitude',
  'p.longitude as place_longitude',
  'r.id as retailer_id',
  'r.name as retailer_name',
  'r.logo as retailer_logo',
] as const;

export interface PlaceRef {
  place_id: string;
  place_title: string;
  place_address: string;
  place_city: string;
  place_country_code: string;
  place_latitude: number;
  place_longitude: number;
  retailer_id: string;
  retailer_name: string;
  retailer_logo: string | null;
}

interface Entry<T> {
  value: T;
  loadedAt: number;
}

export class ReferenceCache {
  private taskTypes = new Map<string, Entry<TaskTypeEntry>>();
  private places = new Map<string, Entry<PlaceRef>>();
  private markets = new Map<string, Entry<{ symbol: string; locale: string | null }>>();
  /** The API TaskType object and its JSON text, per locale, shape and task type id, valid while its entry is. */
  private readonly apiTaskTypes = new Map<string, { value: TaskType; json: string; loadedAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = REFERENCE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private stale<T>(map: Map<string, Entry<T>>, ids: Iterable<string>): string[] {
    const t = this.now();
    const out = new Set<string>();
    for (const id of ids) {
      const e = map.get(id);
      if (!e || t - e.loadedAt > this.ttlMs) out.add(id);
    }
    return [...out];
  }

  /**
   * One shared API TaskType (and its JSON) per cached task type: list responses splice the JSON
   * in instead of building and serialising the same ~1.5 kB object for every task.
   */
  apiTaskType(id: string, locale: string | null, shape: TaskTypeShape, build: () => TaskType): { value: TaskType; json: string } {
    const loadedAt = this.taskTypes.get(id)?.loadedAt ?? -1;
    // The locale is part of the key: a Polish task never gets the JSON made for a Lithuanian one.
    const key = `${locale ?? ''}:${shape}:${id}`;
    const memo = this.apiTaskTypes.get(key);
    if (memo && memo.loadedAt === loadedAt) return memo;
    const value = build();
    const fresh = { value, json: JSON.stringify(value), loadedAt };
    this.apiTaskTypes.set(key, fresh);
    return fresh;
  }

  /**
   * Until when (this cache's clock, ms) what was read from these entries stays as fresh as the
   * cache promises: the oldest entry's load time + the TTL. A stored list answer made from them
   * (server/sync/listAnswers.ts) is served no longer than this, so it is never staler than the
   * rows it was made from would be. An id not in the cache: now (not fresh).
   */
  freshUntil(taskTypeIds: Iterable<string>, placeIds: Iterable<string>, countryCodes: Iterable<string>): number {
    let oldest = Infinity;
    const take = (e: { loadedAt: number } | undefined) => {
      oldest = Math.min(oldest, e ? e.loadedAt : -Infinity);
    };
    for (const id of taskTypeIds) take(this.taskTypes.get(id));
    for (const id of placeIds) take(this.places.get(id));
    for (const code of countryCodes) take(this.markets.get(code));
    if (oldest === -Infinity) return this.now();
    return oldest === Infinity ? this.now() + this.ttlMs : oldest + this.ttlMs;
  }

  /** This cache's clock (ms), the one freshUntil is in. */
  clockMs(): number {
    return this.now();
  }

  /** The task types of `ids` with their English texts; inLocale gives them in a market's locale. */
  async taskTypesFor(ids: Iterable<string>): Promise<Map<string, TaskTypeRef>> {
    const missing = this.stale(this.taskTypes, ids);
    if (missing.length > 0) {
      const rows = await this.db
        .selectFrom('task_types as tt')
        .select([
          'tt.id',
          'tt.title',
          'tt.short_description',
          'tt.full_description',
          'tt.default_photo',
          'tt.photos',
          'tt.featured_images',
          'tt.filter_title',
          'tt.nda_protected',
          'tt.created_at',
          'tt.translations',
          sql<(TaskTypeTrainingRow & { translations: Translations })[]>`(
            select coalesce(json_agg(json_build_object(
              'task_type_id', ttt.task_type_id, 'training_id', tr.id, 'title', tr.title,
              'link_to_training', tr.link_to_training, 'enabled', tr.enabled, 'nda_protected', tr.nda_protected,
              'translations', tr.translations) order by ttt.position), '[]'::json)
            from task_type_trainings ttt join trainings tr on tr.id = ttt.training_id
            where ttt.task_type_id = tt.id)`.as('trainings'),
        ])
        .where('tt.id', 'in', missing)
        .execute();
      const loadedAt = this.now();
      for (const r of rows) {
        const trainings = Array.isArray(r.trainings) ? r.trainings : [];
        this.taskTypes.set(r.id, {
          loadedAt,
          value: {
            english: {
              tt_title: r.title,
              tt_short_description: r.short_description,
              tt_full_description: r.full_description,
              tt_default_photo: r.default_photo,
              tt_photos: r.photos,
              tt_featured_images: r.featured_images,
              tt_filter_title: r.filter_title,
              tt_nda_protected: r.nda_protected,
              tt_created_at: r.created_at,
              tt_trainings: trainings.map(({ translations: _translations, ...training }) => training),
              tt_locale: null,
            },
            translations: r.translations ?? {},
            trainingTranslations: trainings.map((t) => t.translations ?? {}),
            byLocale: new Map(),
          },
        });
      }
    }
    const out = new Map<string, TaskTypeRef>();
    for (const id of ids) {
      const e = this.taskTypes.get(id);
      if (e) out.set(id, e.value.english);
    }
    return out;
  }

  /**
   * Task type `id` (loaded by taskTypesFor) in `locale`, the texts of a market (marketLocale);
   * null or an unknown id: as taskTypesFor gave it. One object per id and locale while cached.
   */
  inLocale(id: string, locale: string | null): TaskTypeRef | undefined {
    const entry = this.taskTypes.get(id)?.value;
    if (!entry || locale === null) return entry?.english;
    let ref = entry.byLocale.get(locale);
    if (!ref) {
      ref = localizeTaskType(entry, locale);
      entry.byLocale.set(locale, ref);
    }
    return ref;
  }

  async placesFor(ids: Iterable<string>): Promise<Map<string, PlaceRef>> {
    const missing = this.stale(this.places, ids);
    if (missing.length > 0) {
      const rows = await this.db
        .selectFrom('places as p')
        .innerJoin('retailers as r', 'r.id', 'p.retailer_id')
        .select(PLACE_COLUMNS)
        .where('p.id', 'in', missing)
        .execute();
      const loadedAt = this.now();
      for (const r of rows) this.places.set(r.place_id, { loadedAt, value: r });
    }
    const out = new Map<string, PlaceRef>();
    for (const id of ids) {
      const e = this.places.get(id);
      if (e) out.set(id, e.value);
    }
    return out;
  }

  private async market(countryCode: string): Promise<{ symbol: string; locale: string | null }> {
    const e = this.markets.get(countryCode);
    if (e && this.now() - e.loadedAt <= this.ttlMs) return e.value;
    const row = await this.db.selectFrom('countries').select(['currency_symbol', 'locale']).where('code', '=', countryCode).executeTakeFirst();
    const value = { symbol: row?.currency_symbol ?? '', locale: row?.locale ?? null };
    this.markets.set(countryCode, { loadedAt: this.now(), value });
    return value;
  }

  async currencySymbol(countryCode: string): Promise<string> {
    return (await this.market(countryCode)).symbol;
  }

  /** The language of a market's reference texts (countries.locale), or null for an unknown market. */
  async marketLocale(countryCode: string): Promise<string | null> {
    return (await this.market(countryCode)).locale;
  }
}

const caches = new WeakMap<Db, ReferenceCache>();

/** The cache of one database handle (each test database gets its own). */
export function referenceCache(db: Db): ReferenceCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReferenceCache(db);
    caches.set(db, cache);
  }
  return cache;
}
