/**
 * The sync-worker commands the task screens send. A screen must keep rendering from the mirror
 * even when the worker is missing or crashed, so every call here turns a throw into a result.
 */
import type { Coordinates, TaskStatus } from '../domain/types';
import type { CommandResult, SyncApi } from '../contracts/sync';
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

function thrown(error: unknown): CommandResult {
  return { ok: false, error: { status: 0, code: 'UNKNOWN', message: error instanceof Error ? error.message : String(error) } };
}

/** Online only (a race between taskers): offline answers 'NETWORK', nothing is queued. */
export async function reserveTaskCommand(taskId: string): Promise<CommandResult> {
  try {
    return await getSyncApi().reserveTask(taskId);
  } catch (error) {
    return thrown(error);
  }
}

export async function cancelTaskCommand(taskId: string, justification: string | null): Promise<CommandResult> {
  try {
    return await getSyncApi().cancelTask(taskId, justification);
  } catch (error) {
    return thrown(error);
  }
}

/** Queued through the outbox: works offline, the mirror shows the task in progress at once. */
export async function startTaskCommand(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult> {
  try {
    return await getSyncApi().startTask(taskId, position, startedAt);
  } catch (error) {
    return thrown(error);
  }
}

export async function pullSuggestionsCommand(taskId: string, more = false): Promise<CommandResult> {
  try {
    return await getSyncApi().pullSuggestions(taskId, more);
  } catch (error) {
    return thrown(error);
  }
}

export async function pullMoreTasksCommand(status: TaskStatus): Promise<CommandResult> {
  try {
    return await getSyncApi().pullMoreTasks(status);
  } catch (error) {
    return thrown(error);
  }
}
