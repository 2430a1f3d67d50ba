/**
 * Notification and push commands of the page, through the sync worker: marking a
 * notification seen (queued, offline too) and the push-notification calls (online only).
 */
import type { CommandResult, PushNotificationCall } from '#contracts/sync';
import { runCommand } from '../sync/commands';

/** Out of the list at once; the server hears of it once, when there is signal. */
export function markNotificationSeen(id: string): Promise<CommandResult> {
  return runCommand((api) => api.markNotificationSeen(id));
}

export function pushNotificationCall(call: PushNotificationCall): Promise<CommandResult<unknown>> {
  return runCommand((api) => api.pushNotificationCall(call));
}
