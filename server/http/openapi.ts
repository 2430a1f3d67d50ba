/** GET /api/openapi.json (public): the document @fastify/swagger builds from every route's definition. */
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '#contracts/api/meta';
import { serve } from './contract';

export function registerOpenApiRoute(app: FastifyInstance): void {
  // The document is the same for every caller; @fastify/swagger builds it once and keeps it.
  serve(app, openApiDocument)(async () => app.swagger());
}
