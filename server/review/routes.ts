/** Task review for staff: the review queue and everything a tasker sent for one task. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Files } from '../storage/uploads';

export function registerReviewRoutes(_app: FastifyInstance, _ctx: AppContext, _files: Files): void {}
