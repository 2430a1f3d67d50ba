/**
 * The demo seed, loaded on the first start of an empty database. Deterministic (a fixed PRNG)
 * and relative to the seeding time, so windows, deadlines and "new" flags make sense whenever
 * it runs. Guarded by an advisory lock so several processes starting together seed once.
 * Over 450 lines on purpose: one transaction writes the whole demo world in dependency order
 * (its data tables are in seed-data.ts).
 */
import { sql, type Insertable } from 'kysely';
import type { UsersTable } from './schema';
import type { Db } from './database';
import { withCheckDigit } from '#domain/ean';
import { earlyCancelDeadline, localDateKey } from '#domain/tasks';
import { formatAmount } from '#domain/money';
import { addDays, zonedInstant } from '#domain/payouts';
import { hashPassword } from '../auth/passwords';
import { checklistFor } from '../tasks/checklists';
import { DEFECT_NAMES, seedFilterTitle, seedText, TASK_TYPE_TEXTS, TRAINING_TITLES, translationsJson } from './seed-i18n';
import { seedMoneyDemo } from '../money/seed';
import { newReferralCode } from '../users/profile';
import {
  DEMO_PASSWORD,
  SEED_BRANDS,
  SEED_CATEGORIES,
  SEED_COUNTRIES,
  SEED_BUSINESSES,
  SEED_CONTACTS,
  SEED_DEFECTS,
  SEED_FLEET_PARTNERS,
  SEED_PRODUCTS,
  SEED_PROFILES,
  SEED_RETAILERS,
  SEED_STORES,
  SEED_TASK_TYPES,
  SEED_TRAININGS,
  type SeedCountry,
  type SeedTaskType,
} from './seed-data';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: small, fast, deterministic. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(next() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return { next, int, pick, uuid };
}

/** The instant of a local wall-clock time in a time zone (#domain/payouts, where the payout weeks use it). */
export { zonedInstant };

/** Whole minor units as an exact decimal string (1250 → '12.50'). */
function formatMinor(minor: number): string {
  return formatAmount(BigInt(minor));
}

async function insertChunked<T extends Record<string, unknown>>(db: Db, table: string, rows: T[], chunk = 100): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // The rows are typed by the callers below; Kysely's table union cannot be narrowed from a string.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await db.insertInto(table as any).values(rows.slice(i, i + chunk) as any).execute();
  }
}

