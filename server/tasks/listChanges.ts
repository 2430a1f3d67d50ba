/**
 * What changed in a viewer's task list since a snapshot (the delta lists, docs/decisions/0009):
 * the ids written since, the tombstones of tasks that left the list, and — for a stored list
 * answer — whether anything changed at all, each in one statement with its own snapshot.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PREPARED, type Db } from '../db/database';
import type { TaskStatus } from '#domain/types';
import { VIEWER_FACT_COLUMNS, visibleSql, type ListViewerRow, type Viewer } from './queries';

/** Written by a transaction that `snapshot` (a pg_current_snapshot() text) did not see: committed since, or in flight then. */
function notInSnapshotSql(xid: RawBuilder<unknown>, snapshot: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${xid} >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(${xid}, ${snapshot}::pg_snapshot))`;
}

/** The database's current snapshot as text (the delta lists' cursor): taken before a list is read. */
export async function currentSnapshot(db: Db): Promise<string> {
  const { rows } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(db);
  return rows[0]?.s ?? '';
}

export interface ListChanges {
  /** The snapshot this answer was read in (the next cursor). */
  snapshot: string;
  /** Ids of the viewer's list rows written since `since`, and of own reserved tasks whose window opened or closed since `clockFrom`. */
  changed: string[];
  /**
   * Tombstones: ids of tasks that were in the viewer's list (`statuses`, or any status when none)
   * when `since` was taken or at some moment after, and are not in it now (reserved by someone
   * else, expired, cancelled, accepted, deleted…). The previous membership comes from
   * task_list_exits (migration 0010), judged with the list's visibility rule for this viewer, so
   * a task the viewer could never see is never named.
   */
  removed: string[];
}

/**
 * What changed in a viewer's list since the snapshot `since`, in **one statement**: its own
 * snapshot (returned as the next cursor) is exactly the one the ids were read in, so no commit
 * falls between two cursors. Both lookups start from the change indexes (tasks.change_xid,
 * task_list_exits.xid): an idle poll reads next to nothing.
 */
export async function readListChanges(
  db: Db,
  viewer: Viewer,
  statuses: TaskStatus[] | undefined,
  since: string,
  clockFrom: Date,
  now: Date,
  limits: { changed: number; removed: number },
): Promise<ListChanges> {
  const inStatuses = (column: RawBuilder<unknown>) => inStatusesSql(statuses, column);
  // Prepared (server/db/database.ts PREPARED): an idle poll is this statement and the viewer's, and
  // PostgreSQL's planning was most of its cost; its text takes a few shapes (the viewer's kind, the
  // number of statuses), the snapshot and the times are parameters.
  const { rows } = await sql<{ s: string; changed: string[] | null; removed: string[] | null }>`${PREPARED}
    select pg_current_snapshot()::text as s,
      (select array_agg(c.id) from (
        select t.id from tasks t
        where ${notInSnapshotSql(sql`t.change_xid`, since)} and ${visibleSql(viewer)} and ${inStatuses(sql`t.status`)}
        union
        select t.id from tasks t
        where t.tasker_id = ${viewer.id} and t.status = 'reserved' and ${inStatuses(sql`t.status`)} and ${windowFlippedSql(clockFrom, now)}
        limit ${limits.changed}) c) as changed,
      (select array_agg(r.task_id) from (
        select distinct e.task_id from task_list_exits e
        left join tasks t on t.id = e.task_id
        where ${notInSnapshotSql(sql`e.xid`, since)}
          and ${wasVisibleSql(viewer)} and ${inStatuses(sql`e.old_status`)}
          -- coalesce: a task without a tasker makes the tasker comparison null; one that is still
          -- available but hidden (unpublished) must count as not visible, not as unknown.
          and (t.id is null or not coalesce(${visibleSql(viewer)} and ${inStatuses(sql`t.status`)}, false))
        limit ${limits.removed}) r) as removed`.execute(db);
  const row = rows[0];
  return { snapshot: row?.s ?? '', changed: row?.changed ?? [], removed: row?.removed ?? [] };
}

/** `column` is one of `statuses` (any status when none are given). */
function inStatusesSql(statuses: TaskStatus[] | undefined, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return statuses && statuses.length > 0 ? sql<SqlBool>`${column} in (${sql.join(statuses)})` : sql<SqlBool>`true`;
}

/** The list exit `e` was of a task in the viewer's list before it left (the visibility rule of visibleSql, on the previous values). */
function wasVisibleSql(viewer: Viewer): RawBuilder<SqlBool> {
  return viewer.canSeeTasks && viewer.countryCode
    ? sql<SqlBool>`(e.old_tasker_id = ${viewer.id} or (e.old_status = 'available' and e.old_country_code = ${viewer.countryCode}))`
    : sql<SqlBool>`e.old_tasker_id = ${viewer.id}`;
}

/** The task `t`'s window opened or closed in the clock range (clockFrom, now] (so isStartable flipped). */
function windowFlippedSql(clockFrom: Date, now: Date): RawBuilder<SqlBool> {
  return sql<SqlBool>`((t.time_window_start > ${clockFrom}::timestamptz and t.time_window_start <= ${now}::timestamptz)
    or (t.time_window_end > ${clockFrom}::timestamptz and t.time_window_end <= ${now}::timestamptz))`;
}

/** A stored list answer to check (server/sync/listAnswers.ts): for whom, which statuses, as of which snapshot, and the clock range (clockFrom, now] to check window flips in. */
export interface ListAnswerCheck {
  viewer: Viewer;
  statuses: TaskStatus[] | undefined;
  snapshot: string;
  clockFrom: Date;
  now: Date;
}

/**
 * The viewer row (as loadViewerRow), the database snapshot of this statement, and — given a
 * stored list answer — whether anything in that viewer's list may have changed since the
 * answer's snapshot, all in **one statement** (one round trip per list request, as before):
 * a task of the list written since (any process, any field), a task that left the list since
 * (task_list_exits, the previous membership judged as for this viewer), or one of the viewer's
 * reserved tasks whose window opened or closed since `clockFrom` (isStartable). The same
 * conditions as readListChanges, only as `exists`; anything else that shapes the answer (the
 * viewer's facts, reference data) the caller compares itself.
 */
export async function loadViewerForList(
  db: Db,
  userId: string,
  check: ListAnswerCheck | null,
): Promise<{ row: ListViewerRow | undefined; snapshot: string; changed: boolean }> {
  let changed: RawBuilder<boolean> = sql<boolean>`true`;
  if (check) {
    const { viewer, statuses, snapshot, clockFrom, now } = check;
    const inStatuses = (column: RawBuilder<unknown>) => inStatusesSql(statuses, column);
    changed = sql<boolean>`(
      exists (select 1 from tasks t where ${notInSnapshotSql(sql`t.change_xid`, snapshot)} and ${visibleSql(viewer)} and ${inStatuses(sql`t.status`)})
      or exists (select 1 from task_list_exits e where ${notInSnapshotSql(sql`e.xid`, snapshot)} and ${wasVisibleSql(viewer)} and ${inStatuses(sql`e.old_status`)})
      or exists (select 1 from tasks t where t.tasker_id = ${viewer.id} and t.status = 'reserved' and ${inStatuses(sql`t.status`)} and ${windowFlippedSql(clockFrom, now)}))`;
  }
  // Only the columns toViewer reads (a whole users row is most of the driver's parsing on a list request).
  const row = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.country_code', 'u.status', 'u.reservation_limit_minutes'])
    .select([
      ...VIEWER_FACT_COLUMNS,
      sql<string>`pg_current_snapshot()::text`.as('list_snapshot'),
      changed.as('list_changed'),
    ])
    .where('u.id', '=', userId)
    .modifyFront(PREPARED)
    .executeTakeFirst();
  if (!row) return { row: undefined, snapshot: '', changed: true };
  const { list_snapshot: snapshot, list_changed: listChanged, ...viewerRow } = row as typeof row & { list_snapshot: string; list_changed: boolean };
  return { row: viewerRow, snapshot, changed: listChanged !== false };
}
