/**
 * Kysely table types of the server database (PostgreSQL dialect, shared by PGlite and
 * PostgreSQL). Column names are snake_case; the HTTP layer maps rows to the API contract.
 */
import type { ColumnType, Generated } from 'kysely';

/** timestamptz: written as Date or ISO string, read as Date (pg and PGlite both parse it). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** numeric(12,2): written as a decimal string, read back as a string (cast in queries). */
export type Numeric = ColumnType<string, string, string>;
/** jsonb: written as a JSON string, read as parsed JSON. */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb texts per locale beside a row's English columns (migration 0009); '{}' when not written. */
export type Translations<T> = ColumnType<T, string | undefined, string>;

export interface CountriesTable {
  code: string;
  name: string;
  currency_code: string;
  currency_symbol: string;
  locale: string;
  time_zone: string;
}

export interface RetailersTable {
  id: string;
  name: string;
  logo: string | null;
}

export interface PlacesTable {
  id: string;
  title: string;
  address: string;
  city: string;
  country_code: string;
  latitude: number;
  longitude: number;
  retailer_id: string;
  created_at: Timestamp;
}

export interface TrainingsTable {
  id: string;
  title: string;
  filter_title: string;
  link_to_training: string;
  nda_protected: boolean;
  enabled: boolean;
  is_required: boolean;
  created_at: Timestamp;
  /** The texts per locale beside the English columns (migration 0009, server/catalog/localize.ts). */
  translations: Translations<Record<string, Partial<Record<'title' | 'filterTitle', string>>>>;
}

export interface TaskTypesTable {
  id: string;
  title: string;
  short_description: string;
  full_description: string;
  default_photo: string | null;
  photos: Json<string[]>;
  featured_images: Json<string[]>;
  filter_title: string;
  nda_protected: boolean;
  created_at: Timestamp;
  /** The texts per locale beside the English columns (migration 0009, server/catalog/localize.ts). */
  translations: Translations<Record<string, Partial<Record<'title' | 'shortDescription' | 'fullDescription' | 'filterTitle', string>>>>;
}

