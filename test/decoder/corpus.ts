/**
 * The barcode photographs of test/fixtures/barcodes (ZXing's black-box test images, committed
 * with their Apache-2.0 licence): where they are, how to load them as RGBA frames, what each must
 * read, and ZXing's own figures per folder.
 * Shared by the decoder test (test/decoder/barcodes.test.ts) and the benchmark
 * (scripts/bench-scanner.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import type { DecodeResult, ScanFrame } from '#contracts/scanner';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** In the repository, so a plain clone runs the decoder tests and the benchmark. */
export const BARCODES_DIR = resolve(repoRoot, 'test/fixtures/barcodes');

/**
 * How many upright images ZXing's Java black-box tests require per folder with TRY_HARDER
 * (README.md of the data folder, right column). Reading fewer is a decoder bug.
 */
export const ZXING_TRY_HARDER: Readonly<Record<string, number>> = {
  'ean8-1': 8,
  'ean13-1': 32,
  'ean13-2': 17,
  'upca-1': 18,
  'upca-2': 36,
  'upce-1': 3,
  'upce-2': 35,
  'upcean-extension-1': 2,
};

/** ZXing's plain (no TRY_HARDER) figures, for the report. */
export const ZXING_PLAIN: Readonly<Record<string, number>> = {
  'ean8-1': 8,
  'ean13-1': 30,
  'ean13-2': 12,
  'upca-1': 14,
  'upca-2': 28,
  'upce-1': 3,
  'upce-2': 31,
  'upcean-extension-1': 2,
};

export interface CorpusImage {
  folder: string;
  file: string;
  frame: ScanFrame;
  expected: string;
  /** Lines of N.metadata.txt (KEY=value), when present. */
  metadata: Record<string, string>;
}

export function corpusAvailable(): boolean {
  return existsSync(BARCODES_DIR);
}

export function corpusFolders(): string[] {
  return readdirSync(BARCODES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Decode a PNG file into an RGBA frame (the shape a canvas' ImageData has in the browser). */
export function loadPng(path: string): ScanFrame {
  const png = PNG.sync.read(readFileSync(path));
  return { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), width: png.width, height: png.height };
}

function parseMetadata(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

export function loadFolder(folder: string): CorpusImage[] {
  const dir = join(BARCODES_DIR, folder);
  return readdirSync(dir)
    .filter((f) => /\.(png)$/i.test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => {
      const stem = file.replace(/\.[^.]+$/, '');
      return {
        folder,
        file,
        frame: loadPng(join(dir, file)),
        expected: readFileSync(join(dir, `${stem}.txt`), 'utf8').trim(),
        metadata: parseMetadata(join(dir, `${stem}.metadata.txt`)),
      };
    });
}

/** AIM symbology identifier ZXing reports for each format (EAN/UPC family: ]E0, EAN-8: ]E4). */
const SYMBOLOGY_IDENTIFIER: Record<DecodeResult['format'], string> = {
  EAN_13: ']E0',
  UPC_A: ']E0',
  UPC_E: ']E0',
  EAN_8: ']E4',
};

/**
 * ZXing's reading of a 5-digit add-on as a suggested retail price (UPCEANExtension5Support):
 * first digit is the currency (0 £, 5 $, 9 special), the rest is hundredths.
 */
export function suggestedPrice(extension: string): string | null {
  if (extension.length !== 5) return null;
  const currencies: Record<string, string> = { '0': '£', '5': '$' };
  const lead = extension[0]!;
  if (lead === '9') {
    if (extension === '90000') return null;
    if (extension === '99991') return '0.00';
    if (extension === '99990') return 'Used';
  }
  const currency = currencies[lead] ?? '';
  const raw = Number(extension.slice(1));
  const units = Math.floor(raw / 100);
  const hundredths = raw % 100;
  return `${currency}${units}.${hundredths < 10 ? `0${hundredths}` : hundredths}`;
}

/**
 * Does a decode result match what ZXing's test expects? The main text must be equal (as ZXing
 * compares it), and every metadata line we can derive must agree: the symbology identifier and,
 * for add-ons, the suggested price read from the 5-digit extension.
 */
export function matchesExpected(result: DecodeResult | null, image: CorpusImage): boolean {
  if (!result || result.text !== image.expected) return false;
  const symbology = image.metadata.SYMBOLOGY_IDENTIFIER;
  if (symbology != null && SYMBOLOGY_IDENTIFIER[result.format] !== symbology) return false;
  const price = image.metadata.SUGGESTED_PRICE;
  if (price != null && (result.extension == null || suggestedPrice(result.extension) !== price)) return false;
  return true;
}

/**
 * A misread: a code came back and it is not the photograph's. The right main code without its
 * add-on is a miss (the add-on went unread), not a misread: nothing wrong would be saved.
 */
export function isMisread(result: DecodeResult | null, image: CorpusImage): boolean {
  if (!result || matchesExpected(result, image)) return false;
  return !(result.text === image.expected && result.extension == null);
}
