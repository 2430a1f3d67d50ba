/**
 * The parts of Playwright's JSON report (playwright.config.ts writes `results.json` per run) that
 * scripts/lib/e2e-failures.ts and scripts/lib/e2e-shards.ts read.
 */
import { readFileSync } from 'node:fs';

export interface TestResult {
  status: string;
  duration: number;
  error?: { message?: string };
}
export interface ReportSpec {
  title: string;
  /** Relative to the test directory (test/e2e). */
  file: string;
  line: number;
  tests: { results: TestResult[] }[];
}
interface ReportSuite {
  title: string;
  specs?: ReportSpec[];
  suites?: ReportSuite[];
}

/** Every spec of a report, with the titles of the describe blocks around it. */
export function* reportSpecs(file: string): Generator<{ spec: ReportSpec; path: string[] }> {
  const walk = function* (suite: ReportSuite, path: string[]): Generator<{ spec: ReportSpec; path: string[] }> {
    for (const spec of suite.specs ?? []) yield { spec, path };
    for (const child of suite.suites ?? []) yield* walk(child, child.title ? [...path, child.title] : path);
  };
  // A file's top suite is titled with the file name: not a describe block.
  for (const top of (JSON.parse(readFileSync(file, 'utf8')) as { suites: ReportSuite[] }).suites) yield* walk(top, []);
}
