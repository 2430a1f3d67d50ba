/**
 * Missions: staff create them (per market, with objectives and an optional money reward) and
 * assign them to taskers of that market; a tasker reads theirs (GET mission/my) in the spec's
 * shape and order. Shared by the staff API and the CLI.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ApiError, assertNoFieldErrors, badRequest } from '../http/errors';
import { readString } from '../http/input';
import { amountWithin, parseAmount, formatAmount, toMoney } from '#domain/money';
import { MISSION_CONTENT_TYPES, missionNotificationName, missionPercentages, objectiveProgress, sortMissions, type Mission, type MissionContentType, type MissionObjective } from '#domain/missions';
import { validateCountry } from '#domain/validation';
import type { CurrencyCode, Money } from '#domain/types';
import { moneyDb } from '../db/money-tables';
import { objectiveState, objectivesOf, settleMissions, type AssignmentRow } from './settle';
import { notify } from '../notifications/service';

export interface StaffMission {
  id: string;
  countryCode: string;
  name: string;
  useNameAsDisplayName: boolean;
  description: string;
  moneyReward: Money | null;
  duration: number | null;
  objectives: { id: string; contentType: MissionContentType; allowedItems: string[]; target: number }[];
  assignedCount: number;
  completedCount: number;
  createdAt: string;
}

const MAX_OBJECTIVES = 10;
const MAX_DURATION_SECONDS = 366 * 24 * 3600;

function readIds(value: unknown): { value: string[]; error: string | null } {
  if (value === undefined || value === null) return { value: [], error: null };
  if (!Array.isArray(value) || value.length > 100 || value.some((v) => typeof v !== 'string' || v.trim() === '' || v.length > 64)) return { value: [], error: 'INVALID' };
  return { value: [...new Set((value as string[]).map((v) => v.trim()))], error: null };
}

export async function createMission(db: Db, input: unknown, by: string, now: Date): Promise<StaffMission> {
  const body = (input ?? {}) as Record<string, unknown>;
  const name = readString(body.name, { required: true, max: 200 });
  const description = readString(body.description, { max: 2000 });
  const countryError = validateCountry(body.countryCode);
  const rawReward = body.moneyReward !== null && typeof body.moneyReward === 'object' ? (body.moneyReward as Record<string, unknown>).amount : body.moneyReward;
  let rewardError: string | null = null;
  let reward: bigint | null = null;
  if (rawReward !== undefined && rawReward !== null && rawReward !== '') {
    reward = amountWithin(rawReward, 1n, 99_999_999n);
    if (reward === null) rewardError = 'INVALID';
  }
  const duration = body.duration ?? body.durationSeconds;
  const durationError =
    duration === undefined || duration === null ? null : typeof duration === 'number' && Number.isInteger(duration) && duration > 0 && duration <= MAX_DURATION_SECONDS ? null : 'INVALID';
  const useName = body.useNameAsDisplayName;
  const fields: Record<string, string | null> = {
    name: name.error,
    description: description.error,
    countryCode: countryError,
    moneyReward: rewardError,
    duration: durationError,
    useNameAsDisplayName: useName === undefined || typeof useName === 'boolean' ? null : 'INVALID',
  };
  const objectives: { contentType: MissionContentType; allowedItems: string[]; target: number }[] = [];
  if (!Array.isArray(body.objectives) || body.objectives.length === 0) fields.objectives = 'REQUIRED';
  else if (body.objectives.length > MAX_OBJECTIVES) fields.objectives = 'TOO_MANY';
  else {
    body.objectives.forEach((raw: unknown, i: number) => {
      const o = (raw ?? {}) as Record<string, unknown>;
      const contentType = o.contentType;
      const items = readIds(o.allowedItems);
      const target = o.target;
      if (typeof contentType !== 'string' || !(MISSION_CONTENT_TYPES as readonly string[]).includes(contentType)) fields[`objectives.${i}.contentType`] = 'INVALID';
      if (items.error) fields[`objectives.${i}.allowedItems`] = items.error;
      if (typeof target !== 'number' || !Number.isInteger(target) || target < 1 || target > 1000) fields[`objectives.${i}.target`] = 'INVALID';
      objectives.push({ contentType: contentType as MissionContentType, allowedItems: items.value, target: target as number });
    });
  }
  assertNoFieldErrors(fields);
  for (const [i, o] of objectives.entries()) {
    if (o.allowedItems.length === 0) continue;
    const table = o.contentType === 'training' ? 'trainings' : 'task_types';
    const found = await db.selectFrom(table).select('id').where('id', 'in', o.allowedItems).execute();
    if (found.length !== o.allowedItems.length) fields[`objectives.${i}.allowedItems`] = 'NOT_FOUND';
  }
  assertNoFieldErrors(fields);
  const countryCode = (body.countryCode as string).toUpperCase();
  const country = await db.selectFrom('countries').select(['currency_code']).where('code', '=', countryCode).executeTakeFirst();
  if (!country) throw badRequest({ countryCode: 'COUNTRY_INVALID' });
  const id = randomUUID();
  const m = moneyDb(db);
  await m
    .insertInto('missions')
    .values({
      id,
      country_code: countryCode,
      name: name.value as string,
      use_name_as_display_name: useName === undefined ? true : (useName as boolean),
      description: description.value ?? '',
      reward_amount: reward === null ? null : formatAmount(reward),
      currency_code: country.currency_code,
      duration_seconds: (duration as number | null | undefined) ?? null,
      created_by: by,
      created_at: now,
    })
    .execute();
  await m
    .insertInto('mission_objectives')
    .values(objectives.map((o, position) => ({ id: randomUUID(), mission_id: id, position, content_type: o.contentType, allowed_items: JSON.stringify(o.allowedItems), target: o.target })))
    .execute();
  return missionForStaff(db, id);
}

export async function missionForStaff(db: Db, id: string): Promise<StaffMission> {
  const m = moneyDb(db);
  const row = await m
    .selectFrom('missions as ms')
    .innerJoin('countries as c', 'c.code', 'ms.country_code')
    .select([
      'ms.id',
      'ms.country_code',
      'ms.name',
      'ms.use_name_as_display_name',
      'ms.description',
      sql<string | null>`ms.reward_amount::text`.as('reward_amount'),
      'ms.currency_code',
      'c.currency_symbol',
      'ms.duration_seconds',
      'ms.created_at',
      sql<number>`(select count(*)::int from mission_assignments a where a.mission_id = ms.id)`.as('assigned'),
      sql<number>`(select count(*)::int from mission_assignments a where a.mission_id = ms.id and a.completed_at is not null)`.as('completed'),
    ])
    .where('ms.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'Mission not found');
  const objectives = (await objectivesOf(db, [id])).get(id) ?? [];
  return {
    id: row.id,
    countryCode: row.country_code,
    name: row.name,
    useNameAsDisplayName: row.use_name_as_display_name,
    description: row.description,
    moneyReward: row.reward_amount === null ? null : toMoney(parseAmount(row.reward_amount), row.currency_code as CurrencyCode, row.currency_symbol),
    duration: row.duration_seconds,
    objectives: objectives.map((o) => ({ id: o.id, contentType: o.content_type, allowedItems: o.allowed_items, target: o.target })),
    assignedCount: Number(row.assigned),
    completedCount: Number(row.completed),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listMissions(db: Db, countryCode: string | null): Promise<StaffMission[]> {
  let q = moneyDb(db).selectFrom('missions').select('id').orderBy('created_at', 'desc').orderBy('id');
  if (countryCode) q = q.where('country_code', '=', countryCode.toUpperCase());
  const out: StaffMission[] = [];
  for (const r of await q.execute()) out.push(await missionForStaff(db, r.id));
  return out;
}

export interface AssignResult {
  mission: StaffMission;
  /** Taskers newly assigned by this call (already assigned ones are left as they are). */
  assigned: string[];
}