export interface DemoAccount {
  email: string;
  password: string;
  status: string;
  countryCode: string;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'lt@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'active', countryCode: 'LT', description: 'approved tasker, Lithuania (EUR)' },
  { email: 'pl@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'active', countryCode: 'PL', description: 'approved tasker, Poland (PLN)' },
  { email: 'cz@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'active', countryCode: 'CZ', description: 'approved tasker, Czechia (CZK)' },
  { email: 'ro@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'active', countryCode: 'RO', description: 'approved tasker, Romania (RON)' },
  { email: 'new@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'new', countryCode: 'LT', description: 'new account, onboarding not started' },
  { email: 'pending@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'awaiting_approval', countryCode: 'LT', description: 'profile sent, awaiting approval (sees tasks locked)' },
  // LT: the IBAN (the rejection's field) is asked there; PL has none (spec section 5). A Polish phone number is fine.
  { email: 'rejected@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'rejected', countryCode: 'LT', description: 'rejected: IBAN not valid' },
  { email: 'deactivated@demo.shelfwork.app', password: DEMO_PASSWORD, status: 'deactivated', countryCode: 'CZ', description: 'deactivated: must contact support' },
];

const DEMO_NAMES: Record<string, [string, string, string]> = {
  'lt@demo.shelfwork.app': ['Aistė', 'Kazlauskienė', '+370 612 34567'],
  'pl@demo.shelfwork.app': ['Katarzyna', 'Nowak', '+48 512 345 678'],
  'cz@demo.shelfwork.app': ['Tereza', 'Dvořáková', '+420 601 234 567'],
  'ro@demo.shelfwork.app': ['Andrei', 'Popescu', '+40 721 234 567'],
  'pending@demo.shelfwork.app': ['Jonas', 'Petrauskas', '+370 698 76543'],
  'rejected@demo.shelfwork.app': ['Marta', 'Wiśniewska', '+48 601 222 333'],
  'deactivated@demo.shelfwork.app': ['Petr', 'Novák', '+420 777 123 456'],
};

interface TaskPlan {
  status: string;
  taskerId: string | null;
  /** Window start/end; when null the generator picks a day window at `dayOffset`. */
  window?: { start: Date; end: Date };
  dayOffset: number;
  startedAgo?: number;
  finishedAgo?: number;
  dispute?: boolean;
}

export interface SeedSummary {
  tasks: number;
  places: number;
  users: number;
}

/** Seeds the demo data unless the database already has countries. Returns null when it skipped. */
export async function seedIfEmpty(db: Db, now: Date): Promise<SeedSummary | null> {
  return db.transaction().execute(async (trx) => {
    // One seeder at a time across processes; the others find the data and skip.
    await sql`select pg_advisory_xact_lock(424242)`.execute(trx);
    const existing = await trx.selectFrom('countries').select('code').limit(1).execute();
    if (existing.length > 0) return null;
    const summary = await seedDemo(trx, now);
    // Fresh statistics so the planner uses the task indexes from the first request.
    await sql`analyze`.execute(trx);
    return summary;
  });
}

export async function seedDemo(db: Db, now: Date): Promise<SeedSummary> {
  const rnd = createRandom(20_261_121);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  await insertChunked(
    db,
    'countries',
    SEED_COUNTRIES.map((c) => ({ code: c.code, name: c.name, currency_code: c.currencyCode, currency_symbol: c.currencySymbol, locale: c.locale, time_zone: c.timeZone })),
  );
  // The markets' fleet partners, contracting businesses and contacts (the onboarding's choices).
  await insertChunked(
    db,
    'fleet_partners',
    SEED_FLEET_PARTNERS.map((f, i) => ({ id: f.id, country_code: f.countryCode, short_name: f.shortName, url: f.url, position: i })),
  );
  await insertChunked(
    db,
    'country_businesses',
    SEED_BUSINESSES.map((b) => ({ id: b.id, country_code: b.countryCode, name: b.name, registration_number: b.registrationNumber, address: b.address })),
  );
  await insertChunked(
    db,
    'country_contacts',
    SEED_CONTACTS.map((c) => ({
      country_code: c.countryCode,
      support_phone: c.supportPhone,
      support_email: c.supportEmail,
      supervisor_name: c.supervisor.name,
      supervisor_phone: c.supervisor.phone,
      supervisor_email: c.supervisor.email,
    })),
  );
  await insertChunked(db, 'retailers', SEED_RETAILERS.map((r) => ({ id: r.id, name: r.name, logo: `/logos/${r.id}.svg` })));
  const places = SEED_STORES.map((s, i) => ({
    id: `${s.countryCode.toLowerCase()}-${s.retailerId}-${String(i + 1).padStart(2, '0')}`,
    title: s.title,
    address: s.address,
    city: s.city,
    country_code: s.countryCode,
    latitude: s.latitude,
    longitude: s.longitude,
    retailer_id: s.retailerId,
    created_at: ago(500),
  }));
  await insertChunked(db, 'places', places);
  await insertChunked(
    db,
    'trainings',
    SEED_TRAININGS.map((t) => ({
      id: t.id,
      title: t.title,
      filter_title: t.filterTitle,
      link_to_training: t.link,
      nda_protected: t.ndaProtected,
      enabled: true,
      is_required: t.isRequired,
      created_at: ago(t.ageDays),
      // Each market's words beside the English (seed-i18n.ts; picked per market, server/catalog/localize.ts).
      translations: translationsJson((locale) => {
        const title = TRAINING_TITLES[t.id]?.[locale];
        return title ? { title, filterTitle: seedFilterTitle(t.filterTitle, locale) } : undefined;
      }),
    })),
  );
  await insertChunked(
    db,
    'task_types',
    SEED_TASK_TYPES.map((t) => ({
      id: t.id,
      title: t.title,
      short_description: t.shortDescription,
      full_description: t.fullDescription,
      default_photo: null,
      photos: '[]',
      featured_images: '[]',
      filter_title: t.filterTitle,
      nda_protected: t.ndaProtected,
      created_at: ago(t.ageDays),
      translations: translationsJson((locale) => {
        const texts = TASK_TYPE_TEXTS[t.id]?.[locale];
        return texts ? { ...texts, filterTitle: seedFilterTitle(t.filterTitle, locale) } : undefined;
      }),
    })),
  );
  await insertChunked(
    db,
    'task_type_trainings',
    SEED_TASK_TYPES.flatMap((t) => t.trainingIds.map((trainingId, position) => ({ task_type_id: t.id, training_id: trainingId, position }))),
  );
  await insertChunked(
    db,
    'defects',
    SEED_DEFECTS.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      translations: translationsJson((locale) => {
        const name = DEFECT_NAMES[d.id]?.[locale];
        return name ? { name } : undefined;
      }),
    })),
  );

  const productsByCountry = new Map<string, string[]>();
  const productRows: { id: string; ean: string; name: string; brand: string }[] = [];
  for (const country of SEED_COUNTRIES) {
    const ids: string[] = [];
    SEED_PRODUCTS[country.code].forEach((p, i) => {
      // Most products carry EAN-13 with the market's GS1 prefix; every fourth a short EAN-8.
      const ean =
        i % 4 === 3
          ? withCheckDigit(`${country.gs1.slice(0, 3)}${String(rnd.int(0, 9999)).padStart(4, '0')}`)
          : withCheckDigit(`${country.gs1}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`);
      const id = `${country.code.toLowerCase()}-p${i + 1}`;
      ids.push(id);
      productRows.push({ id, ean, name: p.name, brand: p.brand });
    });
    productsByCountry.set(country.code, ids);
  }
  await insertChunked(db, 'products', productRows);

  // Users.
  const passwordHash = await hashPassword(DEMO_PASSWORD, Buffer.from('shelfwork-demo-salt'));
  const userIds = new Map<string, string>();
  const userRows: Insertable<UsersTable>[] = DEMO_ACCOUNTS.map((a, i) => {
    const id = rnd.uuid();
    userIds.set(a.email, id);
    const names = DEMO_NAMES[a.email];
    const reviewed = a.status !== 'new';
    const profile = reviewed ? SEED_PROFILES[a.email] : undefined;
    const approved = a.status === 'active' || a.status === 'deactivated';
    const createdAt = ago(a.status === 'active' ? 200 - i * 10 : 10 - i);
    return {
      id,
      email: a.email,
      password_hash: passwordHash,
      first_name: names?.[0] ?? null,
      middle_name: null,
      last_name: names?.[1] ?? null,
      phone: names?.[2] ?? null,
      country_code: a.countryCode,
      status: a.status,
      payment_documents_done: reviewed,
      profile_complete: reviewed,
      rejection_reasons: JSON.stringify(a.status === 'rejected' ? ['iban'] : []),
      rejection_comment: a.status === 'rejected' ? seedText(a.countryCode, 'The IBAN does not match the account holder name. Please enter an account in your own name.') : null,
      // Made as every tasker's code is (crypto randomness): demo codes must not be guessable either.
      referral_code: reviewed ? newReferralCode() : null,
      reservation_limit_minutes: null,
      created_at: createdAt,
      updated_at: ago(1),
      // A valid profile (src/domain/profile.ts) with its payment documents: the demo stays coherent.
      national_id: profile?.nationalId ?? null,
      iban: profile?.iban ?? null,
      address: profile?.address ?? null,
      business_type: 'self_employed',
      business_id: reviewed ? `${a.countryCode.toLowerCase()}-shelfwork` : null,
      fleet_partner_id: profile?.fleetPartnerId ?? null,
      activity_code: reviewed && a.countryCode === 'LT' ? '829900' : null,
      submitted_at: reviewed ? new Date(createdAt.getTime() + DAY) : null,
      approved_at: approved ? new Date(createdAt.getTime() + 2 * DAY) : null,
    };
  });
  // Other taskers hold the tasks the demo accounts must not see (reserved by someone else, history).
  const crowd = new Map<string, string>();
  for (const country of SEED_COUNTRIES) {
    const id = rnd.uuid();
    crowd.set(country.code, id);
    userRows.push({
      id,
      email: `crowd-${country.code.toLowerCase()}@demo.shelfwork.app`,
      password_hash: null,
      first_name: 'Crowd',
      middle_name: null,
      last_name: `Tasker ${country.code}`,
      phone: null,
      country_code: country.code,
      status: 'active',
      payment_documents_done: true,
      profile_complete: true,
      rejection_reasons: '[]',
      rejection_comment: null,
      referral_code: null,
      reservation_limit_minutes: null,
      created_at: ago(300),
      updated_at: ago(1),
    });
  }
  await insertChunked(db, 'users', userRows);

  // The reviewed accounts' documents and review history. The demo has no document files: the
  // rows say they were uploaded and are gone (deleted_at), as an identity document is after
  // approval, so no link points at a missing file.
  const documentRows: Record<string, unknown>[] = [];
  const eventRows: Record<string, unknown>[] = [];
  for (const row of userRows) {
    const account = DEMO_ACCOUNTS.find((a) => a.email === row.email);
    if (!account || account.status === 'new') continue;
    const submitted = row.submitted_at as Date;
    const slug = account.email.split('@')[0] as string;
    const kinds = account.countryCode === 'LT' ? ['identity_document', 'payment_document'] : ['identity_document'];
    for (const kind of kinds) {
      documentRows.push({ id: `seed-${slug}-${kind.replace('_', '-')}`, user_id: row.id, kind, uploaded_at: submitted, deleted_at: row.approved_at ?? submitted, created_at: submitted });
    }
    const event = (kind: string, actor: string, at: Date, extra: { reasons?: string[]; comment?: string | null } = {}) =>
      eventRows.push({ id: `seed-${slug}-${kind}`, user_id: row.id, kind, actor, reasons: JSON.stringify(extra.reasons ?? []), comment: extra.comment ?? null, detail: '{}', created_at: at });
    event('submitted', 'tasker', submitted);
    if (row.approved_at) event('approved', 'Rasa Jankauskienė', row.approved_at as Date);
    if (account.status === 'rejected') event('rejected', 'Rasa Jankauskienė', new Date(submitted.getTime() + DAY), { reasons: ['iban'], comment: row.rejection_comment as string });
    if (account.status === 'deactivated') event('deactivated', 'staff', ago(0.5));
  }
  await insertChunked(db, 'user_documents', documentRows);
  await insertChunked(db, 'user_events', eventRows);

  // Trainings done: approved taskers did everything except the new promo training; the pending one did the basics.
  const userTrainings: { user_id: string; training_id: string; done_at: Date }[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const uid = userIds.get(account.email) as string;
    const done = account.status === 'active' ? SEED_TRAININGS.filter((t) => t.id !== 'promo-displays') : account.status === 'awaiting_approval' ? SEED_TRAININGS.filter((t) => t.id === 'basics') : [];
    done.forEach((t, i) => userTrainings.push({ user_id: uid, training_id: t.id, done_at: ago(150 - i) }));
  }
  for (const uid of crowd.values()) SEED_TRAININGS.forEach((t) => userTrainings.push({ user_id: uid, training_id: t.id, done_at: ago(20) }));
  await insertChunked(db, 'user_trainings', userTrainings);

  // Tasks.
  const taskRows: Record<string, unknown>[] = [];
  const checklistRows: Record<string, unknown>[] = [];
  const taskProductRows: { task_id: string; product_id: string }[] = [];
  const taskDefectRows: { task_id: string; defect_id: string; checked: boolean }[] = [];
  const totalWeight = SEED_TASK_TYPES.reduce((s, t) => s + t.weight, 0);
  const pickType = (): SeedTaskType => {
    let r = rnd.next() * totalWeight;
    for (const t of SEED_TASK_TYPES) {
      r -= t.weight;
      if (r < 0) return t;
    }
    return SEED_TASK_TYPES[0] as SeedTaskType;
  };

  for (const country of SEED_COUNTRIES) {
    const demoId = userIds.get(`${country.code.toLowerCase()}@demo.shelfwork.app`) as string;
    const crowdId = crowd.get(country.code) as string;
    const countryPlaces = places.filter((p) => p.country_code === country.code);
    const plans: TaskPlan[] = [];
    // Windows open at seeding time (so demos can start tasks at any hour), on quarter hours like real ones.
    const QUARTER = 15 * MINUTE;
    const openNow = (startedHoursAgo: number, hoursLeft: number) => ({
      start: new Date(Math.floor((now.getTime() - startedHoursAgo * HOUR) / QUARTER) * QUARTER),
      end: new Date(Math.ceil((now.getTime() + hoursLeft * HOUR) / QUARTER) * QUARTER),
    });
    // Available: many, over the next two weeks, plus two whose window is open now when it is
    // daytime in the market (at night they get an ordinary window tomorrow instead).
    for (let i = 0; i < 48; i++) plans.push({ status: 'available', taskerId: null, dayOffset: 1 + (i % 14) });
    const localHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: country.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now));
    const daytime = localHour >= 7 && localHour < 16;
    plans.push({ status: 'available', taskerId: null, dayOffset: daytime ? 0 : 1, ...(daytime ? { window: openNow(0.5, 4) } : {}) });
    plans.push({ status: 'available', taskerId: null, dayOffset: daytime ? 0 : 1, ...(daytime ? { window: openNow(1, 3) } : {}) });
    // The demo tasker's own work.
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 0, window: openNow(1, 5) });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 1 });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 3 });
    plans.push({ status: 'reserved', taskerId: demoId, dayOffset: 6 });
    plans.push({ status: 'in_progress', taskerId: demoId, dayOffset: 0, window: openNow(2, 3), startedAgo: 0.5 });
    plans.push({ status: 'in_progress', taskerId: demoId, dayOffset: 0, window: openNow(1, 2), startedAgo: 0.2 });
    for (const d of [1, 2]) plans.push({ status: 'awaiting_confirmation', taskerId: demoId, dayOffset: -d, finishedAgo: d });
    for (const d of [3, 5, 8, 12, 20, 33]) plans.push({ status: 'accepted', taskerId: demoId, dayOffset: -d, finishedAgo: d });
    plans.push({ status: 'rejected', taskerId: demoId, dayOffset: -4, finishedAgo: 4, dispute: true });
    plans.push({ status: 'rejected', taskerId: demoId, dayOffset: -15, finishedAgo: 15 });
    for (const d of [6, 25]) plans.push({ status: 'expired', taskerId: demoId, dayOffset: -d });
    // Other taskers' work (never visible to the demo accounts).
    for (const d of [1, 2, 4]) plans.push({ status: 'reserved', taskerId: crowdId, dayOffset: d });
    plans.push({ status: 'in_progress', taskerId: crowdId, dayOffset: 0, window: openNow(1, 4), startedAgo: 0.3 });
    for (const d of [1, 3]) plans.push({ status: 'awaiting_confirmation', taskerId: crowdId, dayOffset: -d, finishedAgo: d });
    for (const d of [2, 7, 9, 14]) plans.push({ status: 'accepted', taskerId: crowdId, dayOffset: -d, finishedAgo: d });
    plans.push({ status: 'rejected', taskerId: crowdId, dayOffset: -10, finishedAgo: 10 });
    for (const d of [4, 11]) plans.push({ status: 'expired', taskerId: crowdId, dayOffset: -d });

    const today = localDateKey(now, country.timeZone);
    plans.forEach((plan, index) => {
      const type = pickType();
      const place = countryPlaces[index % countryPlaces.length] as (typeof places)[number];
      let windowStart: Date;
      let windowEnd: Date;
      if (plan.window) {
        windowStart = plan.window.start;
        windowEnd = plan.window.end;
      } else {
        const day = addDays(today, plan.dayOffset);
        if (rnd.next() < 0.75) {
          // Daytime: 2–6 h inside 07:00–16:00 local, starting on a quarter hour.
          const hours = rnd.int(2, 6);
          const startHour = rnd.int(7, 16 - hours);
          const minute = startHour + hours < 16 ? rnd.pick([0, 15, 30, 45]) : 0;
          windowStart = zonedInstant(day, startHour, minute, country.timeZone);
          windowEnd = zonedInstant(day, startHour + hours, minute, country.timeZone);
        } else {
          // Evening: 1–2 h starting 17:00–20:45 local on a quarter hour.
          const hours = rnd.int(1, 2);
          const startHour = rnd.int(17, 20);
          const minute = rnd.pick([0, 15, 30, 45]);
          windowStart = zonedInstant(day, startHour, minute, country.timeZone);
          windowEnd = zonedInstant(day, startHour + hours, minute, country.timeZone);
        }
      }
      const windowMinutes = (windowEnd.getTime() - windowStart.getTime()) / MINUTE;
      const fitting = type.durations.filter((d) => d <= windowMinutes - 15);
      const expectedDuration = fitting.length > 0 ? rnd.pick(fitting) : Math.max(15, Math.min(30, windowMinutes - 15));
      const { min, max, step } = country.reward;
      const scaled = min + ((max - min) * (expectedDuration - 15)) / 165;
      const baseMinor = Math.round((scaled * (0.85 + rnd.next() * 0.3)) / step) * step;
      const bonusMinor = rnd.next() < 0.18 ? Math.round((baseMinor * (0.1 + rnd.next() * 0.2)) / step) * step : 0;
      const rewardMinor = baseMinor + bonusMinor;
      const category = rnd.pick(SEED_CATEGORIES);
      const brand = rnd.pick(SEED_BRANDS);
      // In the market's language (seed-i18n.ts).
      const prefix = seedText(country.code, type.titlePrefix);
      const categoryWords = seedText(country.code, category);
      const title =
        type.id === 'sku-scan' || type.id === 'promo-display' ? `${prefix}: ${brand} ${type.id === 'sku-scan' ? categoryWords : ''}`.trim() : `${prefix}: ${categoryWords}`;
      const id = rnd.uuid();
      const endIso = windowEnd.toISOString();

      const items = checklistFor(type.id).map((item, position) => ({
        id: rnd.uuid(),
        task_id: id,
        position,
        type: item.type,
        title: seedText(country.code, item.title),
        description: item.description === null ? null : seedText(country.code, item.description),
        is_optional: item.isOptional,
        metadata: JSON.stringify(item.metadata),
      }));
      checklistRows.push(...items);
      const history = ['awaiting_confirmation', 'accepted', 'rejected'].includes(plan.status);
      const doneIds = history ? items.map((i) => i.id) : plan.status === 'in_progress' ? items.slice(0, 1).map((i) => i.id) : [];

      if (type.id === 'sku-scan' || type.id === 'stock-check') {
        const ids = productsByCountry.get(country.code) ?? [];
        const count = rnd.int(4, Math.min(6, ids.length));
        const offset = rnd.int(0, ids.length - 1);
        for (let k = 0; k < count; k++) taskProductRows.push({ task_id: id, product_id: ids[(offset + k) % ids.length] as string });
      }
      if (type.id === 'defects') {
        for (const d of SEED_DEFECTS) taskDefectRows.push({ task_id: id, defect_id: d.id, checked: history && d.type === 'regular' && rnd.next() < 0.3 });
      }

      const finished = plan.finishedAgo !== undefined ? new Date(windowStart.getTime() + 30 * MINUTE + expectedDuration * MINUTE) : null;
      const started = plan.startedAgo !== undefined ? new Date(now.getTime() - plan.startedAgo * HOUR) : finished ? new Date(finished.getTime() - expectedDuration * MINUTE) : null;
      const commentRoll = rnd.next();
      const descriptiveComment =
        commentRoll < 0.4
          ? seedText(country.code, 'Planogram for this bay: {link} — ask for the shift manager at the information desk.', {
              link: `https://docs.shelfwork.app/planograms/${place.retailer_id}/${category.replace(/\s+/g, '-')}.pdf`,
            })
          : commentRoll < 0.7
            ? seedText(country.code, 'Enter through the goods entrance on the side street and sign in at security. Store details: {link}', { link: `https://shelfwork.app/stores/${place.id}` })
            : commentRoll < 0.85
              ? seedText(country.code, 'Focus on the {brand} products; the client checks price labels this week. Questions: {link}', { brand, link: 'https://help.shelfwork.app/contact' })
              : null;
      taskRows.push({
        id,
        status: plan.status,
        tasker_id: plan.taskerId,
        task_type_id: type.id,
        place_id: place.id,
        country_code: country.code,
        title,
        image: null,
        payment_id: plan.status === 'accepted' && (plan.finishedAgo ?? 0) > 7 ? `PAY-${country.code}-${String(index + 1).padStart(5, '0')}` : null,
        time_window_start: windowStart,
        time_window_end: windowEnd,
        start_time: started,
        end_time: history ? finished : null,
        finalization_time: plan.status === 'accepted' || plan.status === 'rejected' ? new Date((finished as Date).getTime() + DAY) : null,
        expected_duration: expectedDuration,
        currency_code: country.currencyCode,
        reward: formatMinor(rewardMinor),
        base_reward: formatMinor(baseMinor),
        bonus_reward: bonusMinor > 0 ? formatMinor(bonusMinor) : null,
        reduced_reward: plan.status === 'rejected' ? formatMinor(Math.round((baseMinor * 0.5) / country.reward.step) * country.reward.step) : null,
        early_cancel_deadline: new Date(earlyCancelDeadline(endIso, expectedDuration)),
        late_cancel_deadline: new Date(windowStart.getTime() - HOUR),
        result_comment:
          plan.status === 'rejected'
            ? seedText(country.code, 'Photos were blurry and two shelves were missing. Reward reduced by half.')
            : plan.status === 'accepted'
              ? seedText(country.code, 'Good work, thank you!')
              : null,
        tasker_comment: history ? seedText(country.code, 'Done. The back room was locked, asked the manager for access.') : null,
        descriptive_comment: descriptiveComment,
        // Served by the app's own origin (public/letters/, scripts/make-letters.ts): the task pack keeps it and it opens offline.
        letter_of_authority_url: `/letters/${place.retailer_id}.pdf`,
        target_product_photos: '[]',
        done_checklist_item_ids: JSON.stringify(doneIds),
        has_outstanding_dispute: plan.dispute === true,
        // Reserved some time before the work (or before seeding for tasks not started yet).
        reserved_at: plan.taskerId ? new Date(Math.min(now.getTime(), windowStart.getTime(), started?.getTime() ?? Infinity) - 2 * DAY) : null,
        created_at: new Date(Math.min(now.getTime(), windowStart.getTime()) - 3 * DAY),
        updated_at: plan.status === 'available' ? new Date(now.getTime() - DAY) : (finished ?? started ?? new Date(now.getTime() - HOUR)),
      });
    });
  }
  await insertChunked(db, 'tasks', taskRows);
  await insertChunked(db, 'checklist_items', checklistRows, 200);
  await insertChunked(db, 'task_products', taskProductRows, 500);
  await insertChunked(db, 'task_defects', taskDefectRows, 500);
  await seedMoneyDemo(db, now); // missions and payout adjustments (server/money/seed.ts)
  return { tasks: taskRows.length, places: places.length, users: userRows.length };
}

export type { SeedCountry };
