/**
 * How the staff CLI's commands (server/staff/commands.ts, server/money/cli.ts) print a refusal:
 * `Refused (<code>): <message>` and the field errors as JSON. True when `error` was one (the
 * caller exits 1).
 */
import { ApiError } from '../http/errors';

export function printRefusal(error: unknown, err: (text: string) => void): boolean {
  if (!(error instanceof ApiError)) return false;
  err(`Refused (${error.code}): ${error.message}${error.fields ? ` ${JSON.stringify(error.fields)}` : ''}`);
  return true;
}
