/**
 * `npm test` stage "i18n": re-extracts the message catalogs from the source and fails when any
 * message lacks a translation in lt, pl, cs or ro. A production build strips the English source
 * text, so an untranslated or unextracted message would show as a hashed id on the phone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LOCALES = ['lt', 'pl', 'cs', 'ro'];

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });

/** msgid → msgstr of a .po file (multi-line strings joined; the header entry skipped). */
function readCatalog(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid !== '') entries.set(msgid, msgstr);
    msgid = '';
    msgstr = '';
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^(msgid|msgstr) "(.*)"$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') flush();
      field = m[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') msgid = m[2] ?? '';
      else msgstr = m[2] ?? '';
    } else if (/^"(.*)"$/.test(line) && field) {
      const part = line.slice(1, -1);
      if (field === 'msgid') msgid += part;
      else msgstr += part;
    } else if (line.trim() === '') {
      field = null;
    }
  }
  flush();
  return entries;
}

/** The tasker app's catalog and the staff console's (lingui.config.ts). */
const CATALOGS = ['src/locales', 'src/console/locales'];
let missing = 0;
for (const dir of CATALOGS) {
  const source = readCatalog(`${dir}/en/messages.po`);
  for (const locale of LOCALES) {
    const catalog = readCatalog(`${dir}/${locale}/messages.po`);
    const untranslated = [...source.keys()].filter((id) => !catalog.get(id));
    missing += untranslated.length;
    console.log(`${dir} ${locale}: ${source.size - untranslated.length}/${source.size} translated`);
    for (const id of untranslated.slice(0, 10)) console.log(`  missing: ${id}`);
    if (untranslated.length > 10) console.log(`  … and ${untranslated.length - 10} more`);
  }
}
if (missing > 0) {
  console.error(`\n${missing} translations missing: translate them in ${CATALOGS.map((d) => `${d}/*/messages.po`).join(' and ')} (catalogs were re-extracted).`);
  process.exit(1);
}
console.log('All catalogs complete.');
