/**
 * The audit trail: every staff action is one row — who (the member's account and e-mail, or the
 * automation key's name), when, what (action, entity and its id, its market), and the entity
 * before and after. Written in the transaction of the change it records, so a change and its
 * record commit or roll back together.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { StaffActor } from '../http/access';

export interface StaffAction {
  /** What was done, dotted: 'task.accept', 'user.approve', 'staff.add', 'payouts.run'… */
  action: string;
  /** The kind of thing acted on: 'task', 'user', 'staff', 'task_type', 'payout_week'… */
  entity: string;
  entityId: string | null;
  /** The market the entity belongs to, where it has one (the trail is filtered by it). */
  country?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordStaffAction(db: Db, actor: StaffActor, action: StaffAction, now: Date): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      id: randomUUID(),
      staff_id: actor.id,
      actor: actor.name,
      action: action.action,
      entity: action.entity,
      entity_id: action.entityId,
      country_code: action.country ?? null,
      before: action.before === undefined || action.before === null ? null : JSON.stringify(action.before),
      after: action.after === undefined || action.after === null ? null : JSON.stringify(action.after),
      created_at: now,
    })
    .execute();
}
