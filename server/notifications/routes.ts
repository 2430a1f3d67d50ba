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
import { getPushSettings, listSubscriptions, readSubscription, resolveVapidKeys, saveSubscription, setPushSettings, type ApiPushSubscription, type VapidKeys } from './push';

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => (keys ??= resolveVapidKeys(ctx.db, ctx.config.vapid ?? null).catch((err: unknown) => {
    keys = null;
    throw err;
  }));

  app.get('/api/notifications', async (request): Promise<{ data: AppNotification[] }> => ({
    data: await listNotifications(ctx.db, taskerIdOf(request), localeOf(request.headers['accept-language'])),
  }));

  app.post<{ Params: { id: string } }>('/api/notifications/:id/mark-as-seen', async (request, reply) => {
    const userId = taskerIdOf(request);
    return runIdempotent(ctx, request, reply, userId, async (trx) => {
      await markSeen(trx, userId, request.params.id, ctx.clock.now());
      return { status: 204, body: null };
    });
  });

  app.get('/api/push-notification/vapid-public-key', async (): Promise<{ publicKey: string }> => ({ publicKey: (await vapid()).publicKey }));

  app.get('/api/push-notification/settings', async (request): Promise<PushSettings> => getPushSettings(ctx.db, taskerIdOf(request)));

  app.post('/api/push-notification/settings', async (request, reply) => {
    const userId = taskerIdOf(request);
    return runIdempotent(ctx, request, reply, userId, async (trx) => ({ status: 200, body: await setPushSettings(trx, userId, request.body, ctx.clock.now()) }));
  });

  app.get('/api/push-notification/subscriptions', async (request): Promise<{ data: ApiPushSubscription[] }> => ({ data: await listSubscriptions(ctx.db, taskerIdOf(request)) }));

  app.post('/api/push-notification/subscription', async (request, reply) => {
    const userId = taskerIdOf(request);
    const sub = readSubscription(request.body, pushDestinationsOf(ctx.config));
    const locale = localeOf(request.headers['accept-language']);
    return runIdempotent(ctx, request, reply, userId, async (trx) => ({ status: 200, body: await saveSubscription(trx, userId, sub, locale, ctx.clock.now()) }));
  });
}
