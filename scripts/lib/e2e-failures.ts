/**
 * Prints the end-to-end tests that did not pass, one line each with the first line of their
 * error, and those that passed only on a retry (flaky), from the JSON reports Playwright wrote
 * (playwright.config.ts):
 *
 *   node --import tsx scripts/lib/e2e-failures.ts test-results/shard-1/results.json ...
 *
 * scripts/test-e2e.sh prints this last, after the servers' logs, so the names of failed tests are
 * what a CI log's tail shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

interface Result { status: string; error?: { message?: string } }
interface Spec { title: string; file: string; line: number; tests: { projectName?: string; results: Result[] }[] }
interface Suite { title: string; specs?: Spec[]; suites?: Suite[] }

function* specs(suite: Suite, path: string[]): Generator<{ spec: Spec; path: string[] }> {
  for (const spec of suite.specs ?? []) yield { spec, path };
  for (const child of suite.suites ?? []) yield* specs(child, child.title ? [...path, child.title] : path);
}

// Error messages carry terminal colours; the log reader wants plain text.
const plain = stripVTControlCharacters;

let failed = 0;
const flaky: string[] = [];
for (const file of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  if (!existsSync(file)) {
    console.log(`  (no report at ${file}: the shard ended before Playwright wrote it)`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: Suite[] };
  for (const top of report.suites) {
    for (const { spec, path } of specs(top, [])) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        const where = `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
        if (last?.status === 'passed' && test.results.length > 1) {
          const first = plain(test.results[0]?.error?.message ?? '').split('\n').find((l) => l.trim()) ?? '';
          flaky.push(`  ~ ${where} (passed on retry ${test.results.length - 1}; first: ${first.trim().slice(0, 200)})`);
        }
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        failed++;
        const message = plain(last.error?.message ?? '').split('\n').find((l) => l.trim()) ?? '';
        console.log(`  ✘ ${where} [${last.status}]`);
        if (message) console.log(`      ${message.trim().slice(0, 300)}`);
      }
    }
  }
}
if (flaky.length > 0) {
  console.log(`  flaky — failed, then passed on the retry CI allows (playwright.config.ts); a bug to fix:`);
  for (const line of flaky) console.log(line);
}
if (failed === 0 && flaky.length === 0 && process.argv.includes('--expect-failure')) console.log('  (no failed test in the reports)');
