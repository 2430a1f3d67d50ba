/**
 * The picture helpers the tests and benchmarks use instead of ffmpeg (test/support/images.ts):
 * JPEGs that decode to what was drawn, a test card that differs per frame, BT.601 limited-range
 * YUV 4:2:0 as ffmpeg's yuv420p, and Y4M files that read back frame by frame.
 */
import { describe, expect, it } from 'vitest';
import { COLOURS, decodeJpeg, drawImage, encodeJpeg, parseY4m, solidImage, testPattern, toI420, y4mChunks } from '../support/images';

const meanDifference = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

describe('JPEGs', () => {
  it('decode to the size and (nearly) the pixels that were drawn', () => {
    const image = solidImage(96, 72, COLOURS.steelblue);
    drawImage(image, testPattern(48, 36, 3), 8, 8);
    const bytes = encodeJpeg(image, 90);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const back = decodeJpeg(bytes);
    expect([back.width, back.height]).toEqual([96, 72]);
    expect(meanDifference(back.data, image.data)).toBeLessThan(6);
    expect(Math.max(...back.data.subarray(0, 3).map((v, c) => Math.abs(v - COLOURS.steelblue[c]!)))).toBeLessThanOrEqual(4);
  });

  it('of the test card differ from frame to frame, and the same frame is the same file', () => {
    const files = [0, 1, 2, 3].map((frame) => encodeJpeg(testPattern(160, 120, frame), 80).toString('hex'));
    expect(new Set(files).size).toBe(4);
    expect(encodeJpeg(testPattern(160, 120, 2), 80).toString('hex')).toBe(files[2]);
  });
});

describe('YUV 4:2:0 and Y4M', () => {
  it('converts colours as ffmpeg’s BT.601 limited range does', () => {
    const planes = (rgb: readonly [number, number, number]) => {
      const frame = toI420(solidImage(2, 2, rgb));
      return [frame[0], frame[4], frame[5]];
    };
    expect(planes(COLOURS.white)).toEqual([235, 128, 128]);
    expect(planes(COLOURS.black)).toEqual([16, 128, 128]);
    expect(planes(COLOURS.red)).toEqual([82, 90, 240]);
  });

  it('averages each 2×2 block into one chroma sample', () => {
    const image = solidImage(4, 2, COLOURS.white);
    drawImage(image, solidImage(2, 2, COLOURS.red), 2, 0);
    const frame = toI420(image);
    // Y: 4×2, then U: 2×1, then V: 2×1.
    expect([...frame.subarray(8, 10)]).toEqual([128, 90]);
    expect([...frame.subarray(10, 12)]).toEqual([128, 240]);
    expect(() => toI420(solidImage(3, 2, COLOURS.white))).toThrow(/even/);
  });

  it('writes a header and each segment’s frames in order, and reads them back', () => {
    const white = toI420(solidImage(4, 2, COLOURS.white));
    const black = toI420(solidImage(4, 2, COLOURS.black));
    const file = Buffer.concat(y4mChunks({ width: 4, height: 2, fps: 10 }, [{ frame: white, count: 2 }, { frame: black, count: 3 }]));
    expect(file.subarray(0, file.indexOf(0x0a) + 1).toString('ascii')).toBe('YUV4MPEG2 W4 H2 F10:1 Ip A1:1 C420jpeg\n');
    expect(file.length).toBe(39 + 5 * (6 + 12));
    const parsed = parseY4m(file);
    expect(parsed.lumaFrames.map((y) => y[0])).toEqual([235, 235, 16, 16, 16]);
    expect(() => y4mChunks({ width: 4, height: 4, fps: 10 }, [{ frame: white, count: 1 }])).toThrow(/24 bytes/);
  });
});
