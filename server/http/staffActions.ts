/**
 * What every staff feature needs to record an action: who acts (the signed-in member, or the
 * person the automation key's script names) and the audit trail's row — who, when, what (action,
 * entity and its id, its market), and the entity before and after — written in the transaction of
 * the change it records, so a change and its record commit or roll back together. In the http
 * layer beside the staff guard (access.ts), so the staff routes of every feature use one recorder.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '#domain/staff';
import { staffOf, type StaffActor } from './access';
import { badRequest } from './errors';

export const STAFF_NAME_HEADER = 'shelfwork-staff-name';
export const DEFAULT_STAFF_NAME = 'staff';
export const STAFF_NAME_MAX_LENGTH = 80;

/**
 * A staff member's name: trimmed, 'staff' when absent or blank, at most 80 characters, no control
 * characters, never 'tasker' (400 `staffName`: TOO_LONG, INVALID, NOT_ALLOWED). A header arrives
 * as latin1; a name sent as UTF-8 bytes (Aistė) is read back as UTF-8.
 */
export function readStaffName(raw: unknown): string {
  if (raw === undefined || raw === null) return DEFAULT_STAFF_NAME;
  if (typeof raw !== 'string') throw badRequest({ staffName: 'INVALID' }, 'Shelfwork-Staff-Name must be given once');
  let text = raw;
  if (/[\u0080-\u00ff]/.test(text)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text, 'latin1'));
    } catch {
      // not UTF-8 bytes: keep the latin1 reading
    }
  }
  const name = text.trim();
  if (name === '') return DEFAULT_STAFF_NAME;
  if ([...name].length > STAFF_NAME_MAX_LENGTH) throw badRequest({ staffName: 'TOO_LONG' }, `The staff name is longer than ${STAFF_NAME_MAX_LENGTH} characters`);
  if (/\p{Cc}/u.test(name)) throw badRequest({ staffName: 'INVALID' }, 'The staff name has control characters');
  if (name.toLowerCase() === 'tasker') throw badRequest({ staffName: 'NOT_ALLOWED' }, "'tasker' is the tasker's own name in the history");
  return name;
}

/**
 * The name a decision records (user events, paid_by, created_by): a member acts as themselves (the
 * header is ignored, so nobody signs as someone else); the automation key as the person its script
 * names in the header, or as the key's audit name.
 */
export function actingName(actor: StaffActor, header: unknown): string {
  if (actor.id !== null || header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return actor.name;
  return readStaffName(header);
}

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

/**
 * The Idempotency-Key scope of a staff write: the member's own (the automation key's apart), so a
 * replay answers only the member who sent the write — another member's identical key and body
 * runs their own checks (roles, markets) instead of receiving someone else's stored answer.
 */
export function staffScope(request: FastifyRequest): string {
  return `staff:${staffOf(request).id ?? 'automation'}`;
}

/** The staff CLI as an actor: every role and market; its actions are audited as 'cli'. */
export const CLI_ACTOR: StaffActor = { id: null, name: 'cli', roles: STAFF_ROLES, markets: [] };
