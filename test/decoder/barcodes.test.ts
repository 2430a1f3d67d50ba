/**
 * The scanner's decoding core (workers/scanner/decoder.ts, the code the worker runs) against real
 * photographs: ZXing's black-box EAN/UPC test images in test/fixtures/barcodes. Each folder must
 * read at least as many images as ZXing's own Java decoder does with TRY_HARDER (its README);
 * fewer is a decoder bug to fix, not a number to lower. Prints a per-folder table. The images
 * are part of the repository: when they are missing the test fails, it never skips.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { classifyEan } from '#domain/ean';
import { PRODUCTION_STRATEGY, decodeFrame } from '../../workers/scanner/decoder';
import {
  BARCODES_DIR,
  ZXING_PLAIN,
  ZXING_TRY_HARDER,
  corpusAvailable,
  corpusFolders,
  isMisread,
  loadFolder,
  matchesExpected,
} from './corpus';

const available = corpusAvailable();

interface FolderRow {
  folder: string;
  files: number;
  read: number;
  wrong: number;
  ms: number;
}

const rows: FolderRow[] = [];

describe('decoding the ZXing test photographs with the production strategy', () => {
  const folders = available ? corpusFolders() : [];

  it('has the photographs in the repository', () => {
    expect(available, `barcode photographs not found at ${BARCODES_DIR} (committed in test/fixtures/barcodes)`).toBe(true);
  });

  it('finds every folder ZXing publishes a figure for', () => {
    expect(folders).toEqual(expect.arrayContaining(Object.keys(ZXING_TRY_HARDER)));
  });

  it('expects only codes that the EAN rules of src/domain accept', () => {
    const kinds = folders.flatMap((folder) => loadFolder(folder).map((image) => [image.expected, classifyEan(image.expected)]));
    expect(kinds.length, 'expected texts read').toBeGreaterThan(0);
    expect(kinds.filter(([, kind]) => kind == null)).toEqual([]);
  });

  // The acceptance asks three independent lines to agree (decoder.ts AGREED): it gives up a few
  // images ZXing's "first row that decodes" reads (and misreads 8 with) in a folder, never in all.
  it.each(folders)('reads at least as many images of %s as ZXing does without try-harder, and misreads none', (folder) => {
    const images = loadFolder(folder);
    let read = 0;
    let wrong = 0;
    const misses: string[] = [];
    const started = performance.now();
    for (const image of images) {
      // A copy: the worker receives transferred buffers it may reuse; the test must not depend on that.
      const result = decodeFrame({ ...image.frame, data: image.frame.data.slice() }, PRODUCTION_STRATEGY);
      if (matchesExpected(result, image)) read++;
      else {
        if (isMisread(result, image)) wrong++;
        misses.push(`${image.file}${result ? ` (read ${result.text}${result.extension ? `+${result.extension}` : ''})` : ''}`);
      }
    }
    const ms = performance.now() - started;
    rows.push({ folder, files: images.length, read, wrong, ms });
    const figure = ZXING_PLAIN[folder];
    expect(figure, `no ZXing figure for ${folder}`).toBeDefined();
    expect(read, `${folder}: read ${read}/${images.length}; missed ${misses.join(', ')}`).toBeGreaterThanOrEqual(figure!);
    // A wrong code saved is worse than none: the decoder must not misread any photograph.
    expect(wrong, `${folder}: misread ${misses.filter((m) => m.includes('(read')).join(', ')}`).toBe(0);
  });

  it('reads at least as many images in all as ZXing does with try-harder', () => {
    expect(rows.length, 'the folders ran first').toBe(folders.length);
    const read = rows.reduce((sum, r) => sum + r.read, 0);
    const figure = folders.reduce((sum, f) => sum + (ZXING_TRY_HARDER[f] ?? 0), 0);
    expect(read).toBeGreaterThanOrEqual(figure);
  });

  afterAll(() => {
    if (rows.length === 0) return;
    const lines = [
      'folder               files  read  wrong  zxing plain/try-harder  ms/image',
      ...rows.map(
        (r) =>
          `${r.folder.padEnd(20)} ${String(r.files).padStart(5)} ${String(r.read).padStart(5)} ${String(r.wrong).padStart(6)}  ${`${ZXING_PLAIN[r.folder] ?? '?'} / ${ZXING_TRY_HARDER[r.folder] ?? '?'}`.padStart(22)}  ${(r.ms / r.files).toFixed(1).padStart(8)}`,
      ),
    ];
    console.log(`[decoder] strategy ${PRODUCTION_STRATEGY.name}\n${lines.join('\n')}`);
  });
});
