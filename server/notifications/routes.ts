/**
 * Notification and push routes (tasker scope; spec section 7):
 * - GET notifications → `{ data: AppNotification[] }`, worded in the Accept-Language;
 * - POST notifications/:id/mark-as-seen → 204 (idempotent; another tasker's or unknown → 404);
 * - GET push-notification/vapid-public-key → `{ publicKey }`;
 * - GET / POST push-notification/settings → `{ topicTaskOffer, topicBonus }`;
 * - GET push-notification/subscriptions → `{ data: [{ endpoint, expirationTime, keys }] }`;
 * - POST push-notification/subscription `{ endpoint, expirationTime, keys: { p256dh, auth } }` → the
 *   subscription (its pushes worded in the Accept-Language of this call).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { taskerIdOf } from '../http/access';
import { runIdempotent } from '../http/idempotency';
import { localeOf } from '../http/messages';
import type { AppNotification, PushSettings } from '#domain/notifications';
import { listNotifications, markSeen } from './service';
import { pushDestinationsOf } from './destinations';
import { resolveVapidKeys, type VapidKeys } from './push';
import { getPushSettings, listSubscriptions, readSubscription, saveSubscription, setPushSettings, type ApiPushSubscription } from './pushSubscriptions';
import * as notifications from '#contracts/api/notifications';
import type { Assert, Equal, Static } from '#contracts/api/common';
import { serve } from '../http/contract';

// The subscription's schema is exactly what the push service answers (a compile error here means they differ).
export type NotificationSchemaChecks = [Assert<Equal<Static<typeof notifications.PushSubscriptionSchema>, ApiPushSubscription>>];

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => (keys ??= resolveVapidKeys(ctx.db, ctx.config.vapid ?? null).catch((err: unknown) => {
    keys = null;
    throw err;
  }));

  serve(app, notifications.listNotifications)(async (request): Promise<{ data: AppNotification[] }> => ({
    data: await listNotifications(ctx.db, taskerIdOf(request), localeOf(request.headers['accept-language'])),
  }));

  serve(app, notifications.markSeen)(async (request, reply) => {
    const userId = taskerIdOf(request);
    return runIdempotent(ctx, request, reply, userId, async (trx) => {
      await markSeen(trx, userId, request.params.id, ctx.clock.now());
      return { status: 204, body: null };
    });
  });

  serve(app, notifications.vapidPublicKey)(async (): Promise<{ publicKey: string }> => ({ publicKey: (await vapid()).publicKey }));

  serve(app, notifications.getPushSettings)(async (request): Promise<PushSettings> => getPushSettings(ctx.db, taskerIdOf(request)));

  serve(app, notifications.setPushSettings)(async (request, reply) => {
    const userId = taskerIdOf(request);
    return runIdempotent(ctx, request, reply, userId, async (trx) => ({ status: 200, body: await setPushSettings(trx, userId, request.body, ctx.clock.now()) }));
  });

  serve(app, notifications.listSubscriptions)(async (request): Promise<{ data: ApiPushSubscription[] }> => ({ data: await listSubscriptions(ctx.db, taskerIdOf(request)) }));

  serve(app, notifications.saveSubscription)(async (request, reply) => {
    const userId = taskerIdOf(request);
    const sub = readSubscription(request.body, pushDestinationsOf(ctx.config));
    const locale = localeOf(request.headers['accept-language']);
    return runIdempotent(ctx, request, reply, userId, async (trx) => ({ status: 200, body: await saveSubscription(trx, userId, sub, locale, ctx.clock.now()) }));
  });
}
