/**
 * The one set of migrations for both engines (PGlite and PostgreSQL). Kept in code (not files
 * on disk) so tests and the server run exactly the same list. Append new migrations; never
 * edit one that has shipped. Each migration is one file of migrations/ (NNNN_name.ts); the keys
 * of MIGRATIONS are the names the migration table records, so they never change.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { m0001_initial } from './migrations/0001_initial';
import { m0002_lifecycle } from './migrations/0002_lifecycle';
import { m0003_execution } from './migrations/0003_execution';
import { m0004_onboarding } from './migrations/0004_onboarding';
import { m0005_money } from './migrations/0005_money';
import { m0006_attendance } from './migrations/0006_attendance';
import { m0007_notifications } from './migrations/0007_notifications';
import { m0008_support } from './migrations/0008_support';
import { m0009_reference_translations } from './migrations/0009_reference_translations';
import { m0010_task_changes } from './migrations/0010_task_changes';
import { m0011_tus_uploads } from './migrations/0011_tus_uploads';
import { m0012_staff } from './migrations/0012_staff';
import { m0013_authoring } from './migrations/0013_authoring';
import { m0014_support_inbox } from './migrations/0014_support_inbox';
import { m0015_checklist_words } from './migrations/0015_checklist_words';
import { m0016_referral_language } from './migrations/0016_referral_language';
import { m0017_google_sign_in } from './migrations/0017_google_sign_in';
import { m0019_attendance_reminded_at } from './migrations/0019_attendance_reminded_at';

export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001_initial,
  '0002_lifecycle': m0002_lifecycle,
  '0003_execution': m0003_execution,
  '0004_onboarding': m0004_onboarding,
  '0005_money': m0005_money,
  '0006_attendance': m0006_attendance,
  '0007_notifications': m0007_notifications,
  '0008_support': m0008_support,
  '0009_reference_translations': m0009_reference_translations,
  '0010_task_changes': m0010_task_changes,
  '0011_tus_uploads': m0011_tus_uploads,
  '0012_staff': m0012_staff,
  '0013_authoring': m0013_authoring,
  '0014_support_inbox': m0014_support_inbox,
  '0015_checklist_words': m0015_checklist_words,
  '0016_referral_language': m0016_referral_language,
  '0017_google_sign_in': m0017_google_sign_in,
  '0019_attendance_reminded_at': m0019_attendance_reminded_at,
};

class InCodeMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db: db as Kysely<unknown>, provider: new InCodeMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
