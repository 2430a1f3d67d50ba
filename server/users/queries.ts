/** SQL for users: loading a user with the derived onboarding fields, setting the country. */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { HISTORY_STATUSES, type CountryCode, type User, type UserStatus } from '#domain/types';
import type { ProfileField, ProfileInput } from '#domain/profile';
import { containsPattern } from '../http/input';

export type UserRow = Selectable<UsersTable>;

export interface UserWithStats extends UserRow {
  training_done: boolean;
  historical_task_count: number;
  accepted_task_count: number;
  /** An identity document was uploaded (its file is deleted after approval; the row stays). */
  identity_document_uploaded: boolean;
  payment_document_uploaded: boolean;
  /** The current profile photo (uploaded, not replaced). */
  has_profile_photo: boolean;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** One user with trainingDone and historicalTaskCount computed in the same query. */
export async function loadUserWithStats(db: Db, id: string): Promise<UserWithStats | undefined> {
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select([
      sql<boolean>`not exists (
        select 1 from trainings t
        where t.is_required and t.enabled
          and not exists (select 1 from user_trainings ut where ut.user_id = u.id and ut.training_id = t.id)
      )`.as('training_done'),
      sql<number>`(select count(*)::int from tasks k where k.tasker_id = u.id and k.status in (${sql.join([...HISTORY_STATUSES])}))`.as(
        'historical_task_count',
      ),
      sql<number>`(select count(*)::int from tasks k where k.tasker_id = u.id and k.status = 'accepted')`.as('accepted_task_count'),
      sql<boolean>`exists (select 1 from user_documents d where d.user_id = u.id and d.kind = 'identity_document' and d.uploaded_at is not null)`.as(
        'identity_document_uploaded',
      ),
      sql<boolean>`exists (select 1 from user_documents d where d.user_id = u.id and d.kind = 'payment_document' and d.uploaded_at is not null)`.as(
        'payment_document_uploaded',
      ),
      sql<boolean>`exists (select 1 from user_documents d where d.user_id = u.id and d.kind = 'profile_photo' and d.uploaded_at is not null and d.deleted_at is null)`.as(
        'has_profile_photo',
      ),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row as UserWithStats | undefined;
}

export async function findUsersByEmailPrefix(db: Db, emailContains: string | null, limit = 50): Promise<UserWithStats[]> {
  let q = db.selectFrom('users').select('id').orderBy('created_at', 'asc').limit(limit);
  if (emailContains) q = q.where('email', 'ilike', containsPattern(emailContains));
  const ids = await q.execute();
  const users = await Promise.all(ids.map((r) => loadUserWithStats(db, r.id)));
  return users.filter((u): u is UserWithStats => u !== undefined);
}

export function toApiUser(row: UserWithStats): User {
  const status = row.status as UserStatus;
  const fullName = [row.first_name, row.middle_name, row.last_name].filter((p) => p && p.trim() !== '').join(' ') || null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    fullName,
    phone: row.phone,
    countryCode: (row.country_code as CountryCode | null) ?? null,
    status,
    isNew: status === 'new',
    isApproved: status === 'active',
    isAwaitingApproval: status === 'awaiting_approval',
    isRejected: status === 'rejected',
    isDeactivated: status === 'deactivated',
    trainingDone: row.training_done,
    paymentDocumentsDone: row.payment_documents_done,
    profileComplete: row.profile_complete,
    historicalTaskCount: Number(row.historical_task_count),
    acceptedTaskCount: Number(row.accepted_task_count),
    rejectionReasons: Array.isArray(row.rejection_reasons) ? row.rejection_reasons : [],
    rejectionComment: row.rejection_comment,
    referralCode: row.referral_code,
    createdAt: iso(row.created_at),
    nationalId: row.national_id,
    iban: row.iban,
    address: row.address,
    postalCode: row.postal_code,
    businessType: row.business_type === 'company' ? 'company' : 'self_employed',
    individualActivityNo: row.individual_activity_no,
    legalEntityName: row.legal_entity_name,
    legalEntityNumber: row.legal_entity_number,
    vatCode: row.vat_code,
    businessId: row.business_id,
    referredByCode: row.referred_by_code,
    fleetPartnerId: row.fleet_partner_id,
    activityCode: row.activity_code,
    isIdentityDocumentUploaded: Boolean(row.identity_document_uploaded),
    isPaymentDocumentUploaded: Boolean(row.payment_document_uploaded),
    hasProfilePhoto: Boolean(row.has_profile_photo),
  };
}

/** The profile columns of a user row as the domain's ProfileInput (src/domain/profile.ts). */
export const PROFILE_COLUMNS = {
  firstName: 'first_name',
  middleName: 'middle_name',
  lastName: 'last_name',
  phone: 'phone',
  address: 'address',
  nationalId: 'national_id',
  iban: 'iban',
  postalCode: 'postal_code',
  businessType: 'business_type',
  individualActivityNo: 'individual_activity_no',
  legalEntityName: 'legal_entity_name',
  legalEntityNumber: 'legal_entity_number',
  vatCode: 'vat_code',
  businessId: 'business_id',
} as const satisfies Record<ProfileField, keyof UserRow>;

export function profileOf(row: UserRow): ProfileInput {
  const profile: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) profile[field] = row[column];
  profile.businessType = row.business_type === 'company' ? 'company' : 'self_employed';
  return profile as ProfileInput;
}

/**
 * Approved, for the locks of spec section 5: the status is active, or a deactivated account that
 * was approved. A once-approved account that staff reject again is not: the tasker must be able
 * to fix the fields the reasons name.
 */
export function isApprovedRow(row: Pick<UserRow, 'status' | 'approved_at'>): boolean {
  return row.status === 'active' || (row.status === 'deactivated' && row.approved_at !== null);
}

export async function setUserStatus(
  db: Db,
  userId: string,
  patch: { status: UserStatus; rejectionReasons?: string[]; rejectionComment?: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      status: patch.status,
      rejection_reasons: JSON.stringify(patch.rejectionReasons ?? []),
      rejection_comment: patch.rejectionComment ?? null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Training ids the user has done. */
export async function doneTrainingIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('user_trainings').select('training_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.training_id));
}