/**
 * Assigns a mission to taskers of its market (idempotent per tasker): `userIds` and/or `emails`,
 * or `allActive: true` for every approved (active) tasker of the market.
 */
export async function assignMission(db: Db, missionId: string, input: unknown, by: string, now: Date): Promise<AssignResult> {
  const body = (input ?? {}) as Record<string, unknown>;
  const ids = readIds(body.userIds);
  const emails = readIds(body.emails);
  const all = body.allActive === true;
  assertNoFieldErrors({ userIds: ids.error, emails: emails.error, allActive: body.allActive === undefined || typeof body.allActive === 'boolean' ? null : 'INVALID' });
  if (ids.value.length === 0 && emails.value.length === 0 && !all) throw badRequest({ userIds: 'REQUIRED' });
  const m = moneyDb(db);
  const mission = await m.selectFrom('missions').select(['id', 'name', 'use_name_as_display_name', 'description', 'country_code', 'duration_seconds']).where('id', '=', missionId).executeTakeFirst();
  if (!mission) throw new ApiError(404, 'NOT_FOUND', 'Mission not found');
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'country_code'])
    .where((eb) =>
      eb.or([
        ...(ids.value.length ? [eb('id', 'in', ids.value)] : []),
        ...(emails.value.length ? [eb('email', 'in', emails.value.map((e) => e.toLowerCase()))] : []),
        ...(all ? [eb.and([eb('country_code', '=', mission.country_code), eb('status', '=', 'active')])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const found = new Set(users.flatMap((u) => [u.id, u.email]));
  const missing = [...ids.value, ...emails.value.map((e) => e.toLowerCase())].filter((v) => !found.has(v));
  if (missing.length > 0) throw badRequest({ userIds: 'NOT_FOUND' }, `No such tasker: ${missing.join(', ')}`);
  if (users.some((u) => u.country_code !== mission.country_code)) throw badRequest({ userIds: 'OTHER_MARKET' }, 'A mission is assigned to taskers of its own market');
  const assigned: string[] = [];
  for (const u of users) {
    const row = await m
      .insertInto('mission_assignments')
      .values({
        id: randomUUID(),
        mission_id: missionId,
        user_id: u.id,
        expires_at: mission.duration_seconds ? new Date(now.getTime() + mission.duration_seconds * 1000) : null,
        completed_at: null,
        reward_amount: null,
        created_by: by,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['mission_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!row) continue;
    assigned.push(row.user_id);
    // Told once, when the assignment is new (a repeated assignment inserts nothing).
    await notify(db, { userId: row.user_id, type: 'mission_assigned', params: { missionName: missionNotificationName({ name: mission.name, useNameAsDisplayName: mission.use_name_as_display_name, description: mission.description }) }, resourceId: missionId, now });
  }
  return { mission: await missionForStaff(db, missionId), assigned };
}

/** GET mission/my: the tasker's missions in the spec's shape and order. */
export async function myMissions(db: Db, userId: string, now: Date): Promise<Mission[]> {
  await settleMissions(db, now, { userId });
  const m = moneyDb(db);
  const rows = await m
    .selectFrom('mission_assignments as a')
    .innerJoin('missions as ms', 'ms.id', 'a.mission_id')
    .innerJoin('countries as c', 'c.code', 'ms.country_code')
    .select([
      'a.id',
      'a.mission_id',
      'a.user_id',
      'a.created_at',
      'a.expires_at',
      'a.completed_at',
      sql<string | null>`coalesce(a.reward_amount, ms.reward_amount)::text`.as('reward_amount'),
      'ms.name',
      'ms.use_name_as_display_name',
      'ms.description',
      'ms.duration_seconds',
      'ms.currency_code',
      'c.currency_symbol',
    ])
    .where('a.user_id', '=', userId)
    .execute();
  const objectives = await objectivesOf(db, [...new Set(rows.map((r) => r.mission_id))]);
  const missions: Mission[] = [];
  for (const r of rows) {
    const a = r as AssignmentRow;
    const isCompleted = r.completed_at !== null;
    const expiresAt = r.expires_at ? new Date(r.expires_at) : null;
    const isExpired = !isCompleted && expiresAt !== null && expiresAt.getTime() <= now.getTime();
    const list: MissionObjective[] = [];
    for (const o of objectives.get(r.mission_id) ?? []) {
      const state = await objectiveState(db, a, o, now);
      const progress = isCompleted ? objectiveProgress(o.target, o.target, 0) : objectiveProgress(o.target, state.accepted, state.awaiting);
      list.push({ id: o.id, contentType: o.content_type, allowedItems: o.allowed_items, target: o.target, ...progress });
    }
    const pct = missionPercentages(list);
    missions.push({
      id: r.mission_id,
      name: r.name,
      useNameAsDisplayName: r.use_name_as_display_name,
      description: r.description,
      objectives: list,
      moneyReward: r.reward_amount === null ? null : toMoney(parseAmount(r.reward_amount), r.currency_code as CurrencyCode, r.currency_symbol),
      duration: r.duration_seconds,
      remainingTime: expiresAt === null ? null : isCompleted || isExpired ? 0 : Math.ceil((expiresAt.getTime() - now.getTime()) / 1000),
      isActive: !isCompleted && !isExpired,
      isCompleted,
      isExpired,
      completedPercentage: pct.completed,
      candidatePercentage: pct.candidate,
      completedObjectives: list.filter((o) => o.isCompleted).map((o) => o.id),
      pendingObjectives: list.filter((o) => !o.isCompleted).map((o) => o.id),
      expiresAt: expiresAt ? expiresAt.toISOString() : null,
      completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
    });
  }
  return sortMissions(missions);
}
