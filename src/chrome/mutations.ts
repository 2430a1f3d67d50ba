/**
 * The app shell's commands to the sync worker, through the one command layer
 * (src/sync/commands.ts): nothing here throws.
 */
import { sendSignal } from '../sync/commands';

/** Pull everything now (the pending-user screen's 'Try again'); the mirror shows what arrives. */
export function syncEverything(): Promise<void> {
  return sendSignal('syncNow(manual)', (api) => api.syncNow('manual', true));
}

/** Sign out from anywhere: the worker clears tokens and the mirror, then the guest screens take over. Never leaves the tasker stuck. */
export function signOut(): Promise<void> {
  return sendSignal('logout', (api) => api.logout());
}

export const useSyncEverything = () => syncEverything;
export const useSignOut = () => signOut;
