/**
 * The camera picture of the scanner end-to-end tests: real EAN-13 and EAN-8 barcodes drawn by
 * bwip-js, put on a white page and made into a Y4M video with Debian's ffmpeg — first the EAN-13,
 * then the EAN-8 — that Chromium plays as its fake camera
 * (`--use-file-for-fake-video-capture`, which loops the file). Built once per machine into the
 * temp folder (the name carries the inputs, so a changed recipe makes a new file).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import bwipjs from 'bwip-js/node';

const run = promisify(execFile);

/** A valid EAN-13 (GS1 check digit 1) and a valid EAN-8 (check digit 4). */
export const VIDEO_EAN_13 = '4006381333931';
export const VIDEO_EAN_8 = '96385074';

const WIDTH = 640;
const HEIGHT = 480;
const FPS = 10;
/** Seconds each code is shown before the next (the whole video loops). */
const SECONDS_EACH = 2;

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

export async function barcodeVideo(): Promise<BarcodeVideo> {
  const codes = [VIDEO_EAN_13, VIDEO_EAN_8] as const;
  const recipe = JSON.stringify({ codes, WIDTH, HEIGHT, FPS, SECONDS_EACH, v: 1 });
  const dir = join(tmpdir(), `shelfwork-e2e-barcodes-${createHash('sha256').update(recipe).digest('hex').slice(0, 12)}`);
  const path = join(dir, 'barcodes.y4m');
  if (existsSync(path)) return { path, codes };

  await mkdir(dir, { recursive: true });
  const [ean13, ean8] = await Promise.all([barcodePng('ean13', VIDEO_EAN_13), barcodePng('ean8', VIDEO_EAN_8)]);
  const png13 = join(dir, 'ean13.png');
  const png8 = join(dir, 'ean8.png');
  await writeFile(png13, ean13);
  await writeFile(png8, ean8);

  // Each code fitted into the frame (never upscaled past 520 px wide) on white, then one after the other.
  const place = (input: number, label: string) =>
    `[${input}:v]scale='min(520,iw)':-2,pad=${WIDTH}:${HEIGHT}:(ow-iw)/2:(oh-ih)/2:white,fps=${FPS},format=yuv420p,setsar=1[${label}]`;
  const partial = join(dir, `barcodes.${process.pid}.y4m`);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-t',
    String(SECONDS_EACH),
    '-i',
    png13,
    '-loop',
    '1',
    '-t',
    String(SECONDS_EACH),
    '-i',
    png8,
    '-filter_complex',
    `${place(0, 'a')};${place(1, 'b')};[a][b]concat=n=2:v=1:a=0[out]`,
    '-map',
    '[out]',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    partial,
  ]);
  // Written under another name first: a second worker never reads a half-written video.
  await rename(partial, path);
  await rm(png13, { force: true });
  await rm(png8, { force: true });
  return { path, codes };
}
