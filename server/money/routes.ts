/**
 * The tasker's money and missions (tasker scope): GET payment/my-finances (spec section 3's
 * payout info plus the lines of the next payment), GET payment/payouts (recorded payouts with
 * their status and lines), GET mission/my (spec section 3's missions, sorted as section 4 says).
 * Personal answers: no-store (the security hook's default).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { taskerIdOf } from '../http/access';
import { notFound } from '../http/errors';
import type { Mission } from '#domain/missions';
import type { Payout, PayoutInfo } from '#domain/payouts';
import { myFinances } from './payouts';
import { myPayouts } from './payoutReads';
import { myMissions } from '../missions/service';
import * as money from '#contracts/api/money';
import { serve } from '../http/contract';

export function registerMoneyRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, money.myFinances)(async (request): Promise<PayoutInfo> => {
    const info = await myFinances(ctx.db, taskerIdOf(request), ctx.clock.now(), ctx.config.maxDeductionRateBp);
    if (!info) throw notFound('NOT_FOUND', 'No market chosen yet: payouts follow the market');
    return info;
  });

  serve(app, money.myPayouts)(async (request): Promise<{ data: Payout[] }> => ({ data: await myPayouts(ctx.db, taskerIdOf(request)) }));

  serve(app, money.myMissions)(async (request): Promise<{ data: Mission[] }> => ({ data: await myMissions(ctx.db, taskerIdOf(request), ctx.clock.now()) }));
}
