/**
 * Notification and web push commands of the sync worker (issue 14). `markNotificationSeen` takes
 * the notification out of the mirror and queues its mark-as-seen (offline too; delivered once).
 * `pushNotificationCall` makes the push calls the page needs while online (the VAPID key, the
 * settings, the subscriptions, saving a subscription or the settings) with the session's token.
 */
import { NOTIFICATION_SEEN_KIND } from '#db/outboxKinds';
import type { CommandResult, PushNotificationCall } from '#contracts/sync';
import type { ShelfworkDb } from '#db/schema';
import { enqueueMutationIf, NO_RECORD } from '../queue';
import { NOT_LOGGED_IN, type Session } from '../session';
import { forgetNotification, notificationSeenPath } from '../notificationKinds';
import { unsentSeenIds } from '../pulls/notifications';
import { runCommand, toCommand, type Warn } from './command';
import type { Drainer } from './drainer';

export interface NotificationDeps {
  db: ShelfworkDb;
  session: Session;
  now: () => Date;
  drainer: Drainer;
  warn: Warn;
}

export function notificationHandlers(deps: NotificationDeps) {
  const { db, session, now, drainer, warn } = deps;
  return {
    markNotificationSeen(id: string): Promise<CommandResult> {
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
    },

    pushNotificationCall(call: PushNotificationCall): Promise<CommandResult<unknown>> {
      // runCommand's answer carries no value; the body is passed through its closure.
      let body: unknown = null;
      return runCommand(warn, 'pushNotificationCall', async (): Promise<CommandResult> => {
        if (!(await session.tokens())) return toCommand(NOT_LOGGED_IN);
        const result =
          call.op === 'vapid-public-key'
            ? await session.request<unknown>('GET', 'push-notification/vapid-public-key')
            : call.op === 'settings'
              ? await session.request<unknown>('GET', 'push-notification/settings')
              : call.op === 'subscriptions'
                ? await session.request<unknown>('GET', 'push-notification/subscriptions')
                : call.op === 'save-settings'
                  ? await session.request<unknown>('POST', 'push-notification/settings', { body: call.settings })
                  : await session.request<unknown>('POST', 'push-notification/subscription', { body: call.subscription });
        if (!result.ok) return toCommand(result);
        body = result.body;
        return { ok: true, value: undefined };
      }).then((r): CommandResult<unknown> => (r.ok ? { ok: true, value: body } : r));
    },
  };
}

export type NotificationHandlers = ReturnType<typeof notificationHandlers>;
