/**
 * Task types as staff author them: the type's own texts per locale (the English columns plus the
 * `translations` jsonb of migration 0009) and its checklist template with every item's texts per
 * locale (task_type_checklist_items, migration 0013; a type without rows uses its built-in
 * template, server/tasks/checklists.ts). A market may have the type's tasks only when the type's
 * title and every item's title exist in the market's language (checkMarketTexts): the tasker
 * reads the checklist in that language, never an English stand-in.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { refusal, type ApiError } from '../http/errors';
import { builtinTemplate, MARKET_LOCALE, type ItemTexts, type LocalizedTemplateItem } from './checklists';
import { CHECKLIST_ITEM_TYPES, COUNTRY_CODES, LOCALES, PHOTO_TAGS, type CountryCode, type Locale } from '#domain/types';

export interface TemplateItem extends LocalizedTemplateItem {
  id: string;
}

export interface TypeTexts {
  title: string;
  shortDescription: string | null;
  fullDescription: string | null;
  filterTitle: string | null;
}

export interface TaskTypeRow {
  id: string;
  title: string;
  short_description: string;
  full_description: string;
  filter_title: string;
  nda_protected: boolean;
  created_at: Date;
  translations: unknown;
}

export interface AuthoringTaskType {
  id: string;
  title: string;
  texts: Partial<Record<Locale, TypeTexts>>;
  checklist: { id: string; type: LocalizedTemplateItem['type']; isOptional: boolean; metadata: Record<string, unknown>; texts: Partial<Record<Locale, ItemTexts>> }[];
  completeMarkets: CountryCode[];
  missingLocales: Locale[];
  ndaProtected: boolean;
  taskCount: number;
  createdAt: string;
}

const TYPE_COLUMNS = ['id', 'title', 'short_description', 'full_description', 'filter_title', 'nda_protected', 'created_at', 'translations'] as const;

/** The templates of the types, by type id: their written rows in order, else the built-in one. */
export async function loadTemplates(db: Db, typeIds: readonly string[]): Promise<Map<string, TemplateItem[]>> {
  const out = new Map<string, TemplateItem[]>();
  if (typeIds.length === 0) return out;
  const rows = await db
    .selectFrom('task_type_checklist_items')
    .select(['id', 'task_type_id', 'type', 'is_optional', 'metadata', 'texts'])
    .where('task_type_id', 'in', [...typeIds])
    .orderBy('task_type_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = out.get(row.task_type_id) ?? [];
    list.push({ id: row.id, type: row.type as TemplateItem['type'], isOptional: row.is_optional, metadata: row.metadata ?? {}, texts: cleanTexts(row.texts) });
    out.set(row.task_type_id, list);
  }
  for (const id of typeIds) {
    if (!out.has(id)) out.set(id, builtinTemplate(id).map((item, n) => ({ ...item, id: `${id}.builtin.${n}` })));
  }
  return out;
}

function cleanTexts(value: unknown): Partial<Record<string, ItemTexts>> {
  const out: Partial<Record<string, ItemTexts>> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [locale, t] of Object.entries(value as Record<string, unknown>)) {
    if (typeof t !== 'object' || t === null) continue;
    const { title, description } = t as { title?: unknown; description?: unknown };
    if (typeof title === 'string' && title !== '') out[locale] = { title, description: typeof description === 'string' && description !== '' ? description : null };
  }
  return out;
}

/** The type's own texts per locale: English from its columns, the others from `translations`. */
export function typeTexts(row: TaskTypeRow): Partial<Record<Locale, TypeTexts>> {
  const out: Partial<Record<Locale, TypeTexts>> = {
    en: { title: row.title, shortDescription: row.short_description || null, fullDescription: row.full_description || null, filterTitle: row.filter_title || null },
  };
  const translations = typeof row.translations === 'object' && row.translations !== null ? (row.translations as Record<string, Record<string, unknown> | undefined>) : {};
  for (const locale of LOCALES) {
    if (locale === 'en') continue;
    const t = translations[locale];
    const text = (key: string) => (typeof t?.[key] === 'string' && t[key] !== '' ? (t[key] as string) : null);
    const title = text('title');
    if (title) out[locale] = { title, shortDescription: text('shortDescription'), fullDescription: text('fullDescription'), filterTitle: text('filterTitle') };
  }
  return out;
}

