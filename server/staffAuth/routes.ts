/**
 * Staff sign-in (public: send-code, login, refresh, logout) and the staff's own account routes
 * (staff scope: me, the accounts admins manage, the audit trail).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** POST /api/staff/auth/*: registered in the public scope. */
export function registerStaffAuthRoutes(_app: FastifyInstance, _ctx: AppContext): void {}

/** /api/staff/me, /api/staff/accounts*, /api/staff/audit: registered in the staff scope. */
export function registerStaffAccountRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
