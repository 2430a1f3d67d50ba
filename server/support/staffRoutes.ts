/**
 * The support inbox for staff (role 'support'): taskers' support requests of the member's markets,
 * a request with its tasker and replies, a reply mailed to the tasker, marking it handled and
 * reopening it. Registered in the staff access scope (server/app.ts). Every write runs under the
 * Idempotency-Key (the member's scope) and records an audit row with its before and after in its
 * transaction. A reply is stored in the transaction and mailed after the commit, before the
 * answer, so the answer says whether it went out; a failed mail is kept unsent and goes out with
 * the request's next reply or a retry of the same call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { assertStaffMarket, staffOf } from '../http/access';
import { asQuery } from '../http/input';
import { callOf, idempotentAnswer, runIdempotent } from '../http/idempotency';
import { serve } from '../http/contract';
import { STAFF_NAME_HEADER, actingName, recordStaffAction, staffScope } from '../http/staffActions';
import * as support from '#contracts/api/staffSupport';
import {
  listSupportRequests,
  lockSupportSnapshot,
  mailSupportReplies,
  readReplyBody,
  readSupportInboxFilter,
  setSupportHandled,
  storeSupportReply,
  supportRequestDetail,
  supportRequestId,
  supportRequestMarket,
} from './staff-service';

/** Who a reply or a handled mark names: the member, or the person the automation key's script names. */
const actorName = (request: FastifyRequest) => actingName(staffOf(request), request.headers[STAFF_NAME_HEADER]);

export function registerSupportStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, support.listSupportRequests)(async (request) => {
    const actor = staffOf(request);
    const filter = readSupportInboxFilter(asQuery(request.query), actor.markets);
    if (filter.country !== undefined) assertStaffMarket(actor, filter.country);
    return listSupportRequests(ctx.db, filter);
  });

  serve(app, support.supportRequest)(async (request) => {
    const id = supportRequestId(request.params);
    assertStaffMarket(staffOf(request), await supportRequestMarket(ctx.db, id));
    return supportRequestDetail(ctx.db, id);
  });

  serve(app, support.replySupportRequest)(async (request, reply) => {
    const id = supportRequestId(request.params);
    const actor = staffOf(request);
    // The path's 404 and the market's 403 before the body's 400.
    assertStaffMarket(actor, await supportRequestMarket(ctx.db, id));
    const text = readReplyBody(request.body);
    const name = actorName(request);
    const answer = await idempotentAnswer(ctx, callOf(request), staffScope(request), async (trx) => {
      const snapshot = await lockSupportSnapshot(trx, id);
      assertStaffMarket(actor, snapshot.market);
      const now = ctx.clock.now();
      const replyId = await storeSupportReply(trx, id, { id: actor.id, name }, text, now);
      await recordStaffAction(trx, actor, { action: 'support.reply', entity: 'support_request', entityId: id, country: snapshot.market, after: { replyId, actor: name, body: text } }, now);
      return { status: 200, body: { replyId } };
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    if (answer.status !== 200) return reply.status(answer.status).send(answer.body);
    await mailSupportReplies({ db: ctx.db, mailer: ctx.mailer, now: () => ctx.clock.now(), log: (line, err) => request.log.warn({ err }, line) }, id);
    return reply.status(200).send(await supportRequestDetail(ctx.db, id));
  });

  for (const [route, handled] of [[support.markSupportHandled, true], [support.reopenSupportRequest, false]] as const) {
    serve(app, route)(async (request, reply) => {
      const id = supportRequestId(request.params);
      const actor = staffOf(request);
      assertStaffMarket(actor, await supportRequestMarket(ctx.db, id));
      const name = actorName(request);
      return runIdempotent(ctx, request, reply, staffScope(request), async (trx) => {
        const before = await lockSupportSnapshot(trx, id);
        assertStaffMarket(actor, before.market);
        const now = ctx.clock.now();
        if (await setSupportHandled(trx, id, handled, name, now)) {
          const after = await lockSupportSnapshot(trx, id);
          await recordStaffAction(trx, actor, { action: handled ? 'support.handled' : 'support.reopen', entity: 'support_request', entityId: id, country: before.market, before, after }, now);
        }
        return { status: 200, body: await supportRequestDetail(trx, id) };
      });
    });
  }
}
