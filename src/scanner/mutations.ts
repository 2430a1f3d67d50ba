/**
 * The SKU screen's commands, through the one command layer (src/sync/commands.ts): saving the
 * scanned items sends the tasker's changes as intent (added, changed, removed); the worker applies
 * them to the mirror's current list and queues them, so it works offline. A failure is a result.
 */
import type { ScanChange } from '#contracts/sync';
import { runCommand, type CommandResult } from '../sync/commands';

export { pullTaskPack, usePullTaskPack } from '../execution';

export function saveScannedItems(taskId: string, changes: ScanChange[]): Promise<CommandResult> {
  return runCommand((api) => api.changeScannedItems(taskId, changes));
}

export const useSaveSkus = () => saveScannedItems;
