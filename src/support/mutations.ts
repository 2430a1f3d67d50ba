/**
 * Support commands through the one command layer: the message is queued in the sync worker (works
 * offline, arrives once); the contact is asked when a screen that shows it opens (online).
 */
import { runCommand, sendSignal, type CommandResult } from '../sync/commands';

export function submitSupportRequest(body: string): Promise<CommandResult> {
  return runCommand((api) => api.submitSupportRequest(body));
}

export function refreshSupportContact(): Promise<void> {
  return sendSignal('refreshSupportContact', (api) => api.refreshSupportContact());
}
