/**
 * The import boundaries of eslint.config.js (eslint-plugin-boundaries): one forbidden import of
 * each kind is refused, and the allowed import beside it passes. Each case lints a line of code
 * as if it stood in a file at `filePath` (the file need not exist; what it imports must).
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import errors lint reports for `code` at `filePath` (boundaries and restricted imports; other rules are not asked here). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => (m.ruleId?.startsWith('boundaries/') || m.ruleId === 'no-restricted-imports') && m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

interface Case {
  /** 'what is refused / what passes beside it' */
  kind: string;
  filePath: string;
  forbidden: string;
  allowed: string;
}

const cases: Case[] = [
  {
    kind: 'a worker imports a page screen / the domain',
    filePath: 'workers/sync/boundaryProbe.ts',
    forbidden: "export { SupportScreen } from '../../src/support/SupportScreen';",
    allowed: "export { parseMinor } from '../../src/domain/money';",
  },
  {
    kind: "a worker imports the page's worker client / its own worker's code (a feature subfolder)",
    filePath: 'workers/sync/features/boundaryProbe/probe.ts',
    forbidden: "export { startSync } from '../../../../src/sync/client';",
    allowed: "export { request } from '../../http';",
  },
  {
    kind: 'a screen imports worker code / the UI kit',
    filePath: 'src/tasks/BoundaryProbe.tsx',
    forbidden: "export { createEngine } from '../../workers/sync/engine';",
    allowed: "export { Icon } from '#ui/Icon';",
  },
  {
    kind: 'a screen imports server code / the shared page hooks',
    filePath: 'src/tasks/BoundaryProbe.tsx',
    forbidden: "export { loadConfig } from '../../server/config';",
    allowed: "export { useOnline } from '../shared/useOnline';",
  },
  {
    kind: 'a .ts hook imports the worker client / the command layer',
    filePath: 'src/tasks/useBoundaryProbe.ts',
    forbidden: "export { startSync } from '../sync/client';",
    allowed: "export { runCommand } from '../sync/commands';",
  },
  {
    kind: 'src/domain imports a page folder / another domain rule',
    filePath: 'src/domain/boundaryProbe.ts',
    forbidden: "export { formatMoney } from '../i18n/format';",
    allowed: "export { parseMinor } from './money';",
  },
  {
    kind: "a feature imports another feature's internal file / its public file",
    filePath: 'src/map/BoundaryProbe.tsx',
    forbidden: "export { TaskCard } from '../tasks/TaskCard';",
    allowed: "export { TaskCard } from '../tasks';",
  },
  {
    kind: "a feature imports another feature's stylesheet / a stylesheet of the UI kit",
    filePath: 'src/map/BoundaryProbe.tsx',
    forbidden: "import '../tasks/TaskListScreen.css';",
    allowed: "import '../ui/tabs.css';",
  },
  {
    kind: 'page infrastructure imports a feature / other infrastructure',
    filePath: 'src/i18n/boundaryProbe.ts',
    forbidden: "export { TaskCard } from '../tasks';",
    allowed: "export { sendSignal } from '../sync/commands';",
  },
  {
    kind: 'the server imports page code / the contracts',
    filePath: 'server/tasks/boundaryProbe.ts',
    forbidden: "export { useTask } from '../../src/tasks';",
    allowed: "export { KV_KEYS } from '../../src/contracts/kv';",
  },
  {
    kind: 'a lower server feature imports a higher one / one below it',
    filePath: 'server/auth/boundaryProbe.ts',
    forbidden: "export { requireViewer } from '../tasks/viewer';",
    allowed: "export { badRequest } from '../http/errors';",
  },
  {
    kind: 'a server feature imports one of its own layer / one of the layer below',
    filePath: 'server/users/boundaryProbe.ts',
    forbidden: "export { trainingLinkFor } from '../catalog/visibility';",
    allowed: "export { notify } from '../notifications/service';",
  },
  {
    kind: 'the server configuration imports a feature / the database',
    filePath: 'server/config.ts',
    forbidden: "export { pushDestinationsOf } from './notifications/destinations';",
    allowed: "export type { Db } from './db/database';",
  },
  {
    kind: 'the server http layer imports a feature / the context',
    filePath: 'server/http/boundaryProbe.ts',
    forbidden: "export { findUserById } from '../auth/queries';",
    allowed: "export type { AppContext } from '../context';",
  },
  {
    kind: 'a server feature imports the app / a feature below it',
    filePath: 'server/attendance/boundaryProbe.ts',
    forbidden: "export { buildApp } from '../app';",
    allowed: "export { requireViewer } from '../tasks/viewer';",
  },
  {
    kind: "the contracts value-import the worker's feature definitions / type-import them",
    filePath: 'src/contracts/boundaryProbe.ts',
    forbidden: "export { features } from '../../workers/sync/features/index';",
    allowed: "export type { SyncFeaturesApi } from '../../workers/sync/features/index';",
  },
];

describe('import boundaries (eslint.config.js)', () => {
  for (const c of cases) {
    const [refused = c.kind, passed = ''] = c.kind.split(' / ');
    it(`refuses: ${refused}`, async () => {
      expect(await boundaryErrors(c.filePath, c.forbidden)).not.toEqual([]);
    });
    it(`passes: ${refused.replace(/ imports .*$/, '')} importing ${passed}`, async () => {
      expect(await boundaryErrors(c.filePath, c.allowed)).toEqual([]);
    });
  }

  it('refuses a file in a folder no element type classifies, and passes one in a classified folder', async () => {
    expect(await boundaryErrors('src/gadgets/boundaryProbe.ts', 'export const probe = 1;\n')).not.toEqual([]);
    expect(await boundaryErrors('src/tasks/boundaryProbe.ts', 'export const probe = 1;\n')).toEqual([]);
  });

  it('refuses a server folder or top-level file no layer classifies, and passes one a layer classifies', async () => {
    expect(await boundaryErrors('server/gadgets/boundaryProbe.ts', 'export const probe = 1;\n')).not.toEqual([]);
    expect(await boundaryErrors('server/gadget.ts', 'export const probe = 1;\n')).not.toEqual([]);
    expect(await boundaryErrors('server/support/boundaryProbe.ts', 'export const probe = 1;\n')).toEqual([]);
  });
});
