/**
 * Writes the demo letters of authority, public/letters/{retailerId}.pdf (English) and
 * {retailerId}.{locale}.pdf (lt, pl, cs, ro), per retailer of the seed (server/db/seed-data.ts): a
 * one-page PDF with the retailer's name and a short letter, its words (src/domain/letterWords.ts)
 * translated from the app's catalogs; the app opens the one in the tasker's language. The
 * seed points every task's `letter_of_authority_url` at `/letters/{retailerId}.pdf`, served by the
 * app's own origin, so the task pack can keep the letter and it opens offline.
 *
 * Run: `npx tsx scripts/make-letters.ts`. The PDFs are committed; rerun when a retailer, the
 * text or its translations change (test/server/letters.test.ts fails when a committed file differs from this output).
 *
 * The PDF is written by hand (no dependency): PDF 1.4, one A4 page, the standard Helvetica fonts
 * (not embedded) with WinAnsiEncoding plus a /Differences entry for letters outside it (Ż, ą, č…).
 * The output is deterministic: no dates, no ids.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LETTER_WORDS } from '../src/domain/letterWords';
import { LOCALES, type Locale } from '../src/domain/types';
import { SEED_RETAILERS } from '../server/db/seed-data';
import { translate } from '../server/http/messages';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the letters live in the repository and under which path the app serves them. */
export const LETTERS_DIR = 'public/letters';

export function letterPath(retailerId: string): string {
  return `/letters/${retailerId}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Text encoding for the standard fonts.

/** WinAnsiEncoding's 0x80–0x9F block (the rest of 0xA0–0xFF is Latin-1, i.e. the code point). */
const WIN_ANSI_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e,
  '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** Letters of the markets' languages that WinAnsi lacks, by their standard glyph names. */
const EXTRA_GLYPHS: Record<string, string> = {
  Ą: 'Aogonek', ą: 'aogonek', Ć: 'Cacute', ć: 'cacute', Ę: 'Eogonek', ę: 'eogonek', Ł: 'Lslash', ł: 'lslash', Ń: 'Nacute', ń: 'nacute',
  Ś: 'Sacute', ś: 'sacute', Ź: 'Zacute', ź: 'zacute', Ż: 'Zdotaccent', ż: 'zdotaccent', Č: 'Ccaron', č: 'ccaron', Ė: 'Edotaccent', ė: 'edotaccent',
  Į: 'Iogonek', į: 'iogonek', Ų: 'Uogonek', ų: 'uogonek', Ū: 'Umacron', ū: 'umacron', Ř: 'Rcaron', ř: 'rcaron', Ě: 'Ecaron', ě: 'ecaron',
  Ů: 'Uring', ů: 'uring', Ď: 'Dcaron', ď: 'dcaron', Ť: 'Tcaron', ť: 'tcaron', Ň: 'Ncaron', ň: 'ncaron', Ă: 'Abreve', ă: 'abreve',
  Ș: 'Scommaaccent', ș: 'scommaaccent', Ț: 'Tcommaaccent', ț: 'tcommaaccent',
};

/** Codes WinAnsi leaves undefined, then rarely used ones, given to EXTRA_GLYPHS in order of use. */
const SPARE_CODES = [0x81, 0x8d, 0x8f, 0x90, 0x9d, 0xa4, 0xa6, 0xa8, 0xac, 0xaf, 0xb4, 0xb8];

class Encoder {
  /** Glyph name → the code it was given. */
  readonly differences = new Map<string, number>();

  /** One byte per character, as a PDF literal string body (escaped). Throws on what it cannot show. */
  encode(text: string): string {
    let out = '';
    for (const char of text) {
      const code = this.code(char);
      const byte = String.fromCharCode(code);
      out += byte === '\\' || byte === '(' || byte === ')' ? `\\${byte}` : byte;
    }
    return out;
  }

  private code(char: string): number {
    const point = char.codePointAt(0) ?? 0;
    if (point >= 0x20 && point < 0x7f) return point;
    if (point >= 0xa0 && point <= 0xff && !SPARE_CODES.includes(point)) return point;
    const high = WIN_ANSI_HIGH[char];
    if (high !== undefined) return high;
    const glyph = EXTRA_GLYPHS[char];
    if (!glyph) throw new Error(`make-letters: no glyph for ${JSON.stringify(char)}`);
    const known = this.differences.get(glyph);
    if (known !== undefined) return known;
    const next = SPARE_CODES[this.differences.size];
    if (next === undefined) throw new Error('make-letters: too many letters outside WinAnsi');
    this.differences.set(glyph, next);
    return next;
  }

  fontEncoding(): string {
    if (this.differences.size === 0) return '/WinAnsiEncoding';
    const entries = [...this.differences.entries()].sort((a, b) => a[1] - b[1]).map(([glyph, code]) => `${code} /${glyph}`);
    return `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${entries.join(' ')}] >>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout and file structure.