/** The market languages in which the type's title or an item's title is missing. */
export function missingLocales(row: TaskTypeRow, items: readonly TemplateItem[]): Locale[] {
  const texts = typeTexts(row);
  return Object.values(MARKET_LOCALE).filter((locale) => !texts[locale] || items.some((item) => !item.texts[locale]?.title));
}

/** 420 CHECKLIST_TRANSLATION_MISSING when the type lacks the market's language (null when it has it). */
export function marketTextsRefusal(row: TaskTypeRow, items: readonly TemplateItem[], country: string): ApiError | null {
  const locale = MARKET_LOCALE[country];
  if (!locale || !missingLocales(row, items).includes(locale)) return null;
  return refusal('CHECKLIST_TRANSLATION_MISSING', `The task type "${row.title}" has no ${locale} texts for its title or checklist: add them before publishing tasks in ${country}`);
}

export async function findTaskType(db: Db, id: string): Promise<TaskTypeRow | undefined> {
  return db.selectFrom('task_types').select([...TYPE_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/**
 * The checklist rows of a new task of `country`: the template's items with the market's texts in
 * the columns the tasker is served (checked before by marketTextsRefusal) and every locale's beside.
 */
export function checklistRows(items: readonly TemplateItem[], country: string, taskId: string) {
  const locale = MARKET_LOCALE[country] ?? 'en';
  return items.map((item, position) => {
    const texts = item.texts[locale] ?? item.texts.en ?? { title: '', description: null };
    return {
      id: randomUUID(),
      task_id: taskId,
      position,
      type: item.type,
      title: texts.title,
      description: texts.description,
      is_optional: item.isOptional,
      metadata: JSON.stringify(item.metadata),
      translations: JSON.stringify(item.texts),
    };
  });
}

function toAuthoringType(row: TaskTypeRow, items: readonly TemplateItem[], taskCount: number): AuthoringTaskType {
  const missing = missingLocales(row, items);
  return {
    id: row.id,
    title: row.title,
    texts: typeTexts(row),
    checklist: items.map((item) => ({ id: item.id, type: item.type, isOptional: item.isOptional, metadata: item.metadata, texts: item.texts as Partial<Record<Locale, ItemTexts>> })),
    completeMarkets: COUNTRY_CODES.filter((c) => !missing.includes(MARKET_LOCALE[c] as Locale)),
    missingLocales: missing,
    ndaProtected: row.nda_protected,
    taskCount,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every type (by English title) or one, with templates and task counts. */
export async function listAuthoringTypes(db: Db, id?: string): Promise<AuthoringTaskType[]> {
  let query = db.selectFrom('task_types').select([...TYPE_COLUMNS]).orderBy('title').orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  const templates = await loadTemplates(db, rows.map((r) => r.id));
  const counts = rows.length === 0 ? [] : await db.selectFrom('tasks').select(['task_type_id', sql<string>`count(*)::text`.as('n')]).where('task_type_id', 'in', rows.map((r) => r.id)).groupBy('task_type_id').execute();
  const countOf = new Map(counts.map((c) => [c.task_type_id, Number(c.n)]));
  return rows.map((row) => toAuthoringType(row, templates.get(row.id) ?? [], countOf.get(row.id) ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Reading an authored template (400 with codes under texts.<locale>.<key> and items.<n>.<field>).

const TYPE_TEXT_LIMITS = { title: 120, shortDescription: 300, fullDescription: 5000, filterTitle: 60 } as const;
const ITEM_LIMITS = { title: 160, description: 1000 } as const;
const METADATA_WORDS = ['buttonTitle', 'doneTitle', 'ctaTitle', 'titleOverride'] as const;
export const MAX_TEMPLATE_ITEMS = 50;

export interface TemplateInput {
  texts: Partial<Record<Locale, TypeTexts>>;
  items: { id: string | null; type: TemplateItem['type']; isOptional: boolean; metadata: Record<string, unknown>; texts: Partial<Record<Locale, ItemTexts>> }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readText(value: unknown, max: number, required: boolean): { value: string | null; error: string | null } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { value: null, error: required ? 'REQUIRED' : null };
  if (typeof value !== 'string') return { value: null, error: 'INVALID' };
  const v = value.trim();
  return v.length > max ? { value: null, error: 'TOO_LONG' } : { value: v, error: null };
}

/** A template body ({texts, items}); `fields` collects the per-field codes. */
export function readTemplate(body: Record<string, unknown>, itemsKey: 'items' | 'checklist', fields: Record<string, string>): TemplateInput {
  const texts: Partial<Record<Locale, TypeTexts>> = {};
  if (!isObject(body.texts)) fields.texts = body.texts === undefined || body.texts === null ? 'REQUIRED' : 'INVALID';
  else {
    for (const [locale, raw] of Object.entries(body.texts)) {
      if (!(LOCALES as readonly string[]).includes(locale)) {
        fields[`texts.${locale}`] = 'INVALID';
        continue;
      }
      if (raw === null || raw === undefined) continue;
      if (!isObject(raw)) {
        fields[`texts.${locale}`] = 'INVALID';
        continue;
      }
      const read = Object.fromEntries(
        Object.entries(TYPE_TEXT_LIMITS).map(([key, max]) => {
          const r = readText(raw[key], max, key === 'title');
          if (r.error) fields[`texts.${locale}.${key}`] = r.error;
          return [key, r.value];
        }),
      ) as Record<keyof TypeTexts, string | null>;
      if (read.title) texts[locale as Locale] = { title: read.title, shortDescription: read.shortDescription, fullDescription: read.fullDescription, filterTitle: read.filterTitle };
    }
    if (!texts.en && !fields['texts.en.title']) fields['texts.en.title'] = 'REQUIRED';
  }

  const items: TemplateInput['items'] = [];
  const list = body[itemsKey] ?? (itemsKey === 'checklist' ? body.items : undefined);
  if (!Array.isArray(list)) fields.items = list === undefined || list === null ? 'REQUIRED' : 'INVALID';
  else if (list.length === 0) fields.items = 'REQUIRED';
  else if (list.length > MAX_TEMPLATE_ITEMS) fields.items = 'TOO_MANY';
  else {
    list.forEach((raw, n) => {
      const at = `items.${n}`;
      if (!isObject(raw)) {
        fields[at] = 'INVALID';
        return;
      }
      const type = raw.type;
      if (typeof type !== 'string' || !(CHECKLIST_ITEM_TYPES as readonly string[]).includes(type)) fields[`${at}.type`] = type === undefined ? 'REQUIRED' : 'INVALID';
      if (raw.isOptional !== undefined && raw.isOptional !== null && typeof raw.isOptional !== 'boolean') fields[`${at}.isOptional`] = 'INVALID';
      const metadata = readMetadata(raw.metadata, type, at, fields);
      const itemTexts: Partial<Record<Locale, ItemTexts>> = {};
      if (!isObject(raw.texts)) fields[`${at}.texts`] = raw.texts === undefined ? 'REQUIRED' : 'INVALID';
      else {
        for (const [locale, t] of Object.entries(raw.texts)) {
          if (!(LOCALES as readonly string[]).includes(locale)) {
            fields[`${at}.texts.${locale}`] = 'INVALID';
            continue;
          }
          if (t === null || t === undefined) continue;
          if (!isObject(t)) {
            fields[`${at}.texts.${locale}`] = 'INVALID';
            continue;
          }
          const title = readText(t.title, ITEM_LIMITS.title, true);
          const description = readText(t.description, ITEM_LIMITS.description, false);
          if (title.error) fields[`${at}.texts.${locale}.title`] = title.error;
          if (description.error) fields[`${at}.texts.${locale}.description`] = description.error;
          if (title.value) itemTexts[locale as Locale] = { title: title.value, description: description.value };
        }
        if (!itemTexts.en && !fields[`${at}.texts.en.title`]) fields[`${at}.texts.en.title`] = 'REQUIRED';
      }
      const id = typeof raw.id === 'string' && /^[\w.:-]{1,80}$/.test(raw.id) ? raw.id : null;
      items.push({ id, type: type as TemplateItem['type'], isOptional: raw.isOptional === true, metadata, texts: itemTexts });
    });
  }
  return { texts, items };
}

/** The metadata keys the app reads (ChecklistItemSchema), checked; any other key is refused. */
function readMetadata(value: unknown, type: unknown, at: string, fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (value === undefined || value === null) {
    if (type === 'link') fields[`${at}.metadata.target`] = 'REQUIRED';
    return out;
  }
  if (!isObject(value)) {
    fields[`${at}.metadata`] = 'INVALID';
    return out;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === 'tags') {
      if (!Array.isArray(v) || v.some((tag) => !(PHOTO_TAGS as readonly string[]).includes(tag as string))) fields[`${at}.metadata.tags`] = 'INVALID';
      else if (v.length > 0) out.tags = [...new Set(v)];
    } else if (key === 'target') {
      const target = readText(v, 500, false);
      if (target.error || (target.value && !isLinkTarget(target.value))) fields[`${at}.metadata.target`] = 'INVALID';
      else if (target.value) out.target = target.value;
    } else if (key === 'isAutoToggle') {
      if (typeof v !== 'boolean') fields[`${at}.metadata.isAutoToggle`] = 'INVALID';
      else out.isAutoToggle = v;
    } else if ((METADATA_WORDS as readonly string[]).includes(key)) {
      const word = readText(v, 60, false);
      if (word.error) fields[`${at}.metadata.${key}`] = word.error;
      else if (word.value) out[key] = word.value;
    } else fields[`${at}.metadata.${key}`] = 'NOT_ALLOWED';
  }
  if (type === 'link' && out.target === undefined && !fields[`${at}.metadata.target`]) fields[`${at}.metadata.target`] = 'REQUIRED';
  return out;
}

/** An https URL or a path on the app's own origin. */
function isLinkTarget(value: string): boolean {
  if (/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The `translations` jsonb of a type: the non-English texts, keys as server/catalog/localize.ts reads them. */
export function typeTranslationsJson(texts: Partial<Record<Locale, TypeTexts>>): string {
  const out: Record<string, Record<string, string>> = {};
  for (const locale of LOCALES) {
    const t = texts[locale];
    if (locale === 'en' || !t) continue;
    out[locale] = Object.fromEntries(Object.entries(t).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  }
  return JSON.stringify(out);
}

/** Replaces the type's template rows with `items` (kept ids stay, others are new). */
export async function writeTemplate(db: Db, typeId: string, items: TemplateInput['items']): Promise<void> {
  const existing = new Set((await db.selectFrom('task_type_checklist_items').select('id').where('task_type_id', '=', typeId).execute()).map((r) => r.id));
  await db.deleteFrom('task_type_checklist_items').where('task_type_id', '=', typeId).execute();
  const seen = new Set<string>();
  await db
    .insertInto('task_type_checklist_items')
    .values(
      items.map((item, position) => {
        const id = item.id && existing.has(item.id) && !seen.has(item.id) ? item.id : randomUUID();
        seen.add(id);
        return { id, task_type_id: typeId, position, type: item.type, is_optional: item.isOptional, metadata: JSON.stringify(item.metadata), texts: JSON.stringify(item.texts) };
      }),
    )
    .execute();
}
