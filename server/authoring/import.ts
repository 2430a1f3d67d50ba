/**
 * Tasks from a CSV file: every row is read and checked like one POST /api/staff/tasks (the same
 * field codes, under the row's column names), plus the place named by title and city, the
 * member's markets and the market-language rule of the task type. A dry run answers the preview;
 * otherwise the rows are created only when every row is valid, in the one transaction of the
 * request (all or nothing).
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import type { StaffActor } from '../http/access';
import { staffMayActIn } from '#domain/staff';
import { formatAmount, parseAmount } from '#domain/money';
import type { CountryCode, CurrencyCode, Money } from '#domain/types';
import { defaultTaskTitle, draftLookups, insertTask, readTaskDraft, type TaskDraft } from '../staff/service';
import { marketTextsRefusal } from '../tasks/templates';
import { attachKnownProducts, knownEans, readProductEan } from '../tasks/products';
import { recordStaffAction } from '../http/staffActions';

export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_CHARS = 2 * 1024 * 1024;
export const IMPORT_COLUMNS = [
  'placeId',
  'placeTitle',
  'placeCity',
  'taskTypeId',
  'title',
  'timeWindowStart',
  'timeWindowEnd',
  'reward',
  'bonusReward',
  'expectedDuration',
  'descriptiveComment',
  'products',
  'published',
] as const;
/** The expected duration of a row without one (minutes). */
const DEFAULT_DURATION = 60;

export interface ImportPreview {
  id: string | null;
  title: string;
  placeId: string;
  placeTitle: string;
  countryCode: CountryCode;
  taskTypeId: string;
  timeWindowStart: string;
  timeWindowEnd: string;
  reward: Money;
  bonusReward: Money | null;
  expectedDuration: number;
  products: string[];
}

export interface ImportRow {
  line: number;
  ok: boolean;
  errors?: Record<string, string>;
  task?: ImportPreview;
}

interface ReadRow {
  line: number;
  errors: Record<string, string>;
  draft: TaskDraft | null;
  eans: string[];
}

function parseCsv(csv: string): { line: number; record: Record<string, string> }[] {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  try {
    // `to`: parsing stops one record past the limit, which is enough to refuse the file.
    parsed = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true, info: true, max_record_size: 20_000, to: IMPORT_MAX_ROWS + 1 }) as typeof parsed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest({ csv: 'INVALID' }, `The file is not valid CSV: ${message}`);
  }
  if (parsed.length > IMPORT_MAX_ROWS) throw badRequest({ csv: 'TOO_MANY' }, `At most ${IMPORT_MAX_ROWS} rows in one file`);
  const header = parsed[0] ? Object.keys(parsed[0].record) : [];
  const unknown = header.filter((name) => !(IMPORT_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) throw badRequest({ csv: 'INVALID' }, `Unknown column ${unknown.map((u) => `"${u}"`).join(', ')}; the columns are ${IMPORT_COLUMNS.join(', ')}`);
  return parsed.map((p) => ({ line: p.info.lines, record: p.record }));
}

/** The place of a row: its id, or its title and city (case-insensitive; several: AMBIGUOUS). */
async function resolvePlace(db: Db, markets: readonly string[], record: Record<string, string>, errors: Record<string, string>, cache: Map<string, string[]>): Promise<string | null> {
  if (record.placeId) return record.placeId;
  const title = record.placeTitle ?? '';
  const city = record.placeCity ?? '';
  if (!title && !city) {
    errors.placeId = 'REQUIRED';
    return null;
  }
  if (!title || !city) {
    errors[title ? 'placeCity' : 'placeTitle'] = 'REQUIRED';
    return null;
  }
  const key = `${title.toLowerCase()}\u0000${city.toLowerCase()}`;
  let ids = cache.get(key);
  if (!ids) {
    // Only the member's markets: a place of the same name elsewhere neither makes the row
    // ambiguous nor tells a market-limited author that it exists.
    let query = db.selectFrom('places').select('id').where(sql`lower(title)`, '=', title.toLowerCase()).where(sql`lower(city)`, '=', city.toLowerCase());
    if (markets.length > 0) query = query.where('country_code', 'in', [...markets]);
    const rows = await query.limit(2).execute();
    ids = rows.map((r) => r.id);
    cache.set(key, ids);
  }
  if (ids.length === 0) errors.placeTitle = 'NOT_FOUND';
  else if (ids.length > 1) errors.placeTitle = 'AMBIGUOUS';
  return ids.length === 1 ? (ids[0] as string) : null;
}

