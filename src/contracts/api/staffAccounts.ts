/**
 * The signed-in staff member, the staff accounts admins manage, and the audit trail (every staff
 * action: who, when, what, before and after). Writes take an Idempotency-Key; each is recorded in
 * the trail ('staff.add', 'staff.update').
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, IdempotentHeaders, Nullable, PathId, QueryString, RuleChecked, defineRoute } from './common';
import { StaffMemberSchema } from './staffAuth';
import type { StaffRole } from '#domain/staff';

const tags = ['staff-accounts'];

export const StaffAccountSchema = Type.Composite(
  [
    StaffMemberSchema,
    Type.Object({
      createdAt: Type.String(),
      updatedAt: Type.String(),
      lastLoginAt: Nullable(Type.String({ description: 'The last sign-in (ISO 8601); null: never' })),
    }),
  ],
  { title: 'StaffAccount' },
);

export const StaffAuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    staffId: Nullable(Type.String({ description: "The member's account; null for the automation key and the CLI" })),
    actor: Type.String({ description: "The member's e-mail, the automation key's name, or 'cli'" }),
    action: Type.String({ description: "Dotted: 'staff.add', 'task.accept'…" }),
    entity: Type.String({ description: "'staff', 'task', 'user', 'task_type'…" }),
    entityId: Nullable(Type.String()),
    country: Nullable(Type.String()),
    before: Type.Unknown({ description: 'The entity before (JSON; null: none)' }),
    after: Type.Unknown({ description: 'The entity after (JSON; null: none)' }),
    createdAt: Type.String(),
  },
  { title: 'StaffAuditEntry' },
);

const AccountParams = Type.Object({ id: PathId('Staff account id (anything else: 404 STAFF_NOT_FOUND)') });
const Roles = RuleChecked<StaffRole[]>('Roles: admin, author, reviewer, onboarding, finance, support (at least one; INVALID)');
const Markets = RuleChecked<string[]>('Markets: LT, PL, CZ, RO; empty: every market (COUNTRY_INVALID)');

export const staffMe = defineRoute({
  method: 'GET',
  url: '/api/staff/me',
  roles: [],
  operationId: 'staffMe',
  tags,
  summary: 'The signed-in staff member (the automation key: its audit name, every role)',
  schema: { response: { 200: StaffMemberSchema, ...AUTHED_ERRORS } },
});

export const listStaffAccounts = defineRoute({
  method: 'GET',
  url: '/api/staff/accounts',
  roles: ['admin'],
  operationId: 'staffListAccounts',
  tags,
  summary: 'Every staff account, by e-mail',
  schema: { response: { 200: Type.Object({ data: Type.Array(StaffAccountSchema) }), ...AUTHED_ERRORS } },
});

export const addStaffAccount = defineRoute({
  method: 'POST',
  url: '/api/staff/accounts',
  roles: ['admin'],
  operationId: 'staffAddAccount',
  tags,
  summary: 'Add a staff account (420 STAFF_EMAIL_TAKEN when the e-mail has one)',
  schema: {
    headers: IdempotentHeaders,
    body: Type.Object({
      email: RuleChecked<string>('Email address (REQUIRED, TOO_LONG, EMAIL_INVALID)'),
      name: RuleChecked<string>('Display name (REQUIRED, TOO_LONG: at most 200)'),
      roles: Roles,
      markets: Type.Optional(Markets),
    }),
    response: { 200: StaffAccountSchema, ...AUTHED_ERRORS },
  },
});

export const updateStaffAccount = defineRoute({
  method: 'PATCH',
  url: '/api/staff/accounts/:id',
  roles: ['admin'],
  operationId: 'staffUpdateAccount',
  tags,
  summary: 'Change a staff account (420 STAFF_SELF_LOCKOUT: an admin cannot drop their own admin role or deactivate themselves)',
  schema: {
    headers: IdempotentHeaders,
    params: AccountParams,
    body: Type.Object({
      name: Type.Optional(RuleChecked<string>('Display name (TOO_LONG: at most 200)')),
      roles: Type.Optional(Roles),
      markets: Type.Optional(Markets),
      active: Type.Optional(RuleChecked<boolean>('false deactivates (its sessions end), true reactivates')),
    }),
    response: { 200: StaffAccountSchema, ...AUTHED_ERRORS },
  },
});

export const staffAudit = defineRoute({
  method: 'GET',
  url: '/api/staff/audit',
  // Every member may read one entity's history (entity + entityId: a task's, a tasker's); the
  // whole trail, or any other filter without an entity, needs the admin role.
  roles: [],
  operationId: 'staffAudit',
  tags,
  summary:
    "The audit trail, newest first, filtered; a page of at most `limit` (≤ 200) with the next cursor. Admins read all of it; every member reads one entity's history (entity and entityId; else 403 STAFF_ROLE_REQUIRED). A member limited to markets sees only their markets' rows (and those of no market)",
  schema: {
    querystring: Type.Object(
      {
        staffId: Type.Optional(QueryString('A staff account id')),
        actor: Type.Optional(QueryString("An actor: a member's e-mail, the automation key's name, 'cli'")),
        action: Type.Optional(QueryString("An action, e.g. 'staff.add'; ending in '.*': every action with that prefix")),
        entity: Type.Optional(QueryString("An entity kind, e.g. 'task'")),
        entityId: Type.Optional(QueryString('With entity: one entity (its history)')),
        country: Type.Optional(QueryString('LT, PL, CZ or RO')),
        from: Type.Optional(QueryString('At or after (ISO 8601)')),
        to: Type.Optional(QueryString('Before (ISO 8601)')),
        limit: Type.Optional(QueryString('1–200 (default 50)')),
        cursor: Type.Optional(QueryString('The nextCursor of the previous page')),
      },
      { additionalProperties: true },
    ),
    response: { 200: Type.Object({ data: Type.Array(StaffAuditEntrySchema), nextCursor: Nullable(Type.String()) }), ...AUTHED_ERRORS },
  },
});
