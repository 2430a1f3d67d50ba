import { describe, expect, it } from 'vitest';
import { fitProfilePhoto, PROFILE_PHOTO_MAX_BYTES, profileInitials, profilePhotoSize } from './profilePhoto';

const jpegOf = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

describe('profilePhotoSize', () => {
  it('makes a phone photo 320 px wide, keeping its proportions', () => {
    expect(profilePhotoSize({ width: 4000, height: 3000 })).toEqual({ width: 320, height: 240 });
    expect(profilePhotoSize({ width: 3000, height: 4000 })).toEqual({ width: 320, height: 427 });
  });

  it('never upscales a small picture', () => {
    expect(profilePhotoSize({ width: 200, height: 150 })).toEqual({ width: 200, height: 150 });
  });

  it('holds a tall panorama at 480 px high', () => {
    expect(profilePhotoSize({ width: 1000, height: 5000 })).toEqual({ width: 96, height: 480 });
  });
});

describe('fitProfilePhoto (thumbnail at most 64 kB)', () => {
  it('keeps the best quality that fits', async () => {
    const asked: number[] = [];
    const result = await fitProfilePhoto(async (quality) => {
      asked.push(quality);
      return jpegOf(quality > 0.7 ? PROFILE_PHOTO_MAX_BYTES + 1 : PROFILE_PHOTO_MAX_BYTES);
    });
    expect(asked).toEqual([0.85, 0.75, 0.65]);
    expect(result.ok && result.blob.size).toBe(64 * 1024);
    expect(result.ok && result.blob.type).toBe('image/jpeg');
  });

  it('takes the first encoding when it already fits', async () => {
    const result = await fitProfilePhoto(async () => jpegOf(30_000));
    expect(result.ok && result.blob.size).toBe(30_000);
  });

  it("answers 'file too large' when even the lowest quality is over 64 kB", async () => {
    expect(await fitProfilePhoto(async () => jpegOf(PROFILE_PHOTO_MAX_BYTES + 1))).toEqual({ ok: false, code: 'IMAGE_TOO_LARGE' });
  });
});

describe('profileInitials', () => {
  it('takes the first letters of the first and last name', () => {
    expect(profileInitials('Aistė Kazlauskienė', 'lt@demo.shelfwork.app')).toBe('AK');
    expect(profileInitials('  Ąžuolas  Jonas  Šimkus ', null)).toBe('ĄŠ');
    expect(profileInitials('Tereza', null)).toBe('T');
  });

  it('falls back to the email, then to a question mark', () => {
    expect(profileInitials(null, 'pl@demo.shelfwork.app')).toBe('P');
    expect(profileInitials('', '')).toBe('?');
  });
});