/** Splits a paragraph into lines of at most `width` characters (Helvetica at 11 pt on A4 with 70 pt margins). */
export function wrap(text: string, width = 80): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The letter's words in a language of the app, from the app's catalogs (English where a text is not translated yet). */
export function letterText(retailer: string, locale: Locale = 'en'): { title: string; paragraphs: string[]; footer: string } {
  const say = (words: { message: string }, values?: Record<string, string>) => translate({ text: words.message, values }, locale);
  return {
    title: say(LETTER_WORDS.title),
    paragraphs: [
      say(LETTER_WORDS.retailer, { retailer }),
      say(LETTER_WORDS.holder, { retailer }),
      say(LETTER_WORDS.access),
      say(LETTER_WORDS.questions, { url: 'https://help.shelfwork.app/contact' }),
    ],
    footer: 'Demo document of the Shelfwork demo data (scripts/make-letters.ts).',
  };
}

/** The file of a retailer's letter in a language: English as `{retailer}.pdf` (the seed's URL), the others `{retailer}.{locale}.pdf`. */
export function letterFile(retailerId: string, locale: Locale): string {
  return `${LETTERS_DIR}/${retailerId}${locale === 'en' ? '' : `.${locale}`}.pdf`;
}

/** A PDF text string outside content streams (the document info): UTF-16BE with a BOM, in hex. */
function textString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

/** The bytes of one retailer's letter. */
export function letterPdf(retailer: string, locale: Locale = 'en'): Buffer {
  const encoder = new Encoder();
  const { title, paragraphs, footer } = letterText(retailer, locale);
  const ops: string[] = ['BT', '/F2 20 Tf', '70 760 Td', `(${encoder.encode(title)}) Tj`, '/F1 11 Tf', '15 TL', '0 -36 Td'];
  paragraphs.forEach((paragraph, i) => {
    if (i > 0) ops.push('T*');
    for (const line of wrap(paragraph)) ops.push(`(${encoder.encode(line)}) '`);
  });
  ops.push('ET', 'BT', '/F1 8 Tf', '70 50 Td', `(${encoder.encode(footer)}) Tj`, 'ET');
  const content = `${ops.join('\n')}\n`;
  const encoding = encoder.fontEncoding();

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding ${encoding} >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding ${encoding} >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    `<< /Title ${textString(`${title} — ${retailer}`)} /Producer (Shelfwork make-letters) >>`,
  ];
  // Binary comment after the header: marks the file as binary for transfer tools.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function main(): Promise<void> {
  await mkdir(resolve(root, LETTERS_DIR), { recursive: true });
  for (const retailer of SEED_RETAILERS) {
    for (const locale of LOCALES) {
      const file = letterFile(retailer.id, locale);
      const bytes = letterPdf(retailer.name, locale);
      await writeFile(resolve(root, file), bytes);
      console.log(`wrote ${file} (${bytes.length} bytes)`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
