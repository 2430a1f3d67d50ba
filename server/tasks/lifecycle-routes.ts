/**
 * Task life-cycle routes (spec section 7): POST task/{id}/reserve|cancel|start (all
 * through runIdempotent), GET task/{id}/suggestions, task/last-week-earn, task/retailer/{id},
 * task/task_type/{id}/photos.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { asBody, asQuery, isPlausibleId, parseIntParam, single } from '../http/input';
import { runIdempotent } from '../http/idempotency';
import { parseLatLng } from '#domain/geo';
import { validateCountry } from '#domain/validation';
import { SUGGESTIONS_PAGE_SIZE, type CurrencyCode, type Money, type Page, type Retailer, type Task } from '#domain/types';
import { findTask, listTasks, orderSpec, type KeysetPosition, type TaskRow } from './queries';
import { decodeCursor, encodeCursor, toApiTask } from './map';
import { cancelTask, readJustification, readStartInput, reserveTask, startTask, type LifecycleContext } from './lifecycle';
import { readPosition } from './routes';
import { requireViewer } from './viewer';
import { taskTypePhotosFor } from '../catalog/visibility';
import { readTimestamp } from '#domain/time';
import * as tasks from '#contracts/api/tasks';
import { serve } from '../http/contract';
import { REFUSAL_WORDS } from '#domain/errorWords';

export interface LastWeekEarn {
  amount: Money;
  tasksCount: number;
}

function taskIdParam(request: FastifyRequest): string {
  const { taskId } = request.params as { taskId?: unknown };
  if (!isPlausibleId(taskId)) throw notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
  return taskId;
}

/** A JSON object body, or {} when none was sent (reserve has no body; cancel's is optional). */
function optionalBody(request: FastifyRequest): Record<string, unknown> {
  if (request.body === undefined || request.body === null || request.body === '') return {};
  const body = asBody(request.body);
  if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
  return body;
}

