/**
 * The demo accounts (one per state of an account: approved in each market, new, awaiting
 * approval, rejected, deactivated), a crowd tasker per market who holds the tasks the demo
 * accounts must not see, the reviewed accounts' documents and review history, and the trainings done.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { newReferralCode } from '../users/profile';
import { seedText } from '../db/seed-i18n';
import { DEMO_PASSWORD, SEED_COUNTRIES, SEED_PROFILES, SEED_TRAININGS } from '../db/seed-data';
import { DAY, insertChunked, type Random } from './support';

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


/** Writes the accounts with their documents, events and trainings; answers the ids of the demo accounts (by email) and of each market's crowd tasker. */
export async function seedAccounts(db: Db, rnd: Random, ago: (days: number) => Date) {
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
  return { userIds, crowd, users: userRows.length };
}
