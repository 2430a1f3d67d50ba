/**
 * The staff CLI's money and mission commands (`npm run staff -- payouts …`, `adjust`, `mission …`),
 * joined into server/staff/commands.ts: runMoneyCommand answers null for commands that are not
 * its own. Output: JSON (or the CSV / XML file); refusals print their code and exit 1. Each write
 * (and each export) is recorded in the audit trail as the actor 'cli', in the write's transaction,
 * with the --by name in its after.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Db } from '../db/database';
import { loadConfig } from '../config';
import { weekStarting } from '#domain/payouts';
import { printRefusal } from '../staff/cli-output';
import { loadMarket, markPaid, runDuePayouts, runWeekIn, type RunResult } from './payouts';
import { weekPayouts } from './payoutReads';
import { payoutsCsv, payoutsSepaXml } from './export';
import { recordAdjustment } from './adjustments';
import { readWeek } from './staff-routes';
import { assignMission, createMission, listMissions } from '../missions/service';
import { CLI_ACTOR, readStaffName, recordStaffAction } from '../http/staffActions';

/** The command line as an actor in the audit trail (it acts without signing in). */

export const MONEY_HELP = `
Payouts (a week is named by its Monday, YYYY-MM-DD, in the market's time zone):
  payouts run [--country <LT|PL|CZ|RO> --week <YYYY-MM-DD>]
                                         Record the payouts of every market's last closed week
                                         (or of one week, once it is over); a week runs once
  payouts list --country <c> --week <w>  The week's payouts with their lines and bank details
  payouts mark-paid (--id <payoutId> ... | --country <c> --week <w>) [--by <name>]
                                         Mark payouts paid (idempotent)
  payouts export --country <c> --week <w> --format <csv|sepa> [--out <file>]
                                         The payment file: CSV of all, or SEPA pain.001.001.09
                                         of the pending EUR payouts (PAYOUT_DEBTOR_* pays)
  adjust --user <email|id> --kind <reduction|overpayment> --amount <12.50> --reason <text>
         [--task <taskId>] [--by <name>]  A reward reduction (next payout) or an overpayment
                                         (repaid at most MAX_DEDUCTION_RATE of each payout)

Missions:
  mission list [--country <c>]
  mission create --json '<{"countryCode":"LT","name":…,"objectives":[…]}>' [--by <name>]
                                         (the body of POST /api/staff/missions, docs/api.md)
  mission assign <missionId> (--user <email|id> [--user …] | --all) [--by <name>]
                                         --all: every approved tasker of the mission's market
`;

const OWN = new Set(['payouts', 'adjust', 'mission']);

