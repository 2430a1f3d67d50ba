/**
 * POST /api/staff/dev/clock { offsetMs } → { now, offsetMs }: moves the API's clock by offsetMs
 * from the real time (0 puts it back). Test-only, for the end-to-end payout run (docs/testing.md):
 * registered only outside production and only when the server runs on an OffsetClock (main.ts),
 * in the staff scope (staff token). The background jobs keep the real clock, so moving it never
 * expires reservations or runs payouts by itself.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { OffsetClock } from './clock';
import { badRequest } from './http/errors';
import { asBody } from './http/input';
import { setDevClock } from '#contracts/api/catalog';
import { serve } from './http/contract';

/** At most 60 days either way: enough to end any week, not a way to lose track of time. */
const MAX_OFFSET_MS = 60 * 24 * 3600_000;

export function registerDevClockRoute(app: FastifyInstance, ctx: AppContext): void {
  const clock = ctx.clock;
  if (ctx.config.production || !(clock instanceof OffsetClock)) return;
  serve(app, setDevClock)(async (request) => {
    const offsetMs = asBody(request.body ?? {})?.offsetMs;
    if (typeof offsetMs !== 'number' || !Number.isInteger(offsetMs) || Math.abs(offsetMs) > MAX_OFFSET_MS) throw badRequest({ offsetMs: 'INVALID' });
    clock.offsetMs = offsetMs;
    return { now: clock.now().toISOString(), offsetMs };
  });
}
