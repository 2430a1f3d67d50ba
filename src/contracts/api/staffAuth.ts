/**
 * Staff sign-in (public routes): a login code mailed to a staff account's e-mail, the staff
 * member's own short-lived access token (audience 'shelfwork-staff': refused on tasker routes)
 * and a refresh token rotated on every use (reusing a rotated one revokes its family). The same
 * code machinery and throttling as taskers' sign-in (429 with Retry-After).
 */
import { Type } from '@sinclair/typebox';
import { COMMON_ERRORS, NoBody, Nullable, OkSchema, RuleChecked, defineRoute, errors } from './common';
import { CountryCodeSchema, StringEnum } from './models';
import { STAFF_ROLES } from '#domain/staff';

const tags = ['staff-auth'];
const AUTH_ERRORS = { ...COMMON_ERRORS, ...errors(420) };
const Email = RuleChecked<string>('Email address (REQUIRED, TOO_LONG, EMAIL_INVALID)');

/** A staff member as the API answers it (src/domain/staff.ts StaffMember). */
export const StaffMemberSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    roles: Type.Array(StringEnum(STAFF_ROLES)),
    markets: Type.Array(CountryCodeSchema, { description: 'The markets the member may act in; empty: every market' }),
    active: Type.Boolean(),
  },
  { title: 'StaffMember' },
);

export const StaffSessionSchema = Type.Object(
  {
    token: Type.String({ description: 'Staff access token (Bearer on /api/staff/*)' }),
    refreshToken: Type.String({ description: 'Refresh token (12 hours; rotated on every use)' }),
    staff: StaffMemberSchema,
  },
  { title: 'StaffSession' },
);

export const staffSendCode = defineRoute({
  method: 'POST',
  url: '/api/staff/auth/send-code',
  operationId: 'staffSendCode',
  tags,
  summary: 'Mail a login code to an active staff account; answers the same for any e-mail (no account enumeration)',
  schema: { body: Type.Object({ email: Email }), response: { 200: OkSchema, ...AUTH_ERRORS } },
});

export const staffLogin = defineRoute({
  method: 'POST',
  url: '/api/staff/auth/login',
  operationId: 'staffLogin',
  tags,
  summary: 'Sign in with the mailed code: a staff access token, a refresh token and the member (420 WRONG_CODE, CODE_EXPIRED)',
  schema: {
    body: Type.Object({ email: Email, code: RuleChecked<string>('The mailed code (REQUIRED, CODE_INVALID)') }),
    response: { 200: StaffSessionSchema, ...AUTH_ERRORS },
  },
});

export const staffRefresh = defineRoute({
  method: 'POST',
  url: '/api/staff/auth/refresh',
  operationId: 'staffRefresh',
  tags,
  summary: 'Rotate a staff refresh token: a new session (401 REFRESH_TOKEN_REUSED revokes the family; 401 for a deactivated account)',
  schema: {
    body: Type.Object({ refreshToken: Type.Optional(Nullable(Type.String({ description: 'At most 200 characters' }))) }),
    response: { 200: StaffSessionSchema, ...AUTH_ERRORS, ...errors(401) },
  },
});

export const staffLogout = defineRoute({
  method: 'POST',
  url: '/api/staff/auth/logout',
  operationId: 'staffLogout',
  tags,
  summary: "Sign out: revokes the refresh token's family (an unknown token answers the same)",
  schema: {
    body: Type.Object({ refreshToken: Type.Optional(Nullable(Type.String({ description: 'At most 200 characters' }))) }),
    response: { 204: NoBody, ...AUTH_ERRORS },
  },
});
