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
import { existsSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { reportSpecs } from './playwright-report';

/** An error's first line, without the terminal colours Playwright puts in its messages. */
const firstLine = (message = '') => stripVTControlCharacters(message).split('\n').find((l) => l.trim())?.trim() ?? '';

let failed = 0;
const flaky: string[] = [];
for (const file of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  if (!existsSync(file)) {
    console.log(`  (no report at ${file}: the shard ended before Playwright wrote it)`);
    failed++;
    continue;
  }
  for (const { spec, path } of reportSpecs(file)) {
    for (const test of spec.tests) {
      const last = test.results.at(-1);
      const where = `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`;
      if (last?.status === 'passed' && test.results.length > 1) {
        flaky.push(`  ~ ${where} (passed on retry ${test.results.length - 1}; first: ${firstLine(test.results[0]?.error?.message).slice(0, 200)})`);
      }
      if (!last || last.status === 'passed' || last.status === 'skipped') continue;
      failed++;
      const message = firstLine(last.error?.message);
      console.log(`  ✘ ${where} [${last.status}]`);
      if (message) console.log(`      ${message.slice(0, 300)}`);
    }
  }
}
if (flaky.length > 0) {
  console.log(`  flaky — failed, then passed on the retry CI allows (playwright.config.ts); a bug to fix:`);
  for (const line of flaky) console.log(line);
}
if (failed === 0 && flaky.length === 0 && process.argv.includes('--expect-failure')) console.log('  (no failed test in the reports)');
