/**
 * The camera picture of the scanner end-to-end tests: real EAN-13 and EAN-8 barcodes drawn by
 * bwip-js, each put in the middle of a white 640×480 page and written as a Y4M video in
 * JavaScript (test/support/images.ts) — first the EAN-13 for 2 s, then the EAN-8 for 2 s, at
 * 10 frames per second — that Chromium plays as its fake camera
 * (`--use-file-for-fake-video-capture`, which loops the file). Built once per machine into the
 * temp folder (the name carries the inputs, so a changed recipe makes a new file).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { COLOURS, drawImage, resize, solidImage, toI420, y4mChunks, type RgbaImage } from '../../support/images';

/** A valid EAN-13 (GS1 check digit 1) and a valid EAN-8 (check digit 4). */
export const VIDEO_EAN_13 = '4006381333931';
export const VIDEO_EAN_8 = '96385074';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;
/** Seconds each code is shown before the next (the whole video loops). */
const SECONDS_EACH = 2;
/** A code picture wider than this is shrunk to fit (bwip-js' EAN-13 at scale 3 is 358 px). */
const MAX_CODE_WIDTH = 520;

export interface BarcodeVideo {
  /** Absolute path of the .y4m file. */
  path: string;
  /** The codes in the order the video shows them. */
  codes: readonly string[];
}

async function barcodePng(bcid: 'ean13' | 'ean8', text: string): Promise<Buffer> {
  // Scale 3 gives ~3 px modules: as sharp as a phone held 15–20 cm from a shelf label.
  return bwipjs.toBuffer({ bcid, text, scale: 3, height: 22, includetext: true, textxalign: 'center', backgroundcolor: 'FFFFFF', paddingwidth: 12, paddingheight: 8 });
}

/**
 * One video frame: the barcode picture on a white page, in the middle (on even pixels, as
 * 4:2:0 needs), shrunk to MAX_CODE_WIDTH wide when it is wider (never enlarged).
 */
export function barcodeFrame(png: Buffer): RgbaImage {
  const decoded = PNG.sync.read(png);
  let code: RgbaImage = { width: decoded.width, height: decoded.height, data: decoded.data };
  if (code.width > MAX_CODE_WIDTH) code = resize(code, MAX_CODE_WIDTH, Math.round((code.height * MAX_CODE_WIDTH) / code.width));
  const page = solidImage(WIDTH, HEIGHT, COLOURS.white);
  const even = (n: number) => Math.max(0, Math.floor(n / 2) * 2);
  drawImage(page, code, even((WIDTH - code.width) / 2), even((HEIGHT - code.height) / 2));
  return page;
}

export async function barcodeVideo(): Promise<BarcodeVideo> {
  const codes = [VIDEO_EAN_13, VIDEO_EAN_8] as const;
  const recipe = JSON.stringify({ codes, WIDTH, HEIGHT, FPS, SECONDS_EACH, MAX_CODE_WIDTH, v: 2 });
  const dir = join(tmpdir(), `shelfwork-e2e-barcodes-${createHash('sha256').update(recipe).digest('hex').slice(0, 12)}`);
  const path = join(dir, 'barcodes.y4m');
  if (existsSync(path)) return { path, codes };

  await mkdir(dir, { recursive: true });
  const pngs = await Promise.all([barcodePng('ean13', VIDEO_EAN_13), barcodePng('ean8', VIDEO_EAN_8)]);
  const chunks = y4mChunks(
    { width: WIDTH, height: HEIGHT, fps: FPS },
    pngs.map((png) => ({ frame: toI420(barcodeFrame(png)), count: FPS * SECONDS_EACH })),
  );
  // Written under another name first: a second worker never reads a half-written video.
  const partial = join(dir, `barcodes.${process.pid}.y4m`);
  await writeFile(partial, chunks);
  await rename(partial, path);
  return { path, codes };
}
