/**
 * The server's words in the tasker's language where the app has them. A 400's `fields` are codes
 * (the page words them itself, src/i18n/errorMessages.ts); its `message` is shown as it is where
 * the page has no field to put an error under (a queued save the server refused later), so the
 * profile routes word it in the `Accept-Language` the sync worker sends, from the app's own
 * catalogs (src/locales/<locale>/messages.po, looked up by the English text, which is the msgid).
 * The English texts are the app's, written once for the page and the server in
 * src/domain/errorWords.ts; a test checks each is a msgid there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIELD_CODE_WORDS,
  FIELD_REQUIRED_WORDS,
  FIELD_SPECIFIC_WORDS,
  NATIONAL_ID_DIGITS_EITHER_WORDS,
  NATIONAL_ID_DIGITS_WORDS,
  PROFILE_CODE_FIELDS,
  PROFILE_CODE_INVALID_WORDS,
  REQUIRED_WORDS,
  VALUE_INVALID_WORDS,
  type ErrorWords,
} from '#domain/errorWords';
import { LOCALES, type CountryCode, type Locale } from '#domain/types';
import { NATIONAL_ID_LENGTHS } from '#domain/validation';

/** A text and its placeholder values ('National ID must be {n} digits', { n: 11 }). */
export interface Words {
  text: string;
  values?: Record<string, string | number>;
}

const REQUIRED: Readonly<Record<string, ErrorWords>> = REQUIRED_WORDS;
const SPECIFIC: Readonly<Record<string, Readonly<Record<string, ErrorWords>>>> = FIELD_SPECIFIC_WORDS;
const BY_CODE: Readonly<Record<string, ErrorWords>> = FIELD_CODE_WORDS;

/** The app's English words for a field's code (the server's subset of fieldErrorMessage). */
export function fieldWords(field: string, code: string, country: CountryCode | null = null): Words {
  if (code === 'REQUIRED') return { text: (REQUIRED[field] ?? FIELD_REQUIRED_WORDS).message };
  const specific = SPECIFIC[field]?.[code];
  if (specific) return { text: specific.message };
  if (code === 'NATIONAL_ID_LENGTH' && country) {
    const lengths = NATIONAL_ID_LENGTHS[country];
    if (lengths.length === 1) return { text: NATIONAL_ID_DIGITS_WORDS.message, values: { n: lengths[0] ?? 0 } };
    return { text: NATIONAL_ID_DIGITS_EITHER_WORDS.message, values: { min: Math.min(...lengths), max: Math.max(...lengths) } };
  }
  if (code === 'CODE_INVALID' && PROFILE_CODE_FIELDS.has(field)) return { text: PROFILE_CODE_INVALID_WORDS.message };
  return { text: (BY_CODE[code] ?? VALUE_INVALID_WORDS).message };
}

// ---------------------------------------------------------------------------------------------
// Catalogs

const catalogs = new Map<Locale, Map<string, string>>();

function unquote(s: string): string {
  return JSON.parse(s) as string;
}

/** msgid → msgstr of a .po file (single- and multi-line strings; empty translations left out). */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | null = null;
  let str: string | null = null;
  let current: 'id' | 'str' | null = null;
  const flush = () => {
    if (id && str) entries.set(id, str);
    id = null;
    str = null;
    current = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      current = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      current = 'str';
    } else if (line.startsWith('"') && current) {
      if (current === 'id') id = (id ?? '') + unquote(line);
      else str = (str ?? '') + unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (line === '') flush();
    }
  }
  flush();
  return entries;
}

function catalog(locale: Locale): Map<string, string> {
  let entries = catalogs.get(locale);
  if (!entries) {
    try {
      entries = parsePo(readFileSync(join(process.cwd(), 'src', 'locales', locale, 'messages.po'), 'utf8'));
    } catch {
      // No catalogs next to the server (an odd deployment): English it is.
      entries = new Map();
    }
    catalogs.set(locale, entries);
  }
  return entries;
}

/** The first of the app's locales the `Accept-Language` header asks for (by q), else English. */
export function localeOf(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const asked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((a) => a.lang !== '' && a.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const a of asked) if ((LOCALES as readonly string[]).includes(a.lang)) return a.lang as Locale;
  return 'en';
}

/** The words in a locale (the English when the catalog has no translation), placeholders filled. */
export function translate(words: Words, locale: Locale): string {
  const text = locale === 'en' ? words.text : (catalog(locale).get(words.text) ?? words.text);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (words.values && name in words.values ? String(words.values[name]) : whole));
}

/** The message of a 400 with `fields`: the words of its first field, in the locale. */
export function fieldsMessage(fields: Record<string, string>, locale: Locale, country: CountryCode | null = null): string | null {
  const first = Object.entries(fields)[0];
  return first ? translate(fieldWords(first[0], first[1], country), locale) : null;
}
