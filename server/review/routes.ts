/** Task review for staff: the review queue and everything a tasker sent for one task. */
import { localeOf } from '../http/messages';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { assertStaffMarket, staffOf } from '../http/access';
import { badRequest } from '../http/errors';
import { asQuery, isPlausibleId, parseBoolParam, parseIntParam, single } from '../http/input';
import type { Files } from '../storage/uploads';
import { PHOTO_NAMESPACE } from '../execution/photo-uploads';
import { serve } from '../http/contract';
import * as review from '#contracts/api/staffReview';
import { COUNTRY_CODES } from '#domain/types';
import { decodeCursor, reviewQueue, taskNotFound, taskReview } from './queries';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

/** An id filter: absent, or a plausible id (anything else is INVALID). */
function idFilter(value: string | string[] | undefined, field: string, errors: Record<string, string>): string | undefined {
  const s = single(value);
  if (s.error) errors[field] = s.error;
  else if (s.value !== undefined && s.value !== '' && !isPlausibleId(s.value)) errors[field] = 'INVALID';
  return s.value || undefined;
}

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext, files: Files): void {
  serve(app, review.reviewQueue)(async (request) => {
    const actor = staffOf(request);
    const query = asQuery(request.query);
    const errors: Record<string, string> = {};
    const country = single(query.country);
    const countryCode = country.value?.trim().toUpperCase() || undefined;
    if (country.error || (countryCode && !(COUNTRY_CODES as readonly string[]).includes(countryCode))) errors.country = 'INVALID';
    const retailerId = idFilter(query.retailerId, 'retailerId', errors);
    const placeId = idFilter(query.placeId, 'placeId', errors);
    const taskTypeId = idFilter(query.taskTypeId, 'taskTypeId', errors);
    const late = parseBoolParam(query.late);
    if (late.error) errors.late = late.error;
    const limit = parseIntParam(query.limit, 1, MAX_LIMIT);
    if (limit.error) errors.limit = limit.error;
    const cursorText = single(query.cursor);
    const after = cursorText.value ? decodeCursor(cursorText.value) : null;
    if (cursorText.error || (cursorText.value && !after)) errors.cursor = 'INVALID';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    if (countryCode) assertStaffMarket(actor, countryCode);
    return reviewQueue(ctx.db, {
      countries: countryCode ? [countryCode] : actor.markets,
      retailerId,
      placeId,
      taskTypeId,
      late: late.value,
      limit: limit.value ?? DEFAULT_LIMIT,
      ...(after ? { after } : {}),
    }, localeOf(request.headers['accept-language']));
  });

  serve(app, review.taskReview)(async (request) => {
    const actor = staffOf(request);
    const { id } = request.params as { id?: unknown };
    if (!isPlausibleId(id)) throw taskNotFound();
    const task = await ctx.db.selectFrom('tasks').select('country_code').where('id', '=', id).executeTakeFirst();
    if (!task) throw taskNotFound();
    assertStaffMarket(actor, task.country_code);
    return taskReview(ctx.db, id, (photoId) => files.readUrl(PHOTO_NAMESPACE, photoId), localeOf(request.headers['accept-language']));
  });
}
