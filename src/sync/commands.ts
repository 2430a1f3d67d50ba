/**
 * The page's one command layer: every call to the sync worker goes through here and comes back as
 * a typed result, never a throw. The worker answers its own failures as data (`CommandError`, with
 * a code of src/domain/errors.ts: 'NETWORK' when the server gave no answer, a refusal's code…);
 * what it cannot answer — IndexedDB's full disk rethrown by the worker, a worker that is missing or
 * crashed — is turned into the same shape here ('QUOTA_EXCEEDED', 'UNKNOWN'), so a screen words
 * every failure with `errorMessage` and never breaks on a command.
 *
 * Screens do not import this (nor the client): they use their feature's mutation hooks
 * (`src/<feature>/mutations.ts`), which are built on `runCommand` and `sendSignal`.
 */
import type { Remote } from 'comlink';
import type { ErrorCode } from '#domain/errors';
import { getSyncApi } from './client';
import type { CommandError, CommandResult, SyncApi } from '#contracts/sync';

/** Why a command failed, as the page sees it: the worker's answer or the layer's own. */
export type CommandFailure = CommandError;
export type { CommandResult };

type Api = Remote<SyncApi>;

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
}

/** A throw from the worker call as a failure: a full disk says so; anything else is 'UNKNOWN'. */
export function thrownFailure(error: unknown): CommandFailure {
  const code: ErrorCode = errorName(error) === 'QuotaExceededError' ? 'QUOTA_EXCEEDED' : 'UNKNOWN';
  return { status: 0, code, message: error instanceof Error ? error.message : String(error) };
}

/** Runs one worker command; its answer as it is, a throw as `{ ok: false }`. */
export async function runCommand<T = void>(call: (api: Api) => Promise<CommandResult<T>>): Promise<CommandResult<T>> {
  try {
    return await call(getSyncApi());
  } catch (error) {
    return { ok: false, error: thrownFailure(error) };
  }
}

/**
 * A worker call nothing waits on (a sync trigger, the watched collections, the position, the
 * locale, sign-out): it never throws; a failure is logged with `what`, and the screens go on
 * rendering from the mirror, whose freshness line says how old the data is.
 */
export async function sendSignal(what: string, call: (api: Api) => Promise<unknown>): Promise<void> {
  try {
    await call(getSyncApi());
  } catch (error) {
    console.warn(`[sync] ${what} failed`, error);
  }
}
