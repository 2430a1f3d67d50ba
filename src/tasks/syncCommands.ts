/**
 * The sync-worker commands the task screens send. A screen must keep rendering from the mirror
 * even when the worker is missing or crashed, so every call here turns a throw into a result.
 */
import type { CommandResult, SyncApi } from '../sync/contract';
import { getSyncApi } from '../sync/client';

type WatchArgs = Parameters<SyncApi['watch']>[0];

export async function watchCollections(collections: WatchArgs): Promise<void> {
  try {
    await getSyncApi().watch(collections);
  } catch {
    // Without a worker nothing refreshes, and the freshness line already says how old the data is.
  }
}

export async function sendPosition(position: { latitude: number; longitude: number } | null): Promise<void> {
  try {
    await getSyncApi().setPosition(position);
  } catch {
    // The position only improves server-side distances; local sorting does not need it.
  }
}

export async function refreshTaskFromServer(taskId: string): Promise<CommandResult> {
  try {
    return await getSyncApi().refreshTask(taskId);
  } catch (error) {
    return { ok: false, error: { status: 0, code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) } };
  }
}
