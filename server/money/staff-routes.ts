/**
 * The staff API of payouts and missions (registered in the `staff` access scope, so every route
 * needs a staff member's bearer, or the automation key, with the route's role). A member acts only
 * in their markets (403 STAFF_MARKET_REFUSED; a run of every due week runs only theirs; the
 * missions list shows only theirs). Mutations go through runIdempotent (scope 'staff') and record
 * an audit row in the same transaction; the exports record one too (bank details left the
 * server). Who acted is the member (actingName, server/staff/review.ts), as for profile reviews.
 *
 * - GET  /api/staff/payouts/weeks?country=LT              a market's weeks with their runs and totals
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
import { assertUserMarket } from '../staff/review';
import { STAFF_NAME_HEADER, actingName, staffScope } from '../http/staffActions';
import { recordStaffAction } from '../http/staffActions';
import { assertStaffMarket, staffOf } from '../http/access';
import { isMondayKey, weekStarting } from '#domain/payouts';
import { validateCountry } from '#domain/validation';
import { loadMarket, markPaid, runDuePayouts, runWeekIn } from './payouts';
import { marketWeeks, weekPayouts } from './payoutReads';
import { payoutsCsv, payoutsSepaXml } from './export';
import { recordAdjustment } from './adjustments';
import { assignMission, createMission, listMissions } from '../missions/service';
import { moneyDb } from '../db/money-tables';
import * as money from '#contracts/api/money';
import { serve } from '../http/contract';
import type { Assert, Equal, Static } from '#contracts/api/common';
import type { Adjustment } from './adjustments';
import type { RunResult } from './payouts';
import type { PayoutWeekSummary, StaffPayout } from './payoutReads';
import type { AssignResult, StaffMission } from '../missions/service';

// The staff answers' schemas are exactly what the services return (a compile error here means they differ).
export type StaffMoneySchemaChecks = [
  Assert<Equal<Static<typeof money.StaffPayoutSchema>, StaffPayout>>,
  Assert<Equal<Static<typeof money.PayoutWeekSummarySchema>, PayoutWeekSummary>>,
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
  return actingName(staffOf(request), request.headers[STAFF_NAME_HEADER]);
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
  serve(app, money.payoutWeeks)(async (request) => {
    const country = single(asQuery(request.query).country);
    const countryError = country.error ? 'INVALID' : validateCountry(country.value);
    if (countryError) throw badRequest({ country: countryError });
    const countryCode = (country.value as string).toUpperCase();
    assertStaffMarket(staffOf(request), countryCode);
    const market = await loadMarket(ctx.db, countryCode);
    if (!market) throw badRequest({ country: 'COUNTRY_INVALID' });
    return { countryCode, currencyCode: market.currencyCode, currencySymbol: market.currencySymbol, data: await marketWeeks(ctx.db, countryCode, market.timeZone, ctx.clock.now()) };
  });

  serve(app, money.weekPayouts)(async (request) => {
    const { countryCode, weekStart } = queryWeek(request);
    assertStaffMarket(staffOf(request), countryCode);
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
    const actor = staffOf(request);
    const now = ctx.clock.now();
    const rate = ctx.config.maxDeductionRateBp;
    const audited = async (trx: Parameters<typeof recordStaffAction>[0], results: RunResult[]) => {
      for (const r of results) {
        await recordStaffAction(trx, actor, { action: 'payouts.run', entity: 'payout_week', entityId: `${r.countryCode}/${r.weekStart}`, country: r.countryCode, after: r }, now);
      }
      return { status: 200, body: { data: results } };
    };
    if (input.country === undefined && input.week === undefined) {
      // A member limited to some markets runs the due weeks of those only.
      return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => audited(trx, await runDuePayouts(trx, now, rate, true, actor.markets)));
    }
    const { countryCode, weekStart } = readWeek(input);
    assertStaffMarket(actor, countryCode);
    const market = await loadMarket(ctx.db, countryCode);
    if (!market) throw badRequest({ country: 'COUNTRY_INVALID' });
    const week = weekStarting(weekStart, market.timeZone);
    if (week.end.getTime() > now.getTime()) throw badRequest({ week: 'NOT_OVER' }, `The week of ${weekStart} is not over in ${countryCode} yet`);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => audited(trx, [await runWeekIn(trx, countryCode, week, now, rate)]));
  });

  serve(app, money.markPaid)(async (request, reply) => {
    const input = body(request);
    const actor = staffOf(request);
    const by = staffName(request);
    let target: { ids: string[] } | { countryCode: string; weekStart: string };
    if (input.ids !== undefined) {
      if (!Array.isArray(input.ids) || input.ids.length === 0 || input.ids.length > 10_000 || input.ids.some((id) => !isPlausibleId(id))) throw badRequest({ ids: 'INVALID' });
      target = { ids: input.ids as string[] };
    } else {
      target = readWeek(input);
      assertStaffMarket(actor, target.countryCode);
    }
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const m = moneyDb(trx);
      const selected = 'ids' in target ? m.selectFrom('payouts').where('id', 'in', target.ids) : m.selectFrom('payouts').where('country_code', '=', target.countryCode).where('week_start', '=', target.weekStart);
      const rows = await selected.select(['id', 'country_code', 'week_start', 'status', 'total', 'currency_code']).orderBy('id').forUpdate().execute();
      if ('ids' in target && rows.length !== new Set(target.ids).size) throw new ApiError(404, 'NOT_FOUND', 'Payout not found');
      for (const country of new Set(rows.map((r) => r.country_code))) assertStaffMarket(actor, country);
      const now = ctx.clock.now();
      const paid = await markPaid(trx, target, by, now);
      // One audit row per market week touched: its payouts' statuses before, and the ones paid now.
      const paidNow = new Set(paid);
      const weeks = new Map<string, typeof rows>();
      for (const r of rows) weeks.set(`${r.country_code}/${r.week_start}`, [...(weeks.get(`${r.country_code}/${r.week_start}`) ?? []), r]);
      for (const [key, inWeek] of weeks) {
        const country = inWeek[0]?.country_code ?? null;
        await recordStaffAction(
          trx,
          actor,
          {
            action: 'payouts.mark_paid',
            entity: 'payout_week',
            entityId: key,
            country,
            before: { payouts: inWeek.map((r) => ({ id: r.id, status: r.status, total: r.total, currencyCode: r.currency_code })) },
            after: { paid: inWeek.filter((r) => paidNow.has(r.id)).map((r) => r.id) },
          },
          now,
        );
      }
      return { status: 200, body: { paid } };
    });
  });

  /** An export carries bank details out of the server: who took it is recorded. */
  const recordExport = async (request: FastifyRequest, format: 'csv' | 'sepa', countryCode: string, weekStart: string, detail: Record<string, unknown>) => {
    await recordStaffAction(ctx.db, staffOf(request), { action: `payouts.export_${format}`, entity: 'payout_week', entityId: `${countryCode}/${weekStart}`, country: countryCode, after: detail }, ctx.clock.now());
  };

  serve(app, money.exportCsv)(async (request, reply) => {
    const { countryCode, weekStart } = queryWeek(request);
    assertStaffMarket(staffOf(request), countryCode);
    const payouts = await weekPayouts(ctx.db, countryCode, weekStart);
    const csv = payoutsCsv(payouts);
    await recordExport(request, 'csv', countryCode, weekStart, { payouts: payouts.length });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payouts-${countryCode}-${weekStart}.csv"`)
      .send(csv);
  });

  serve(app, money.exportSepaXml)(async (request, reply) => {
    const { countryCode, weekStart } = queryWeek(request);
    assertStaffMarket(staffOf(request), countryCode);
    const payouts = await weekPayouts(ctx.db, countryCode, weekStart);
    const market = await loadMarket(ctx.db, countryCode);
    if (market?.currencyCode !== 'EUR') throw badRequest({ country: 'NOT_EUR' }, 'SEPA credit transfers are for EUR payouts');
    let file;
    try {
      file = payoutsSepaXml(payouts, ctx.config.payoutDebtor, `${countryCode}-${weekStart}`, ctx.clock.now());
    } catch (error) {
      throw badRequest({ week: 'NOTHING_TO_PAY' }, error instanceof Error ? error.message : 'Nothing to pay');
    }
    await recordExport(request, 'sepa', countryCode, weekStart, { included: file.included.length, controlSum: file.controlSum, skipped: file.skipped.length });
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
    const actor = staffOf(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const adjustment = await recordAdjustment(trx, input, by, now);
      // Checked on the tasker found (by id or e-mail); a refusal rolls the adjustment back.
      const user = await trx.selectFrom('users').select('country_code').where('id', '=', adjustment.userId).executeTakeFirstOrThrow();
      assertUserMarket(actor, user.country_code);
      await recordStaffAction(trx, actor, { action: 'payouts.adjustment', entity: 'user', entityId: adjustment.userId, country: user.country_code, after: adjustment }, now);
      return { status: 201, body: adjustment };
    });
  });

  serve(app, money.listMissions)(async (request) => {
    const country = single(asQuery(request.query).country);
    if (country.error || (country.value !== undefined && validateCountry(country.value))) throw badRequest({ country: 'INVALID' });
    const actor = staffOf(request);
    if (country.value !== undefined) assertStaffMarket(actor, country.value.toUpperCase());
    const missions = await listMissions(ctx.db, country.value ?? null);
    return { data: missions.filter((m) => actor.markets.length === 0 || actor.markets.includes(m.countryCode)) };
  });

  serve(app, money.createMission)(async (request, reply) => {
    const input = body(request);
    const actor = staffOf(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const mission = await createMission(trx, input, by, now);
      assertStaffMarket(actor, mission.countryCode);
      await recordStaffAction(trx, actor, { action: 'mission.create', entity: 'mission', entityId: mission.id, country: mission.countryCode, after: mission }, now);
      return { status: 201, body: mission };
    });
  });

  serve(app, money.assignMission)(async (request, reply) => {
    const { id } = request.params as { id?: unknown };
    if (!isPlausibleId(id)) throw new ApiError(404, 'NOT_FOUND', 'Mission not found');
    const input = body(request);
    const actor = staffOf(request);
    const by = staffName(request);
    return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
      const now = ctx.clock.now();
      const result = await assignMission(trx, id, input, by, now);
      assertStaffMarket(actor, result.mission.countryCode);
      await recordStaffAction(
        trx,
        actor,
        { action: 'mission.assign', entity: 'mission', entityId: id, country: result.mission.countryCode, before: { assignedCount: result.mission.assignedCount - result.assigned.length }, after: { assignedCount: result.mission.assignedCount, assigned: result.assigned } },
        now,
      );
      return { status: 200, body: result };
    });
  });
}
