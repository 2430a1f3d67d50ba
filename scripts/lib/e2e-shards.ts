/**
 * Splits the end-to-end spec files into shards of about equal time (scripts/test-e2e.sh), from
 * the seconds each file took in a recorded run (test/e2e/durations.json). Playwright's own
 * `--shard` splits by test count, which left one shard 1.2 minutes longer than the other.
 *
 *   node --import tsx scripts/lib/e2e-shards.ts plan 2        # one line of spec files per shard
 *   node --import tsx scripts/lib/e2e-shards.ts record test-results/shard-*\/results.json
 *                                                             # rewrites durations.json from a run
 *
 * A file missing from durations.json (a new spec) counts as the median file. Stale figures only
 * make the shards less even; every spec file is always in exactly one shard.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { reportSpecs } from './playwright-report';

const DIR = 'test/e2e';
const DURATIONS = join(DIR, 'durations.json');

function specFiles(): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()
    .map((f) => `${DIR}/${f}`);
}

function plan(shards: number): string[][] {
  const known: Record<string, number> = existsSync(DURATIONS) ? (JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>) : {};
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length ? (values[Math.floor(values.length / 2)] as number) : 60;
  const files = specFiles().map((file) => ({ file, seconds: known[file] ?? median }));
  // Longest first, each to the shard with the least time so far (LPT).
  files.sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const out = Array.from({ length: shards }, () => ({ seconds: 0, files: [] as string[] }));
  for (const f of files) {
    const target = out.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    target.files.push(f.file);
    target.seconds += f.seconds;
  }
  return out.map((s) => s.files.sort());
}

function record(reports: string[]): void {
  const seconds: Record<string, number> = {};
  for (const report of reports) {
    for (const { spec } of reportSpecs(report)) {
      const key = `${DIR}/${spec.file}`;
      for (const test of spec.tests) for (const r of test.results) seconds[key] = (seconds[key] ?? 0) + r.duration / 1000;
    }
  }
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, Math.round(v)]));
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`wrote ${DURATIONS}: ${Object.keys(sorted).length} files`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'plan') {
  const shards = Number(args[0] ?? 2);
  if (!Number.isInteger(shards) || shards < 1) throw new Error(`shards must be a positive number, got ${args[0]}`);
  for (const files of plan(shards)) console.log(files.join(' '));
} else if (command === 'record') {
  record(args);
} else {
  console.error('usage: e2e-shards.ts plan N | record results.json...');
  process.exit(2);
}
