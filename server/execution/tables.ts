/**
 * Kysely types of the execution tables (migration 0003_execution): photos, scanned_items,
 * task_completions. They are declared here and joined onto the shared Database type with
 * `withTables`, so the execution module owns its schema without editing server/db/schema.ts.
 */
import type { ColumnType, Kysely } from 'kysely';
import type { Database, Json, Timestamp } from '../db/schema';

export type PhotosTable = {
  id: string;
  task_id: string;
  user_id: string;
  comment: string;
  tags: Json<string[]>;
  /** Null until the file is uploaded. */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  uploaded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ScannedItemsTable = {
  task_id: string;
  id: string;
  position: number;
  ean: string;
  facings: number;
  scanned_at: Timestamp;
};

export type TaskCompletionsTable = {
  task_id: string;
  user_id: string;
  outcome: string;
  reason: string | null;
  policy_agreed: boolean;
  blocker_ids: Json<string[]>;
  created_at: Timestamp;
};

export type ExecutionTables = {
  photos: PhotosTable;
  scanned_items: ScannedItemsTable;
  task_completions: TaskCompletionsTable;
};

export type ExecDb = Kysely<Database & ExecutionTables>;

/** The same connection (or transaction) typed with the execution tables. */
export function execDb(db: Kysely<Database>): ExecDb {
  return db.withTables<ExecutionTables>() as unknown as ExecDb;
}