export interface TaskTypeTrainingsTable {
  task_type_id: string;
  training_id: string;
  position: number;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  phone: string | null;
  country_code: string | null;
  status: string;
  payment_documents_done: boolean;
  profile_complete: boolean;
  rejection_reasons: Json<string[]>;
  rejection_comment: string | null;
  referral_code: string | null;
  reservation_limit_minutes: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Added by migration 0004 (onboarding). */
  national_id: Nullable<string>;
  iban: Nullable<string>;
  address: Nullable<string>;
  postal_code: Nullable<string>;
  business_type: ColumnType<string, string | undefined, string>;
  individual_activity_no: Nullable<string>;
  legal_entity_name: Nullable<string>;
  legal_entity_number: Nullable<string>;
  vat_code: Nullable<string>;
  business_id: Nullable<string>;
  referred_by_code: Nullable<string>;
  /** The app's language when the referral code was entered (migration 0016); null: the market's. */
  referred_by_locale: ColumnType<string | null, string | null | undefined, string | null>;
  fleet_partner_id: Nullable<string>;
  activity_code: Nullable<string>;
  submitted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  approved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A nullable column that inserts may leave out. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface FleetPartnersTable {
  id: string;
  country_code: string;
  short_name: string;
  url: string;
  position: ColumnType<number, number | undefined, number>;
}

export interface CountryBusinessesTable {
  id: string;
  country_code: string;
  name: string;
  registration_number: string;
  address: string;
}

export interface CountryContactsTable {
  country_code: string;
  support_phone: string;
  support_email: string;
  supervisor_name: string;
  supervisor_phone: string;
  supervisor_email: string;
}

/** Support messages (migration 0008_support). */
export interface SupportRequestsTable {
  id: string;
  user_id: string;
  country_code: string | null;
  email: string;
  to_email: string | null;
  body: string;
  locale: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
  mail_attempts: Generated<number>;
  /** Set when a staff member marks it handled (migration 0014_support_inbox); null while open. */
  handled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Who marked it handled: the member's e-mail or the automation key's name; null while open. */
  handled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A staff member's answer to a support request, mailed to the tasker (migration 0014_support_inbox). */
export interface SupportRepliesTable {
  id: string;
  request_id: string;
  staff_id: string | null;
  actor: string;
  body: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

export type UserDocumentKind = 'profile_photo' | 'identity_document' | 'payment_document';

export interface UserDocumentsTable {
  id: string;
  user_id: string;
  kind: UserDocumentKind;
  content_type: ColumnType<string, string | undefined, string>;
  storage_key: Nullable<string>;
  sha256: Nullable<string>;
  size_bytes: Nullable<number>;
  uploaded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface UserEventsTable {
  id: string;
  user_id: string;
  kind: string;
  actor: string;
  reasons: ColumnType<string[], string | undefined, string>;
  comment: Nullable<string>;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
}

export interface UserTrainingsTable {
  user_id: string;
  training_id: string;
  done_at: Timestamp;
}

export interface TasksTable {
  id: string;
  status: string;
  tasker_id: string | null;
  task_type_id: string;
  place_id: string;
  country_code: string;
  title: string;
  image: string | null;
  payment_id: string | null;
  time_window_start: Timestamp;
  time_window_end: Timestamp;
  start_time: NullableTimestamp;
  end_time: NullableTimestamp;
  finalization_time: NullableTimestamp;
  expected_duration: number;
  currency_code: string;
  reward: Numeric;
  base_reward: Numeric;
  bonus_reward: ColumnType<string | null, string | null, string | null>;
  reduced_reward: ColumnType<string | null, string | null, string | null>;
  early_cancel_deadline: NullableTimestamp;
  late_cancel_deadline: NullableTimestamp;
  result_comment: string | null;
  tasker_comment: string | null;
  descriptive_comment: string | null;
  letter_of_authority_url: string | null;
  target_product_photos: Json<string[]>;
  done_checklist_item_ids: Json<string[]>;
  has_outstanding_dispute: boolean;
  /** False: staff hid it from taskers (migration 0013). */
  published: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Added by migration 0002 (nullable, so inserts need not name them). */
  reserved_at: NullableTimestamp;
  start_latitude: ColumnType<number | null, number | null | undefined, number | null>;
  start_longitude: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the server received the start (start_time is the time the client recorded). */
  start_received_at: NullableTimestamp;
}

export interface TaskCancellationsTable {
  id: string;
  task_id: string;
  user_id: string;
  /** True when cancelled after the early-cancel deadline (a justification is then required). */
  late: boolean;
  justification: string | null;
  created_at: Timestamp;
}

export interface ChecklistItemsTable {
  id: string;
  task_id: string;
  position: number;
  type: string;
  title: string;
  description: string | null;
  is_optional: boolean;
  metadata: Json<Record<string, unknown>>;
  /** Texts per locale ({"lt": {"title", "description"}}) beside the market-language columns (migration 0013). */
  translations: Translations<Record<string, { title?: string; description?: string | null } | undefined>>;
}

/** A task type's checklist template (migration 0013): new tasks of the type copy it. */
export interface TaskTypeChecklistItemsTable {
  id: string;
  task_type_id: string;
  position: number;
  type: string;
  is_optional: boolean;
  metadata: Json<Record<string, unknown>>;
  /** {"en": {"title", "description"}, "lt": {…}}. */
  texts: Json<Record<string, { title?: string; description?: string | null } | undefined>>;
}

export interface ProductsTable {
  id: string;
  ean: string;
  name: string;
  brand: string;
}

export interface TaskProductsTable {
  task_id: string;
  product_id: string;
  /** Facings the author expects on the shelf (migration 0013); null when not said. */
  expected_facings: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DefectsTable {
  id: string;
  name: string;
  type: string;
  /** The name per locale beside the English one (migration 0009, server/catalog/localize.ts). */
  translations: Translations<Record<string, Partial<Record<'name', string>>>>;
}

export interface TaskDefectsTable {
  task_id: string;
  defect_id: string;
  checked: boolean;
}

export interface LoginCodesTable {
  id: string;
  email: string;
  code_hash: string;
  /** 'tasker' or 'staff' (migration 0012): a code signs in only the kind of account it was sent for. */
  audience: ColumnType<string, string | undefined, string>;
  attempts: number;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RateLimitEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status_code: number;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A resumable upload (server/storage/tus.ts): who, for which row, how long, finished or not. */
export interface TusUploadsTable {
  id: string;
  user_id: string;
  target: string;
  row_id: string;
  length: number;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DevMailboxTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  text: string;
  code: string | null;
  sent_at: Timestamp;
}

/** Added by migration 0006 (attendance confirmation). */
export interface AttendanceRequestsTable {
  id: string;
  task_id: string;
  user_id: string;
  status: ColumnType<'pending' | 'accepted' | 'declined' | 'lapsed', 'pending' | 'accepted' | 'declined' | 'lapsed' | undefined, 'pending' | 'accepted' | 'declined' | 'lapsed'>;
  expires_at: Timestamp;
  accept: Nullable<boolean>;
  justification: Nullable<string>;
  policy_agreed: Nullable<boolean>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lapsed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_reservation: Nullable<boolean>;
  /** When its reminder was sent (migration 0019); null while none was. */
  reminded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string;
  created_at: Timestamp;
}

/** A staff member (migration 0012): roles and markets as JSON arrays (src/domain/staff.ts). */
export interface StaffAccountsTable {
  id: string;
  email: string;
  name: string;
  roles: Json<string[]>;
  /** The markets the member may act in; [] for every market. */
  markets: Json<string[]>;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: NullableTimestamp;
}

export interface StaffRefreshTokensTable {
  id: string;
  staff_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One staff action (server/http/staffActions.ts): who, when, what, before and after. */
export interface StaffAuditTable {
  id: string;
  /** The member's account; null for the automation key. */
  staff_id: string | null;
  /** The member's e-mail, or the automation key's audit name. */
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  country_code: string | null;
  /** jsonb, null when there was nothing before (a creation) or after (a removal). */
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}

/** A started Google sign-in (migration 0017; server/auth/google.ts). */
export interface GoogleSignInsTable {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  intent: 'login' | 'register';
  country_code: string | null;
  redirect_uri: string;
  created_at: Timestamp;
  exchanged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The Google account (subject) that signs in a user (migration 0017). */
export interface UserGoogleIdentitiesTable {
  subject: string;
  user_id: string;
  email: string;
  linked_at: Timestamp;
}

export interface Database {
  countries: CountriesTable;
  retailers: RetailersTable;
  places: PlacesTable;
  trainings: TrainingsTable;
  task_types: TaskTypesTable;
  task_type_trainings: TaskTypeTrainingsTable;
  users: UsersTable;
  user_trainings: UserTrainingsTable;
  tasks: TasksTable;
  task_cancellations: TaskCancellationsTable;
  checklist_items: ChecklistItemsTable;
  products: ProductsTable;
  task_products: TaskProductsTable;
  task_type_checklist_items: TaskTypeChecklistItemsTable;
  defects: DefectsTable;
  task_defects: TaskDefectsTable;
  login_codes: LoginCodesTable;
  rate_limit_events: RateLimitEventsTable;
  refresh_tokens: RefreshTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  server_secrets: ServerSecretsTable;
  dev_mailbox: DevMailboxTable;
  fleet_partners: FleetPartnersTable;
  country_businesses: CountryBusinessesTable;
  country_contacts: CountryContactsTable;
  user_documents: UserDocumentsTable;
  user_events: UserEventsTable;
  attendance_requests: AttendanceRequestsTable;
  support_requests: SupportRequestsTable;
  support_replies: SupportRepliesTable;
  tus_uploads: TusUploadsTable;
  staff_accounts: StaffAccountsTable;
  staff_refresh_tokens: StaffRefreshTokensTable;
  staff_audit: StaffAuditTable;
  google_sign_ins: GoogleSignInsTable;
  user_google_identities: UserGoogleIdentitiesTable;
}
