/**
 * The task life cycle's commands (reserve, cancel, start) and the task screens' requests to the
 * sync worker (refresh one task, the next page of a list, the watched collections, the position),
 * all through the one command layer (src/sync/commands.ts): a failure is a result, never a throw.
 * Screens use the hooks; non-React helpers (position readers) call the functions.
 */
import type { Coordinates, TaskStatus } from '#domain/types';
import type { SyncApi } from '#contracts/sync';
import { runCommand, sendSignal, type CommandResult } from '../sync/commands';

type WatchArgs = Parameters<SyncApi['watch']>[0];

/** Which collections the visible screen needs, so the worker keeps them fresh. */
export function watchCollections(collections: WatchArgs): Promise<void> {
  return sendSignal('watch', (api) => api.watch(collections));
}

/** The position only improves server-side distances; local sorting does not need it. */
export function sendPosition(position: { latitude: number; longitude: number } | null): Promise<void> {
  return sendSignal('setPosition', (api) => api.setPosition(position));
}

export function refreshTask(taskId: string): Promise<CommandResult> {
  return runCommand((api) => api.refreshTask(taskId));
}

/** Online only (a race between taskers): with no answer it fails with 'NETWORK', nothing is queued. */
export function reserveTask(taskId: string): Promise<CommandResult> {
  return runCommand((api) => api.reserveTask(taskId));
}

/** Online only: the server judges the early/late deadline with its clock. */
export function cancelTask(taskId: string, justification: string | null): Promise<CommandResult> {
  return runCommand((api) => api.cancelTask(taskId, justification));
}

/** Queued through the outbox: works offline, the mirror shows the task in progress at once. */
export function startTask(taskId: string, position: Coordinates, startedAt: string): Promise<CommandResult> {
  return runCommand((api) => api.startTask(taskId, position, startedAt));
}

export function pullSuggestions(taskId: string, more = false): Promise<CommandResult> {
  return runCommand((api) => api.pullSuggestions(taskId, more));
}

export function pullMoreTasks(status: TaskStatus): Promise<CommandResult> {
  return runCommand((api) => api.pullMoreTasks(status));
}

// The hooks screens call from their handlers. Each returns the module-level function, so it is
// stable; an effect may call the function itself (no dependency to declare).
export const useReserveTask = () => reserveTask;
export const useCancelTask = () => cancelTask;
export const useStartTask = () => startTask;
export const useRefreshTask = () => refreshTask;
export const usePullSuggestions = () => pullSuggestions;
export const usePullMoreTasks = () => pullMoreTasks;
export const useWatchCollections = () => watchCollections;
