/** Task authoring for staff: task types with localized checklists, product lists, places, tasks and their CSV import. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

export function registerAuthoringRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
