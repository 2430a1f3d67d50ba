/**
 * The weekly payout job: every PAYOUT_JOB_INTERVAL_MS it runs, for each market, the last market
 * week that is over (Monday 00:00 local time) and has not been run yet (server/money/payouts.ts,
 * runDuePayouts). Safe in every process at once: a week's run holds a PostgreSQL advisory lock and
 * records itself in payout_runs, so the other processes find it done and pay nothing. A run never
 * overlaps the previous one in this process; failures are logged and retried on the next tick.
 */
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { JobHandle } from '../jobs/expiry';
import { runDuePayouts } from './payouts';

export const PAYOUT_JOB_INTERVAL_MS = 10 * 60_000;

export function startPayoutJob(db: Db, clock: Clock, maxDeductionRateBp: number, log: (line: string) => void = console.log, intervalMs = PAYOUT_JOB_INTERVAL_MS): JobHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runDuePayouts(db, clock.now(), maxDeductionRateBp)
      .then((runs) => {
        for (const r of runs) if (!r.alreadyRun) log(`[payouts] ${r.countryCode} week of ${r.weekStart}: ${r.created} payout(s), ${r.total} in total`);
      })
      .catch((error: unknown) => log(`[payouts] run failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
