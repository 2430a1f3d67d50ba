/**
 * The staff console (src/console) is a page of its own: lint refuses every tasker-side import of it
 * (a screen, the shell, page infrastructure, the UI kit, a worker, the service worker), so not a
 * byte of it can reach the tasker app's bundle; and the console itself imports the domain, the
 * contracts and the UI kit but never a tasker screen or the sync worker's client.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/') && m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

/** Tasker-side files and their path to the console's API client. */
const taskerSide: [string, string][] = [
  ['src/tasks/BoundaryProbe.tsx', '../console/api'],
  ['src/app/boundaryProbe.tsx', '../console/api'],
  ['src/main.tsx', './console/api'],
  ['src/i18n/boundaryProbe.ts', '../console/api'],
  ['src/ui/BoundaryProbe.tsx', '../console/api'],
  ['src/domain/boundaryProbe.ts', '../console/api'],
  ['workers/sync/boundaryProbe.ts', '../../src/console/api'],
  ['sw/boundaryProbe.ts', '../src/console/api'],
];

describe('the staff console boundary (eslint.config.js)', () => {
  for (const [filePath, target] of taskerSide) {
    it(`refuses ${filePath} importing the console`, async () => {
      const errors = await boundaryErrors(filePath, `export { staffCall } from '${target}';\n`);
      expect(errors.some((e) => e.startsWith('boundaries/dependencies'))).toBe(true);
    });
  }

  it('refuses a tasker screen importing a console screen (a lazy import too)', async () => {
    expect(await boundaryErrors('src/tasks/BoundaryProbe.tsx', "export { default } from '../console/accounts/AccountsScreen';\n")).not.toEqual([]);
    expect(await boundaryErrors('src/app/boundaryProbe.tsx', "export const load = () => import('../console/App');\n")).not.toEqual([]);
  });

  it('passes the console importing the domain, the contracts, the UI kit and its own files', async () => {
    const code = [
      "export { formatMoney } from '../../domain/money';",
      "export { staffAudit } from '#contracts/api/staffAccounts';",
      "export { ConfirmDialog } from '../../ui/ConfirmDialog';",
      "export { staffCall } from '../api';",
    ].join('\n');
    expect(await boundaryErrors('src/console/accounts/boundaryProbe.tsx', code)).toEqual([]);
  });

  it("refuses the console importing a tasker screen or the sync worker's client", async () => {
    expect(await boundaryErrors('src/console/accounts/boundaryProbe.tsx', "export { TaskCard } from '../../tasks';\n")).not.toEqual([]);
    expect(await boundaryErrors('src/console/boundaryProbe.ts', "export { startSync } from '../sync/client';\n")).not.toEqual([]);
  });
});
