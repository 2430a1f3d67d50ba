/**
 * The staff API of payouts and missions (registered in the `staff` access scope, so every route
 * needs the STAFF_TOKEN bearer). Mutations go through runIdempotent (scope 'staff'); who acted is
 * the Shelfwork-Staff-Name header (default 'staff'), as for profile reviews.
 *
 * - GET  /api/staff/payouts?country=LT&week=2026-03-02     a market week's payouts (+ bank details)
 * - POST /api/staff/payouts/run {country?, week?}          run due weeks (or one week, once over)
 * - POST /api/staff/payouts/mark-paid {ids} | {country, week}
 * - GET  /api/staff/payouts/export.csv?country&week        CSV of the week's payouts
 * - GET  /api/staff/payouts/export.xml?country&week        SEPA pain.001.001.09 of the pending EUR ones
 * - POST /api/staff/payouts/adjustments {user, kind, amount, reason, taskId?}
 * - GET  /api/staff/missions?country=LT, POST /api/staff/missions, POST /api/staff/missions/:id/assign
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../http/errors';
import { asBody, asQuery, isPlausibleId, single } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { readStaffName } from '../staff/review';
import { isMondayKey, weekStarting } from '#domain/payouts';
import { validateCountry } from '#domain/validation';
import { loadMarket, markPaid, runDuePayouts, runWeekIn } from './payouts';
import { weekPayouts } from './payoutReads';
import { payoutsCsv, payoutsSepaXml } from './export';
import { recordAdjustment } from './adjustments';
import { assignMission, createMission, listMissions } from '../missions/service';
import { moneyDb } from '../db/money-tables';
import * as money from '#contracts/api/money';
import { serve } from '../http/contract';
import type { Assert, Equal, Static } from '#contracts/api/common';
import type { Adjustment } from './adjustments';
import type { RunResult } from './payouts';
import type { StaffPayout } from './payoutReads';
import type { AssignResult, StaffMission } from '../missions/service';

// The staff answers' schemas are exactly what the services return (a compile error here means they differ).
export type StaffMoneySchemaChecks = [
  Assert<Equal<Static<typeof money.StaffPayoutSchema>, StaffPayout>>,
  Assert<Equal<Static<typeof money.PayoutRunResultSchema>, RunResult>>,
  Assert<Equal<Static<typeof money.AdjustmentSchema>, Adjustment>>,
  Assert<Equal<Static<typeof money.StaffMissionSchema>, StaffMission>>,
  Assert<Equal<Static<(typeof money.assignMission.schema.response)[200]>, AssignResult>>,
];

function body(request: FastifyRequest): Record<string, unknown> {
  const b = asBody(request.body ?? {});
  if (!b) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return b;
}

function staffName(request: FastifyRequest): string {
  return readStaffName(request.headers['shelfwork-staff-name']);
}

/** country + week (a Monday 'YYYY-MM-DD') from a query or body; 400 with field codes otherwise. */
export function readWeek(source: Record<string, unknown>): { countryCode: string; weekStart: string } {
  const country = typeof source.country === 'string' ? source.country : undefined;
  const countryError = validateCountry(country);
  const weekError = isMondayKey(source.week) ? null : source.week === undefined ? 'REQUIRED' : 'NOT_A_MONDAY';
  if (countryError || weekError) throw badRequest({ ...(countryError ? { country: countryError } : {}), ...(weekError ? { week: weekError } : {}) });
  return { countryCode: (country as string).toUpperCase(), weekStart: source.week as string };
}

function queryWeek(request: FastifyRequest): { countryCode: string; weekStart: string } {
  const q = asQuery(request.query);
  const country = single(q.country);
  const week = single(q.week);
  if (country.error || week.error) throw badRequest({ ...(country.error ? { country: 'INVALID' } : {}), ...(week.error ? { week: 'INVALID' } : {}) });
  return readWeek({ country: country.value, week: week.value });
}

