/**
 * The staff CLI's account commands (`npm run staff -- accounts …`), dispatched by
 * server/staff/commands.ts: the first admin is added here (bootstrap), and scripts manage accounts
 * without signing in. Each change is recorded in the audit trail with the actor 'cli' (no staff
 * account), in the change's transaction, like a change made through the API.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { STAFF_ROLES } from '#domain/staff';
import { normalizeEmail } from '#domain/validation';
import { addStaffAccount, findStaffByEmail, listStaffAccounts, readAccountPatch, readNewAccount, updateStaffAccount } from './accounts';
import { CLI_ACTOR } from '../http/staffActions';

/** Who the CLI acts as in the audit trail. */

export const ACCOUNTS_HELP = `
Staff accounts (recorded in the audit trail as 'cli'):
  accounts add <email> --role <role> [--role <role> ...] [--market <LT|PL|CZ|RO> ...] [--name <name>]
                                         Add a staff member (the first admin: --role admin);
                                         no --market: every market; name: the e-mail's local part
  accounts list                          Every staff account (roles, markets, active, last sign-in)
  accounts roles <email> --role <role> [--role <role> ...] [--market <code> ... | --all-markets]
                                         Replace a member's roles (and markets, when given)
  accounts deactivate <email>            Deactivate (their sessions end at once)
  accounts activate <email>              Reactivate
  Roles: ${STAFF_ROLES.join(', ')}
`;

export interface AccountsCommandDeps {
  db: Db;
  now: Date;
  out: (text: string) => void;
}

/** A mistake in the command line (exit 2 with the message). */
export class AccountsUsageError extends Error {}

/** Runs an `accounts …` command; null when argv is not one (another dispatcher's). Throws ApiError on refusals. */
export async function runAccountsCommand(argv: string[], deps: AccountsCommandDeps): Promise<number | null> {
  const [command, sub, ...rest] = argv;
  if (command !== 'accounts') return null;
  const { db, now, out } = deps;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      role: { type: 'string', multiple: true },
      market: { type: 'string', multiple: true },
      'all-markets': { type: 'boolean' },
      name: { type: 'string' },
    },
    strict: true,
  });
  const splitList = (list: string[] | undefined) => list?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  const roles = splitList(values.role);
  const markets = splitList(values.market);
  const emailArg = () => {
    const email = positionals[0]?.trim();
    if (!email) throw new AccountsUsageError(`accounts ${sub ?? ''}: name the member's e-mail`);
    return email;
  };
  const existing = async () => {
    const row = await findStaffByEmail(db, normalizeEmail(emailArg()));
    if (!row) throw new AccountsUsageError(`No staff account ${emailArg()}`);
    return row;
  };

  let result: unknown;
  switch (sub) {
    case 'add': {
      const email = emailArg();
      const input = readNewAccount({ email, name: values.name ?? email.split('@')[0], roles, markets });
      result = await db.transaction().execute((trx) => addStaffAccount(trx, CLI_ACTOR, input, now));
      break;
    }
    case 'list':
      result = await listStaffAccounts(db);
      break;
    case 'roles': {
      if (!roles) throw new AccountsUsageError('accounts roles: give --role <role> (one or more)');
      if (markets && values['all-markets']) throw new AccountsUsageError('accounts roles: --market or --all-markets, not both');
      const row = await existing();
      const patch = readAccountPatch({ roles, ...(markets ? { markets } : values['all-markets'] ? { markets: [] } : {}) });
      result = await db.transaction().execute((trx) => updateStaffAccount(trx, CLI_ACTOR, row.id, patch, now));
      break;
    }
    case 'deactivate':
    case 'activate': {
      const row = await existing();
      result = await db.transaction().execute((trx) => updateStaffAccount(trx, CLI_ACTOR, row.id, { active: sub === 'activate' }, now));
      break;
    }
    default:
      throw new AccountsUsageError(`accounts ${sub ?? ''}: use add, list, roles, deactivate or activate`);
  }
  out(JSON.stringify(result, null, 2));
  return 0;
}
