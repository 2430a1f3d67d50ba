/**
 * The one command wrapper of the sync worker: whatever a command throws (a full disk, a Dexie
 * error, a bug) comes back across Comlink as a `CommandError`, never thrown and never swallowed.
 */
import type { CommandResult } from '#contracts/sync';
import type { ApiResult } from './http';
import { isQuotaError } from './queue';

export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED';

export type Warn = (message: string, detail?: unknown) => void;

/** Runs `job`; a storage error is QUOTA_EXCEEDED, anything else thrown is UNKNOWN (and logged). */
export async function runCommand(warn: Warn, what: string, job: () => Promise<CommandResult>): Promise<CommandResult> {
  try {
    return await job();
  } catch (err) {
    warn(`${what} failed`, err);
    if (isQuotaError(err)) {
      return { ok: false, error: { status: 0, code: QUOTA_EXCEEDED, message: 'The device storage is full' } };
    }
    const name = (err as { name?: unknown } | null)?.name;
    return { ok: false, error: { status: 0, code: 'UNKNOWN', message: typeof name === 'string' ? `${name}: ${String(err)}` : String(err) } };
  }
}

/** An API answer as a command's result: the 2xx value dropped, a refusal's error kept with its status. */
export function toCommand(result: ApiResult): CommandResult {
  if (result.ok) return { ok: true, value: undefined };
  return { ok: false, error: { status: result.status, ...result.error } };
}
