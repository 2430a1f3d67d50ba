/**
 * Notification and web push commands of the sync worker. `markNotificationSeen` takes
 * the notification out of the mirror and queues its mark-as-seen (offline too; delivered once).
 * `pushNotificationCall` makes the push calls the page needs while online (the VAPID key, the
 * settings, the subscriptions, saving a subscription or the settings) with the session's token.
 */
import { getPushSettings, listSubscriptions, saveSubscription, setPushSettings, vapidPublicKey } from '#contracts/api/notifications';
import { NOTIFICATION_SEEN_KIND } from '#db/outboxKinds';
import type { CommandResult, PushNotificationCall } from '#contracts/sync';
import { runCommand, toCommand } from '../../command';
import { command, defineFeature, queued, type FeatureContext } from '../../feature';
import { notificationsDue, pullNotifications, unsentSeenIds } from './pulls';
import { enqueueMutationIf, NO_RECORD } from '../../queue';
import { NOT_LOGGED_IN } from '../../session';
import { forgetNotification, notificationSeenKind, notificationSeenPath } from './kinds';

function notificationCommands(ctx: FeatureContext) {
  const { db, session, now, drainer, warn } = ctx;
  return {
    /** Out of the mirror at once, `POST notifications/{id}/mark-as-seen` queued (offline too, arrives once). */
    markNotificationSeen: queued((id: string): Promise<CommandResult> => {
      return runCommand(warn, 'markNotificationSeen', async () => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        if (typeof id !== 'string' || id === '') return { ok: false, error: { status: 400, code: 'VALIDATION_FAILED', message: 'No notification', fields: { id: 'REQUIRED' } } };
        await enqueueMutationIf(
          db,
          { taskId: null, kind: NOTIFICATION_SEEN_KIND, method: 'POST', path: notificationSeenPath(id), payload: { id } },
          {
            now: now(),
            tables: [db.kv],
            optimistic: async () => {
              await forgetNotification(db, id);
              // Opened twice before it left the phone: one record is enough.
              if ((await unsentSeenIds(db)).has(id)) return NO_RECORD;
            },
          },
        );
        drainer.spawn(drainer.drain({ ignoreBackoff: true }));
        return { ok: true, value: undefined };
      });
    }),

    /** Web push calls (online only), answered with the server's body: see PushNotificationCall. */
    pushNotificationCall: command((call: PushNotificationCall): Promise<CommandResult<unknown>> => {
      // runCommand's answer carries no value; the body is passed through its closure.
      let body: unknown = null;
      return runCommand(warn, 'pushNotificationCall', async (): Promise<CommandResult> => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const result =
          call.op === 'vapid-public-key'
            ? await session.call(vapidPublicKey)
            : call.op === 'settings'
              ? await session.call(getPushSettings)
              : call.op === 'subscriptions'
                ? await session.call(listSubscriptions)
                : call.op === 'save-settings'
                  ? await session.call(setPushSettings, { body: call.settings })
                  : await session.call(saveSubscription, { body: call.subscription });
        if (!result.ok) return toCommand(result);
        body = result.body;
        return { ok: true, value: undefined };
      }).then((r): CommandResult<unknown> => (r.ok ? { ok: true, value: body } : r));
    }),
  };
}

/** Notifications: the list pulled every 60 s for every logged-in tasker, marked seen through the outbox. */
export const notifications = defineFeature({
  name: 'notifications',
  kinds: { [NOTIFICATION_SEEN_KIND]: notificationSeenKind },
  setup: (ctx) => ({
    commands: notificationCommands(ctx),
    pulls: [
      {
        stage: 'account',
        run: async (sync) => {
          if (await notificationsDue(ctx.db, sync.now, sync.eager, sync.force)) sync.start('notifications pull', () => pullNotifications(ctx.pullCtx));
        },
      },
    ],
  }),
});
