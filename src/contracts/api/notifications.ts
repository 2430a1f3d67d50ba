/**
 * Notifications and web push: the unseen notifications (worded in the Accept-Language), marking
 * one seen, the VAPID key, the push topics and the browser's push subscriptions. The push bodies
 * are read as they always were: any JSON passes the schema (a non-object is read as an empty
 * one), and the fields are checked by the push service (server/notifications), so they are
 * documented here without a type check.
 */
import { Type } from '@sinclair/typebox';
import { AUTHED_ERRORS, IdempotentHeaders, NoBody, Nullable, PathId, defineRoute } from './common';
import { AppNotificationSchema, PushSettingsSchema } from './models';

const tags = ['notifications'];

/**
 * A body any JSON value passes (the second branch), documented by its fields (the first branch;
 * each field left to the service's check).
 */
const LooseBody = <T>(description: string, properties: Record<string, { description: string }>) =>
  Type.Unsafe<T>({ description, anyOf: [{ type: 'object', properties }, { description: 'Any other JSON value: read as an empty object' }] });

export const PushSubscriptionSchema = Type.Object({
  endpoint: Type.String(),
  expirationTime: Nullable(Type.Number({ description: 'Milliseconds since 1970' })),
  keys: Type.Object({ p256dh: Type.String(), auth: Type.String() }),
}, { title: 'PushSubscription' });

export const listNotifications = defineRoute({
  method: 'GET',
  url: '/api/notifications',
  operationId: 'listNotifications',
  tags,
  summary: 'Unseen notifications, newest first, worded in the Accept-Language',
  schema: { response: { 200: Type.Object({ data: Type.Array(AppNotificationSchema) }), ...AUTHED_ERRORS } },
});

export const markSeen = defineRoute({
  method: 'POST',
  url: '/api/notifications/:id/mark-as-seen',
  operationId: 'markNotificationSeen',
  tags,
  summary: "Mark a notification seen (again: still 204; another tasker's or unknown: 404)",
  schema: { params: Type.Object({ id: PathId('Notification id') }), headers: IdempotentHeaders, response: { 204: NoBody, ...AUTHED_ERRORS } },
});

export const vapidPublicKey = defineRoute({
  method: 'GET',
  url: '/api/push-notification/vapid-public-key',
  operationId: 'vapidPublicKey',
  tags,
  summary: "The server's VAPID public key (applicationServerKey of a push subscription)",
  schema: { response: { 200: Type.Object({ publicKey: Type.String() }), ...AUTHED_ERRORS } },
});

export const getPushSettings = defineRoute({
  method: 'GET',
  url: '/api/push-notification/settings',
  operationId: 'getPushSettings',
  tags,
  summary: 'Which push topics the tasker receives',
  schema: { response: { 200: PushSettingsSchema, ...AUTHED_ERRORS } },
});

export const setPushSettings = defineRoute({
  method: 'POST',
  url: '/api/push-notification/settings',
  operationId: 'setPushSettings',
  tags,
  summary: 'Switch push topics on or off (only the topics sent); answers the settings',
  schema: {
    headers: IdempotentHeaders,
    body: LooseBody<{ topicTaskOffer?: boolean; topicBonus?: boolean }>('The topics to change', {
      topicTaskOffer: { description: 'Task offers nearby: true or false (INVALID)' },
      topicBonus: { description: 'Bonuses, missions and payouts: true or false (INVALID)' },
    }),
    response: { 200: PushSettingsSchema, ...AUTHED_ERRORS },
  },
});

export const listSubscriptions = defineRoute({
  method: 'GET',
  url: '/api/push-notification/subscriptions',
  operationId: 'listPushSubscriptions',
  tags,
  summary: "The tasker's push subscriptions",
  schema: { response: { 200: Type.Object({ data: Type.Array(PushSubscriptionSchema) }), ...AUTHED_ERRORS } },
});

export const saveSubscription = defineRoute({
  method: 'POST',
  url: '/api/push-notification/subscription',
  operationId: 'savePushSubscription',
  tags,
  summary: "Save the browser's push subscription (its pushes worded in this request's Accept-Language)",
  schema: {
    headers: IdempotentHeaders,
    body: LooseBody<{ endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } }>('PushSubscription.toJSON()', {
      endpoint: { description: 'Required: the push service URL (an allowed https push service; TOO_LONG, INVALID)' },
      expirationTime: { description: 'Milliseconds since 1970, or null (INVALID)' },
      keys: { description: 'Required: { p256dh, auth }, base64url (REQUIRED, INVALID by key)' },
    }),
    response: { 200: PushSubscriptionSchema, ...AUTHED_ERRORS },
  },
});