export function registerLifecycleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const life: LifecycleContext = { clock: ctx.clock, reservationLimitMinutes: ctx.config.reservationLimitMinutes };

  serve(app, tasks.reserveTask)(async (request, reply) => {
    const { user } = await requireViewer(ctx, request);
    const taskId = taskIdParam(request);
    optionalBody(request);
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({ status: 200, body: await reserveTask(trx, life, user.id, taskId) }));
  });

  serve(app, tasks.cancelTask)(async (request, reply) => {
    const { user } = await requireViewer(ctx, request);
    const taskId = taskIdParam(request);
    const justification = readJustification(optionalBody(request));
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({ status: 200, body: await cancelTask(trx, life, user.id, taskId, justification) }));
  });

  serve(app, tasks.startTask)(async (request, reply) => {
    const { user } = await requireViewer(ctx, request);
    const taskId = taskIdParam(request);
    const header = request.headers.geolocation;
    const input = readStartInput(optionalBody(request), typeof header === 'string' ? parseLatLng(header) : null);
    return runIdempotent(ctx, request, reply, user.id, async (trx) => ({ status: 200, body: await startTask(trx, life, user.id, taskId, input) }));
  });

  serve(app, tasks.suggestions)(async (request): Promise<Page<Task>> => {
    const { user, viewer } = await requireViewer(ctx, request);
    const taskId = taskIdParam(request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const first = parseIntParam(query.first, 1, SUGGESTIONS_PAGE_SIZE);
    if (first.error) errors.first = first.error;
    const position = readPosition(request, query, errors);
    let after: KeysetPosition | null = null;
    const afterRaw = single(query.after);
    if (afterRaw.error) errors.after = afterRaw.error;
    else if (afterRaw.value) {
      const c = decodeCursor(afterRaw.value);
      if (!c || c.o !== 'suggestions' || typeof c.v !== 'string' || readTimestamp(c.v).value === null || typeof c.i !== 'string' || c.i.length > 64) {
        errors.after = 'CURSOR_INVALID';
      } else after = { value: c.v, id: c.i };
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const task = await findTask(ctx.db, taskId);
    const visible = task && (task.tasker_id === user.id || (task.status === 'available' && task.published && task.place_country_code === user.country_code));
    if (!task || !visible) throw notFound('TASK_NOT_FOUND', REFUSAL_WORDS.TASK_NOT_FOUND.message);
    if (!viewer.canSeeTasks) throw forbidden('CANNOT_SEE_TASKS', 'Tasks are not available for this account');
    const limit = first.value ?? SUGGESTIONS_PAGE_SIZE;
    const now = ctx.clock.now();
    const rows = await listTasks(
      ctx.db,
      viewer,
      { statuses: ['available'], placeId: task.place_id, excludeTaskId: task.id },
      orderSpec('time_window_start', null),
      after,
      limit + 1,
      now,
    );
    const page = rows.slice(0, limit);
    const cursorOf = (r: TaskRow) => encodeCursor({ o: 'suggestions', v: new Date(r.time_window_start).toISOString(), i: r.id });
    const firstRow = page[0];
    const lastRow = page[page.length - 1];
    return {
      data: page.map((r) => toApiTask(r, Array.isArray(r.tt_trainings) ? r.tt_trainings : [], viewer, now, position)),
      pageInfo: {
        startCursor: firstRow ? cursorOf(firstRow) : null,
        endCursor: lastRow ? cursorOf(lastRow) : null,
        hasNext: rows.length > limit,
        hasPrevious: after !== null,
      },
    };
  });

  // Public (no login): the landing and login screens show what taskers earned in a market.
  serve(app, tasks.lastWeekEarn, { config: { access: 'public' } })(async (request): Promise<LastWeekEarn> => {
    const country = single(asQuery(request.query).country);
    const code = country.error ? 'INVALID' : validateCountry(country.value);
    if (code) throw badRequest({ country: code });
    const countryCode = (country.value as string).toUpperCase();
    const now = ctx.clock.now();
    const since = new Date(now.getTime() - 7 * 24 * 3600_000);
    const row = await ctx.db
      .selectFrom('countries as c')
      .select([
        'c.currency_code',
        'c.currency_symbol',
        // Paid work as payouts count it (docs/decisions/0005-payouts.md): accepted tasks, and rejected ones paid their reduced reward.
        sql<string>`(select coalesce(sum(coalesce(t.reduced_reward, t.reward)), 0)::numeric(14,2)::text from tasks t
          where (t.status = 'accepted' or (t.status = 'rejected' and t.reduced_reward > 0)) and t.country_code = c.code
            and t.finalization_time > ${since}::timestamptz and t.finalization_time <= ${now}::timestamptz)`.as('amount'),
        sql<number>`(select count(*)::int from tasks t
          where (t.status = 'accepted' or (t.status = 'rejected' and t.reduced_reward > 0)) and t.country_code = c.code
            and t.finalization_time > ${since}::timestamptz and t.finalization_time <= ${now}::timestamptz)`.as('tasks_count'),
      ])
      .where('c.code', '=', countryCode)
      .executeTakeFirst();
    if (!row) throw badRequest({ country: 'COUNTRY_INVALID' });
    return {
      amount: { amount: row.amount, currencyCode: row.currency_code as CurrencyCode, currencySymbol: row.currency_symbol },
      tasksCount: Number(row.tasks_count),
    };
  });

  serve(app, tasks.retailer)(async (request): Promise<Retailer> => {
    await requireViewer(ctx, request);
    const { retailerId } = request.params as { retailerId?: unknown };
    const missing = () => notFound('RETAILER_NOT_FOUND', 'Retailer not found');
    if (!isPlausibleId(retailerId)) throw missing();
    const row = await ctx.db.selectFrom('retailers').select(['id', 'name', 'logo']).where('id', '=', retailerId).executeTakeFirst();
    if (!row) throw missing();
    return { id: row.id, name: row.name, logo: row.logo };
  });

  serve(app, tasks.taskTypePhotos)(async (request): Promise<{ data: { url: string }[] }> => {
    const { viewer } = await requireViewer(ctx, request);
    const { taskTypeId } = request.params as { taskTypeId?: unknown };
    const missing = () => notFound('TASK_TYPE_NOT_FOUND', 'Task type not found');
    if (!isPlausibleId(taskTypeId)) throw missing();
    const row = await ctx.db.selectFrom('task_types').select(['photos', 'default_photo', 'nda_protected']).where('id', '=', taskTypeId).executeTakeFirst();
    if (!row) throw missing();
    const photos = taskTypePhotosFor(viewer, row, Array.isArray(row.photos) ? row.photos.filter((p): p is string => typeof p === 'string') : []);
    const urls = row.default_photo && !photos.includes(row.default_photo) ? [row.default_photo, ...photos] : photos;
    return { data: urls.map((url) => ({ url })) };
  });
}


