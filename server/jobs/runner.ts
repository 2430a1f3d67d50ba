/**
 * The loop every background job in this process shares: one run at start and then one every
 * intervalMs; a run never overlaps the previous one; a failure is logged as `[name] run failed: …`
 * and retried on the next tick. The timer does not keep the process alive; stop() waits for the
 * run in progress. Each run has its own log context (a run id in its log lines) and is counted in
 * the metrics (server/observability).
 */
import { performance } from 'node:perf_hooks';
import { countJobRun } from '../observability/metrics';
import { inJobRun } from '../observability/log';

export interface JobHandle {
  stop(): Promise<void>;
}

export function startIntervalJob(name: string, run: () => Promise<void>, log: (line: string) => void, intervalMs: number): JobHandle {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = inJobRun(name, async () => {
      const started = performance.now();
      try {
        await run();
        countJobRun(name, 'ok', (performance.now() - started) / 1000);
      } catch (error: unknown) {
        countJobRun(name, 'failed', (performance.now() - started) / 1000);
        log(`[${name}] run failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }).finally(() => {
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