export interface MoneyCommandDeps {
  db: Db;
  now: Date;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs a money or mission command; null when `argv` is another command. */
export async function runMoneyCommand(argv: string[], deps: MoneyCommandDeps): Promise<number | null> {
  const [command, ...rest] = argv;
  if (!command || !OWN.has(command)) return null;
  const { db, now, out, err } = deps;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        country: { type: 'string' },
        week: { type: 'string' },
        id: { type: 'string', multiple: true },
        by: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
        user: { type: 'string', multiple: true },
        kind: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        task: { type: 'string' },
        json: { type: 'string' },
        all: { type: 'boolean' },
      },
      strict: true,
    });
    const config = loadConfig(process.env);
    const by = readStaffName(values.by);
    const [sub, ...args] = positionals;
    const weekOf = () => readWeek({ country: values.country, week: values.week });
    let result: unknown;
    const audited = async (trx: Db, runs: RunResult[]) => {
      for (const r of runs) await recordStaffAction(trx, CLI_ACTOR, { action: 'payouts.run', entity: 'payout_week', entityId: `${r.countryCode}/${r.weekStart}`, country: r.countryCode, after: { ...r, by } }, now);
      return runs;
    };
    if (command === 'payouts' && sub === 'run') {
      if (!values.country && !values.week) result = await db.transaction().execute(async (trx) => audited(trx, await runDuePayouts(trx, now, config.maxDeductionRateBp, true)));
      else {
        const { countryCode, weekStart } = weekOf();
        const market = await loadMarket(db, countryCode);
        if (!market) throw new Error(`unknown market ${countryCode}`);
        const week = weekStarting(weekStart, market.timeZone);
        result = (await db.transaction().execute(async (trx) => audited(trx, [await runWeekIn(trx, countryCode, week, now, config.maxDeductionRateBp)])))[0];
      }
    } else if (command === 'payouts' && sub === 'list') {
      const { countryCode, weekStart } = weekOf();
      result = await weekPayouts(db, countryCode, weekStart);
    } else if (command === 'payouts' && sub === 'mark-paid') {
      const target = values.id?.length ? { ids: values.id } : weekOf();
      result = {
        paid: await db.transaction().execute(async (trx) => {
          const paid = await markPaid(trx, target, by, now);
          const entityId = 'ids' in target ? null : `${target.countryCode}/${target.weekStart}`;
          await recordStaffAction(trx, CLI_ACTOR, { action: 'payouts.mark_paid', entity: 'payout_week', entityId, country: 'ids' in target ? null : target.countryCode, after: { paid, by } }, now);
          return paid;
        }),
      };
    } else if (command === 'payouts' && sub === 'export') {
      const { countryCode, weekStart } = weekOf();
      const payouts = await weekPayouts(db, countryCode, weekStart);
      let text: string;
      if (values.format === 'csv') text = payoutsCsv(payouts);
      else if (values.format === 'sepa') {
        const file = payoutsSepaXml(payouts, config.payoutDebtor, `${countryCode}-${weekStart}`, now);
        for (const s of file.skipped) err(`skipped payout ${s.id}: ${s.reason}`);
        err(`${file.included.length} transfer(s), control sum ${file.controlSum} EUR`);
        text = file.xml;
      } else throw new Error('--format csv or --format sepa');
      await recordStaffAction(db, CLI_ACTOR, { action: `payouts.export_${values.format}`, entity: 'payout_week', entityId: `${countryCode}/${weekStart}`, country: countryCode, after: { payouts: payouts.length, by } }, now);
      if (values.out) writeFileSync(values.out, text);
      else out(text);
      return 0;
    } else if (command === 'adjust') {
      const input = { user: values.user?.[0], kind: values.kind, amount: values.amount, reason: values.reason, taskId: values.task };
      result = await db.transaction().execute(async (trx) => {
        const adjustment = await recordAdjustment(trx, input, by, now);
        const user = await trx.selectFrom('users').select('country_code').where('id', '=', adjustment.userId).executeTakeFirst();
        await recordStaffAction(trx, CLI_ACTOR, { action: 'payouts.adjustment', entity: 'user', entityId: adjustment.userId, country: user?.country_code ?? null, after: adjustment }, now);
        return adjustment;
      });
    } else if (command === 'mission' && sub === 'list') {
      result = await listMissions(db, values.country ?? null);
    } else if (command === 'mission' && sub === 'create') {
      if (!values.json) throw new Error("give the mission as --json '{…}'");
      const input = JSON.parse(values.json) as unknown;
      result = await db.transaction().execute(async (trx) => {
        const mission = await createMission(trx, input, by, now);
        await recordStaffAction(trx, CLI_ACTOR, { action: 'mission.create', entity: 'mission', entityId: mission.id, country: mission.countryCode, after: mission }, now);
        return mission;
      });
    } else if (command === 'mission' && sub === 'assign') {
      const missionId = args[0];
      if (!missionId) throw new Error('give the mission id');
      const refs = values.user ?? [];
      const input = { userIds: refs.filter((r) => !r.includes('@')), emails: refs.filter((r) => r.includes('@')), allActive: values.all === true };
      result = await db.transaction().execute(async (trx) => {
        const assigned = await assignMission(trx, missionId, input, by, now);
        await recordStaffAction(trx, CLI_ACTOR, { action: 'mission.assign', entity: 'mission', entityId: missionId, country: assigned.mission.countryCode, after: { assignedCount: assigned.mission.assignedCount, assigned: assigned.assigned, by } }, now);
        return assigned;
      });
    } else {
      err(`Unknown ${command} command '${sub ?? ''}'.`);
      out(MONEY_HELP);
      return 2;
    }
    out(JSON.stringify(result, null, 2));
    return 0;
  } catch (error) {
    if (printRefusal(error, err)) return 1;
    err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
