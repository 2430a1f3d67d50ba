/** The support inbox for staff: taskers' support requests, replies by mail, handled or open. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerSupportStaffRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
