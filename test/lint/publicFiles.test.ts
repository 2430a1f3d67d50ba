/**
 * A feature's public file (src/<feature>/index.ts) only re-exports its feature's files. The build
 * declares these files free of side effects (vite.config.ts, treeshake.moduleSideEffects), so that
 * importing one name through one ties the importer's chunk to that name's file only; a statement
 * that runs code here would be dropped from the build without a word.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src', import.meta.url));

/** The statements of `text` that are not `export … from './…'` (type-only ones included), as source text. */
function nonReexports(text: string): string[] {
  const file = ts.createSourceFile('index.ts', text, ts.ScriptTarget.ES2022, true);
  return file.statements
    .filter((s) => !(ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text.startsWith('./')))
    .map((s) => s.getText(file));
}

const publicFiles = readdirSync(src, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(`${src}/${d.name}/index.ts`))
  .map((d) => `${d.name}/index.ts`);

describe('public files of the features', () => {
  it('are found', () => {
    expect(publicFiles).toContain('tasks/index.ts');
  });
  for (const path of publicFiles) {
    it(`src/${path} only re-exports its own feature's files`, () => {
      expect(nonReexports(readFileSync(`${src}/${path}`, 'utf8'))).toEqual([]);
    });
  }
  it('refuses a statement that runs code and a re-export from elsewhere', () => {
    expect(nonReexports("export { a } from './a';\nimport './side.css';\nconsole.log(1);\nexport { b } from '../b';\n")).toHaveLength(3);
  });
});