export function registerMoneyStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, money.weekPayouts)(async (request) => {
    const { countryCode, weekStart } = queryWeek(request);
    const run = await moneyDb(ctx.db).selectFrom('payout_runs').select(['payouts_count', 'finished_at']).where('country_code', '=', countryCode).where('week_start', '=', weekStart).executeTakeFirst();
    return {
      countryCode,
      weekStart,
      run: run ? { payoutsCount: run.payouts_count, finishedAt: new Date(run.finished_at).toISOString() } : null,
      data: await weekPayouts(ctx.db, countryCode, weekStart),
    };
  });

  serve(app, money.runPayouts)(async (request, reply) => {
    const input = body(request);
    const now = ctx.clock.now();
    const rate = ctx.config.maxDeductionRateBp;
    if (input.country === undefined && input.week === undefined) {
      return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: { data: await runDuePayouts(trx, now, rate, true) } }));
    }
    const { countryCode, weekStart } = readWeek(input);
    const market = await loadMarket(ctx.db, countryCode);
    if (!market) throw badRequest({ country: 'COUNTRY_INVALID' });
    const week = weekStarting(weekStart, market.timeZone);
    if (week.end.getTime() > now.getTime()) throw badRequest({ week: 'NOT_OVER' }, `The week of ${weekStart} is not over in ${countryCode} yet`);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: { data: [await runWeekIn(trx, countryCode, week, now, rate)] } }));
  });

  serve(app, money.markPaid)(async (request, reply) => {
    const input = body(request);
    const by = staffName(request);
    let target: { ids: string[] } | { countryCode: string; weekStart: string };
    if (input.ids !== undefined) {
      if (!Array.isArray(input.ids) || input.ids.length === 0 || input.ids.length > 10_000 || input.ids.some((id) => !isPlausibleId(id))) throw badRequest({ ids: 'INVALID' });
      target = { ids: input.ids as string[] };
    } else target = readWeek(input);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => {
      if ('ids' in target) {
        const found = await moneyDb(trx).selectFrom('payouts').select('id').where('id', 'in', target.ids).execute();
        if (found.length !== new Set(target.ids).size) throw new ApiError(404, 'NOT_FOUND', 'Payout not found');
      }
      const paid = await markPaid(trx, target, by, ctx.clock.now());
      return { status: 200, body: { paid } };
    });
  });

  serve(app, money.exportCsv)(async (request, reply) => {
    const { countryCode, weekStart } = queryWeek(request);
    const csv = payoutsCsv(await weekPayouts(ctx.db, countryCode, weekStart));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-${countryCode}-${weekStart}.csv"`)
      .send(csv);
  });

  serve(app, money.exportSepaXml)(async (request, reply) => {
    const { countryCode, weekStart } = queryWeek(request);
    const payouts = await weekPayouts(ctx.db, countryCode, weekStart);
    const market = await loadMarket(ctx.db, countryCode);
    if (market?.currencyCode !== 'EUR') throw badRequest({ country: 'NOT_EUR' }, 'SEPA credit transfers are for EUR payouts');
    let file;
    try {
      file = payoutsSepaXml(payouts, ctx.config.payoutDebtor, `${countryCode}-${weekStart}`, ctx.clock.now());
    } catch (error) {
      throw badRequest({ week: 'NOTHING_TO_PAY' }, error instanceof Error ? error.message : 'Nothing to pay');
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-${countryCode}-${weekStart}.xml"`)
      .header('shelfwork-payouts-included', String(file.included.length))
      .header('shelfwork-control-sum', file.controlSum)
      .header('shelfwork-payouts-skipped', file.skipped.map((s) => `${s.id}:${s.reason}`).join(','))
      .send(file.xml);
  });

  serve(app, money.recordAdjustment)(async (request, reply) => {
    const input = body(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await recordAdjustment(trx, input, by, ctx.clock.now()) }));
  });

  serve(app, money.listMissions)(async (request) => {
    const country = single(asQuery(request.query).country);
    if (country.error || (country.value !== undefined && validateCountry(country.value))) throw badRequest({ country: 'INVALID' });
    return { data: await listMissions(ctx.db, country.value ?? null) };
  });

  serve(app, money.createMission)(async (request, reply) => {
    const input = body(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 201, body: await createMission(trx, input, by, ctx.clock.now()) }));
  });

  serve(app, money.assignMission)(async (request, reply) => {
    const { id } = request.params as { id?: unknown };
    if (!isPlausibleId(id)) throw new ApiError(404, 'NOT_FOUND', 'Mission not found');
    const input = body(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, 'staff', async (trx) => ({ status: 200, body: await assignMission(trx, id, input, by, ctx.clock.now()) }));
  });
}