async function readRows(db: Db, actor: StaffActor, csv: string): Promise<ReadRow[]> {
  const records = parseCsv(csv);
  const lookups = draftLookups(db);
  const placeCache = new Map<string, string[]>();
  const allEans = new Set<string>();
  const rows: ReadRow[] = [];
  for (const { line, record } of records) {
    const errors: Record<string, string> = {};
    const placeId = await resolvePlace(db, actor.markets, record, errors, placeCache);
    const duration = record.expectedDuration ?? '';
    const published = (record.published ?? '').toLowerCase();
    if (published !== '' && published !== 'true' && published !== 'false') errors.published = 'INVALID';
    const eans: string[] = [];
    for (const raw of (record.products ?? '').split(/[\s|]+/).filter(Boolean)) {
      const ean = readProductEan(raw);
      if (ean.error) errors.products = 'EAN_INVALID';
      else if (!eans.includes(ean.value as string)) eans.push(ean.value as string);
    }
    eans.forEach((e) => allEans.add(e));
    const { draft, fields } = await readTaskDraft(
      {
        placeId: placeId ?? undefined,
        taskTypeId: record.taskTypeId,
        title: record.title,
        timeWindowStart: record.timeWindowStart,
        timeWindowEnd: record.timeWindowEnd,
        reward: record.reward,
        bonusReward: record.bonusReward,
        expectedDuration: duration === '' ? undefined : /^\d{1,4}$/.test(duration) ? Number(duration) : duration,
        descriptiveComment: record.descriptiveComment,
        published: published === 'false' ? false : true,
      },
      lookups,
      { defaultDuration: DEFAULT_DURATION },
    );
    for (const [name, code] of Object.entries(fields)) {
      // A place named by title and city already has its code there.
      if (name === 'placeId' && (errors.placeTitle || errors.placeCity)) continue;
      errors[name] ??= code;
    }
    if (draft) {
      if (!staffMayActIn(actor.markets, draft.place.country_code)) errors.placeId = 'STAFF_MARKET_REFUSED';
      else if (marketTextsRefusal(draft.taskType, draft.template, draft.place.country_code)) errors.taskTypeId = 'CHECKLIST_TRANSLATION_MISSING';
    }
    rows.push({ line, errors, draft, eans });
  }
  const known = await knownEans(db, [...allEans]);
  for (const row of rows) if (!row.errors.products && row.eans.some((e) => !known.has(e))) row.errors.products = 'NOT_FOUND';
  return rows;
}

/**
 * Checks every row of `csv`; unless `dryRun` or a row has errors, creates them all (each audited
 * as 'task.import'). `db` is the request's transaction.
 */
export async function importTasks(db: Db, actor: StaffActor, csv: string, dryRun: boolean, now: Date): Promise<{ rows: ImportRow[]; created: number }> {
  if (csv.length > IMPORT_MAX_CHARS) throw badRequest({ csv: 'TOO_LONG' }, 'The file is larger than 2 MB');
  const rows = await readRows(db, actor, csv);
  const currencies = new Map((await db.selectFrom('countries').select(['code', 'currency_code', 'currency_symbol']).execute()).map((c) => [c.code, c]));
  const money = (amount: string, country: string): Money => {
    const c = currencies.get(country);
    return { amount: formatAmount(parseAmount(amount)), currencyCode: (c?.currency_code ?? 'EUR') as CurrencyCode, currencySymbol: c?.currency_symbol ?? '' };
  };
  const preview = (row: ReadRow, id: string | null): ImportPreview | undefined => {
    const d = row.draft;
    if (!d) return undefined;
    return {
      id,
      title: d.title ?? defaultTaskTitle(d),
      placeId: d.place.id,
      placeTitle: d.place.title,
      countryCode: d.place.country_code as CountryCode,
      taskTypeId: d.taskType.id,
      timeWindowStart: d.start.toISOString(),
      timeWindowEnd: d.end.toISOString(),
      reward: money(d.reward, d.place.country_code),
      bonusReward: d.bonus === null ? null : money(d.bonus, d.place.country_code),
      expectedDuration: d.duration,
      products: row.eans,
    };
  };
  const valid = rows.every((r) => Object.keys(r.errors).length === 0 && r.draft);
  const created: (string | null)[] = rows.map(() => null);
  if (!dryRun && valid) {
    // Taskers hear once per store of an import, not once per row (a file of 1000 rows would
    // otherwise send each tasker of the market 1000 notifications).
    const notified = new Set<string>();
    for (const [n, row] of rows.entries()) {
      const draft = row.draft as TaskDraft;
      const first = !notified.has(draft.place.id);
      if (draft.published) notified.add(draft.place.id);
      const id = await insertTask(db, draft, now, { notify: first });
      await attachKnownProducts(db, id, row.eans);
      created[n] = id;
      const task = preview(row, id);
      await recordStaffAction(db, actor, { action: 'task.import', entity: 'task', entityId: id, country: draft.place.country_code, after: { ...task, published: draft.published, line: row.line } }, now);
    }
  }
  return {
    rows: rows.map((row, n) => {
      const ok = Object.keys(row.errors).length === 0 && row.draft !== null;
      const task = preview(row, created[n] ?? null);
      return { line: row.line, ok, ...(ok ? {} : { errors: row.errors }), ...(task ? { task } : {}) };
    }),
    created: created.filter(Boolean).length,
  };
}
