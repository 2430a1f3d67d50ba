/**
 * GET /api/map/config (public): the tile service the map screens use when online, from
 * MAP_STYLE_URL and MAP_ATTRIBUTION (server/config.ts). `styleUrl` null: the app's own offline
 * basemap only (public/map). The style's origin is in the app's CSP (server/http/security.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';

export interface MapStyleConfig {
  styleUrl: string | null;
  attribution: string | null;
}

export function registerMapConfigRoute(app: FastifyInstance, ctx: AppContext): void {
  serve(app, tasks.mapConfig)(async (): Promise<MapStyleConfig> => ({ styleUrl: ctx.config.map.styleUrl, attribution: ctx.config.map.attribution }));
}
