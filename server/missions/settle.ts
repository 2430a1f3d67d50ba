/**
 * Mission progress (spec sections 3 and 4). An objective counts the tasker's accepted tasks of
 * one of its task types (finalized from the assignment on, up to its expiry) or the trainings of
 * its list done (at any time; counted from the assignment), up to its target; the work awaiting
 * confirmation makes it a candidate. An empty allowedItems list allows any task type / training.
 *
 * An assignment completes when every objective reached its target before the expiry; its
 * completion time is the moment the last objective was reached — derived from the work's own
 * times, so settling now or later records the same instant, and the bonus falls into the payout
 * of that week. Settling is idempotent and safe concurrently (the update re-checks completed_at).
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { moneyDb, type MissionAssignmentsTable, type MissionObjectivesTable } from '../db/money-tables';
import { notify } from '../notifications/service';
import { missionNotificationName } from '#domain/missions';

export type MissionScope = { userId: string } | { countryCode: string };

/** An assignment as settling reads it: the schema's mission_assignments row without who made it. */
export type AssignmentRow = Pick<Selectable<MissionAssignmentsTable>, 'id' | 'mission_id' | 'user_id' | 'created_at' | 'expires_at' | 'completed_at' | 'reward_amount'>;

/** An objective: the schema's mission_objectives row (allowed_items read as a list, see asList). */
export type ObjectiveRow = Selectable<MissionObjectivesTable>;

export interface ObjectiveState {
  /** When each counted item happened, oldest first, at most `target` of them. */
  times: Date[];
  /** Accepted (or done) items counted, uncapped. */
  accepted: number;
  /** Tasks awaiting confirmation that would count. */
  awaiting: number;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export async function objectivesOf(db: Db, missionIds: string[]): Promise<Map<string, ObjectiveRow[]>> {
  const out = new Map<string, ObjectiveRow[]>();
  if (missionIds.length === 0) return out;
  const rows = await moneyDb(db).selectFrom('mission_objectives').selectAll().where('mission_id', 'in', missionIds).orderBy('mission_id').orderBy('position').execute();
  for (const r of rows) out.set(r.mission_id, [...(out.get(r.mission_id) ?? []), { ...r, allowed_items: asList(r.allowed_items) }]);
  return out;
}

export async function objectiveState(db: Db, a: AssignmentRow, o: ObjectiveRow, now: Date): Promise<ObjectiveState> {
  const from = new Date(a.created_at);
  const until = a.expires_at && new Date(a.expires_at).getTime() < now.getTime() ? new Date(a.expires_at) : now;
  const allowed = o.allowed_items;
  if (o.content_type === 'training') {
    const inList = allowed.length > 0 ? sql`and ut.training_id in (${sql.join(allowed)})` : sql``;
    const rows = await sql<{ at: Date }>`
      select greatest(ut.done_at, ${from}::timestamptz) as at from user_trainings ut
      where ut.user_id = ${a.user_id} ${inList} and ut.done_at <= ${until}::timestamptz
      order by at`.execute(db);
    return { times: rows.rows.slice(0, o.target).map((r) => new Date(r.at)), accepted: rows.rows.length, awaiting: 0 };
  }
  const inList = allowed.length > 0 ? sql`and t.task_type_id in (${sql.join(allowed)})` : sql``;
  const accepted = await sql<{ at: Date }>`
    select t.finalization_time as at from tasks t
    where t.tasker_id = ${a.user_id} and t.status = 'accepted' ${inList}
      and t.finalization_time >= ${from}::timestamptz and t.finalization_time <= ${until}::timestamptz
    order by t.finalization_time, t.id`.execute(db);
  const awaiting = await sql<{ n: number }>`
    select count(*)::int as n from tasks t
    where t.tasker_id = ${a.user_id} and t.status = 'awaiting_confirmation' ${inList}
      and coalesce(t.end_time, t.updated_at) >= ${from}::timestamptz`.execute(db);
  return { times: accepted.rows.slice(0, o.target).map((r) => new Date(r.at)), accepted: accepted.rows.length, awaiting: Number(awaiting.rows[0]?.n ?? 0) };
}

/** Completion time of an assignment from its objectives' states, or null while incomplete. */
export function completionTime(objectives: readonly ObjectiveRow[], states: readonly ObjectiveState[]): Date | null {
  if (objectives.length === 0) return null;
  let last = 0;
  for (let i = 0; i < objectives.length; i++) {
    const o = objectives[i] as ObjectiveRow;
    const s = states[i] as ObjectiveState;
    if (s.times.length < o.target) return null;
    last = Math.max(last, (s.times[o.target - 1] as Date).getTime());
  }
  return new Date(last);
}

/** Records the completion (and the bonus, fixed now) of every open assignment in scope that is complete. */
export async function settleMissions(db: Db, now: Date, scope: MissionScope): Promise<number> {
  const m = moneyDb(db);
  let query = m
    .selectFrom('mission_assignments as a')
    .innerJoin('missions as ms', 'ms.id', 'a.mission_id')
    .select(['a.id', 'a.mission_id', 'a.user_id', 'a.created_at', 'a.expires_at', 'a.completed_at', sql<string | null>`ms.reward_amount::text`.as('reward_amount')])
    .where('a.completed_at', 'is', null);
  query = 'userId' in scope ? query.where('a.user_id', '=', scope.userId) : query.where('ms.country_code', '=', scope.countryCode);
  const open = (await query.execute()) as AssignmentRow[];
  const objectives = await objectivesOf(db, [...new Set(open.map((a) => a.mission_id))]);
  let completed = 0;
  for (const a of open) {
    const list = objectives.get(a.mission_id) ?? [];
    const states: ObjectiveState[] = [];
    for (const o of list) states.push(await objectiveState(db, a, o, now));
    const when = completionTime(list, states);
    if (!when) continue;
    const updated = await m
      .updateTable('mission_assignments')
      .set({ completed_at: when, reward_amount: a.reward_amount })
      .where('id', '=', a.id)
      .where('completed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!updated) continue;
    completed += 1;
    // The tasker hears of it once (only the update that set completed_at gets here).
    const mission = await m.selectFrom('missions').select(['name', 'use_name_as_display_name', 'description', 'currency_code']).where('id', '=', a.mission_id).executeTakeFirst();
    const missionName = mission ? missionNotificationName({ name: mission.name, useNameAsDisplayName: mission.use_name_as_display_name, description: mission.description }) : '';
    await notify(db, { userId: a.user_id, type: 'mission_completed', params: { missionName, reward: a.reward_amount ?? '0', rewardCurrency: mission?.currency_code ?? '' }, resourceId: a.mission_id, now });
  }
  return completed;
}
