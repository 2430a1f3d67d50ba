/**
 * Support (spec sections 3, 5, 7): GET country/support-contact (the market's support phone and
 * email; `?country=XX` for another market, e.g. before the tasker has one) and POST
 * support/submit-support-request {body} (Idempotency-Key: the sync worker's queued message
 * arrives once). The message is stored, then mailed (service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../auth/guard';
import { badRequest, notFound } from '../http/errors';
import { asBody, asQuery, single } from '../http/input';
import { isAnsweredKey, runIdempotent } from '../http/idempotency';
import { runAfterResponse } from '../http/afterResponse';
import { localeOf } from '../http/messages';
import { validateCountry } from '#domain/validation';
import { validateSupportMessage, type SupportContact, type SupportRequestAnswer } from '#domain/support';
import type { CountryCode } from '#domain/types';
import { hitSupportLimit, mailPendingSupportRequests, mailSupportRequest, storeSupportRequest, supportContactOf, type SupportMailDeps } from './service';
import * as support from '#contracts/api/support';
import { serve } from '../http/contract';

export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const mailDeps = (log: (line: string, error?: unknown) => void): SupportMailDeps => ({
    db: ctx.db,
    mailer: ctx.mailer,
    now: () => ctx.clock.now(),
    fallbackTo: ctx.config.mailFrom,
    log,
  });

  serve(app, support.supportContact)(async (request): Promise<SupportContact> => {
    const user = await requireUser(ctx, request);
    const asked = single(asQuery(request.query).country);
    if (asked.error) throw badRequest({ country: asked.error });
    let country = user.country_code?.toUpperCase() ?? null;
    if (asked.value !== undefined && asked.value !== '') {
      const error = validateCountry(asked.value);
      if (error) throw badRequest({ country: error });
      country = asked.value.toUpperCase();
    }
    const contact = country ? await supportContactOf(ctx.db, country as CountryCode) : null;
    if (!contact) throw notFound('NOT_FOUND', 'No support contact for this market');
    return contact;
  });

  serve(app, support.submitSupportRequest)(async (request, reply) => {
    const user = await requireUser(ctx, request);
    const body = asBody(request.body);
    if (!body) throw badRequest({ body: 'INVALID' }, 'Send a JSON object');
    const error = validateSupportMessage(body.body);
    if (error) throw badRequest({ body: error });
    const text = body.body as string;
    // Counted before the transaction (its own statements: exact across processes); a replay of a
    // stored message is not counted or refused, and a 429 is never stored as the key's answer.
    if (!(await isAnsweredKey(ctx.db, request, user.id))) await hitSupportLimit(ctx.db, user.id, ctx.clock.now());
    const stored: { id: string | null } = { id: null };
    const sent = await runIdempotent(ctx, request, reply, user.id, async (trx) => {
      const answer: SupportRequestAnswer = await storeSupportRequest(trx, user, text, localeOf(request.headers['accept-language']), ctx.clock.now());
      stored.id = answer.id;
      return { status: 200, body: answer };
    });
    // After the commit (a replay stored nothing): mail this message, then any older unsent ones.
    // The answer is already sent (runIdempotent replied): the mail goes out after it.
    const log = (line: string, err?: unknown) => request.log.warn({ err }, line);
    const deps = mailDeps(log);
    runAfterResponse(
      ctx,
      async () => {
        if (stored.id) await mailSupportRequest(deps, stored.id);
        await mailPendingSupportRequests(deps);
      },
      log,
    );
    return sent;
  });
}
