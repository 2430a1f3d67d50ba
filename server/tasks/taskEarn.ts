/**
 * GET /api/task/places/task-earn?placeIds=a,b (spec section 7; the opportunities map):
 * per asked place, the summed reward and count of the viewer's visible available tasks whose
 * window is open within the coming week. Same access as GET task/places: a tasker who cannot see
 * tasks gets 403, other markets' places answer nothing (the visibility filter of every list).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../context';
import { badRequest, forbidden } from '../http/errors';
import { asQuery, isPlausibleId, single } from '../http/input';
import { OPPORTUNITY_WEEK_MS, TASK_EARN_MAX_PLACES, type PlaceTaskEarn } from '#domain/map';
import type { CurrencyCode } from '#domain/types';
import { filterSql } from './queries';
import { requireViewer } from './viewer';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';

export function registerTaskEarnRoute(app: FastifyInstance, ctx: AppContext): void {
  serve(app, tasks.placesTaskEarn)(async (request): Promise<{ data: PlaceTaskEarn[] }> => {
    const { viewer } = await requireViewer(ctx, request);
    const query = asQuery(request.query);
    const raw = single(query.placeIds);
    let ids: string[] = [];
    if (raw.error) throw badRequest({ placeIds: raw.error });
    if (raw.value === undefined || raw.value.trim() === '') throw badRequest({ placeIds: 'REQUIRED' });
    ids = [...new Set(raw.value.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
    if (ids.length === 0) throw badRequest({ placeIds: 'REQUIRED' });
    if (ids.length > TASK_EARN_MAX_PLACES) throw badRequest({ placeIds: 'TOO_LONG' });
    if (ids.some((id) => !isPlausibleId(id))) throw badRequest({ placeIds: 'INVALID' });
    if (!viewer.canSeeTasks) throw forbidden('CANNOT_SEE_TASKS', 'Tasks are not available for this account');

    const now = ctx.clock.now();
    const weekEnd = new Date(now.getTime() + OPPORTUNITY_WEEK_MS);
    const where = [
      ...filterSql(viewer, { statuses: ['available'] }, now),
      sql<SqlBool>`t.place_id in (${sql.join(ids)})`,
      sql<SqlBool>`t.time_window_start < ${weekEnd}::timestamptz`,
      sql<SqlBool>`t.time_window_end > ${now}::timestamptz`,
    ];
    const rows = await ctx.db
      .selectFrom('tasks as t')
      .innerJoin('places as p', 'p.id', 't.place_id')
      .innerJoin('countries as c', 'c.code', 'p.country_code')
      .select([
        't.place_id',
        sql<number>`count(*)::int`.as('task_count'),
        sql<string | null>`sum(t.reward)::text`.as('task_earn'),
        'c.currency_code',
        'c.currency_symbol',
      ])
      .where((eb) => eb.and(where as Expression<SqlBool>[]))
      .groupBy(['t.place_id', 'c.code'])
      .orderBy('t.place_id')
      .execute();
    return {
      data: rows.map((r) => ({
        placeId: r.place_id,
        taskCount: Number(r.task_count),
        taskEarn: r.task_earn === null ? null : { amount: r.task_earn, currencyCode: r.currency_code as CurrencyCode, currencySymbol: r.currency_symbol },
      })),
    };
  });
}
