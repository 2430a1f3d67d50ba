/**
 * The fake camera video of the scanner end-to-end tests (test/e2e/support/barcodeVideo.ts),
 * checked without a browser: a Y4M file Chromium accepts (header, 640×480 4:2:0 frames), showing
 * the EAN-13 for 2 s and then the EAN-8 for 2 s at 10 frames per second, and every frame read by
 * the scanner's production decoder as the code it should show.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_STRATEGY, decodeFrame } from '../../workers/scanner/decoder';
import { VIDEO_EAN_13, VIDEO_EAN_8, barcodeVideo } from '../e2e/support/barcodeVideo';
import { parseY4m } from '../support/images';

/** A grey RGBA frame from a limited-range luma plane, as Chromium would show it (16 → 0, 235 → 255). */
function lumaToRgba(luma: Buffer, width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < luma.length; i++) {
    const v = Math.round(((luma[i]! - 16) * 255) / 219);
    data.set([v, v, v, 255], i * 4);
  }
  return { data, width, height };
}

describe('the scanner tests’ fake camera video', () => {
  it('is a 640×480, 10 fps Y4M showing the EAN-13 for 20 frames, then the EAN-8 for 20', async () => {
    const video = await barcodeVideo();
    expect(video.codes).toEqual([VIDEO_EAN_13, VIDEO_EAN_8]);
    const { header, width, height, fps, lumaFrames } = parseY4m(readFileSync(video.path));
    expect(header).toBe('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg');
    expect([width, height, fps]).toEqual([640, 480, '10:1']);
    const read = lumaFrames.map((luma) => decodeFrame(lumaToRgba(luma, width, height), PRODUCTION_STRATEGY)?.text ?? null);
    expect(read).toEqual([...Array<string>(20).fill(VIDEO_EAN_13), ...Array<string>(20).fill(VIDEO_EAN_8)]);
    // A white page (limited range: 235) around a code that reaches black (16).
    const first = lumaFrames[0]!;
    expect(first[0]).toBe(235);
    expect(first.reduce((low, v) => Math.min(low, v), 255)).toBeLessThanOrEqual(20);
  });
});
