/**
 * The weekly payout job: every PAYOUT_JOB_INTERVAL_MS it runs, for each market, the last market
 * week that is over (Monday 00:00 local time) and has not been run yet (server/money/payouts.ts,
 * runDuePayouts). Safe in every process at once: a week's run holds a PostgreSQL advisory lock and
 * records itself in payout_runs, so the other processes find it done and pay nothing. A run never
 * overlaps the previous one in this process; failures are logged and retried on the next tick.
 */
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { startIntervalJob, type JobHandle } from '../jobs/runner';
import { runDuePayouts } from './payouts';

export const PAYOUT_JOB_INTERVAL_MS = 10 * 60_000;

export function startPayoutJob(db: Db, clock: Clock, maxDeductionRateBp: number, log: (line: string) => void = console.log, intervalMs = PAYOUT_JOB_INTERVAL_MS): JobHandle {
  return startIntervalJob(
    'payouts',
    async () => {
      const runs = await runDuePayouts(db, clock.now(), maxDeductionRateBp);
      for (const r of runs) if (!r.alreadyRun) log(`[payouts] ${r.countryCode} week of ${r.weekStart}: ${r.created} payout(s), ${r.total} in total`);
    },
    log,
    intervalMs,
  );
}
