import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageFileError, withDecodedImage } from './image';
import { PHOTO_MAX_INPUT_BYTES } from './resize';

const jpeg = (bytes = 16) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

function stubDecoder(fail = false) {
  const close = vi.fn();
  const decode = vi.fn(async () => {
    if (fail) throw new DOMException('cannot decode', 'InvalidStateError');
    return { width: 4032, height: 3024, close } as unknown as ImageBitmap;
  });
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, close };
}

afterEach(() => vi.unstubAllGlobals());

describe('withDecodedImage: the one reading of a picked picture (task, document and profile photos)', () => {
  it('refuses a file that is too large, empty or not an image before decoding it', async () => {
    const { decode } = stubDecoder();
    expect(imageFileError({ type: 'image/jpeg', size: PHOTO_MAX_INPUT_BYTES + 1 })).toBe('IMAGE_TOO_LARGE');
    expect(await withDecodedImage(new Blob([], { type: 'image/jpeg' }), async () => ({}))).toEqual({ ok: false, code: 'IMAGE_LOAD_FAILED' });
    expect(await withDecodedImage(new Blob(['%PDF'], { type: 'application/pdf' }), async () => ({}))).toEqual({ ok: false, code: 'IMAGE_UNSUPPORTED_FORMAT' });
    expect(decode).not.toHaveBeenCalled();
  });

  it('decodes upright, hands over the picture (and the bytes when asked) and closes it', async () => {
    const { decode, close } = stubDecoder();
    const result = await withDecodedImage(jpeg(), async (bitmap, bytes) => ({ width: bitmap.width, bytes: bytes?.length ?? null }), { bytes: true });
    expect(result).toEqual({ ok: true, width: 4032, bytes: 16 });
    expect(decode).toHaveBeenCalledWith(expect.any(Blob), { imageOrientation: 'from-image' });
    expect(close).toHaveBeenCalledTimes(1);
    expect(await withDecodedImage(jpeg(), async (_bitmap, bytes) => ({ bytes }))).toEqual({ ok: true, bytes: null });
  });

  it('says which failure it was: a format the browser cannot decode, or a picture it could not use', async () => {
    stubDecoder(true);
    expect(await withDecodedImage(jpeg(), async () => ({}))).toEqual({ ok: false, code: 'IMAGE_UNSUPPORTED_FORMAT' });
    const { close } = stubDecoder();
    expect(
      await withDecodedImage(jpeg(), async () => {
        throw new Error('NO_2D_CONTEXT');
      }),
    ).toEqual({ ok: false, code: 'IMAGE_LOAD_FAILED' });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('reports an unreadable file as not loaded, not as a format to change', async () => {
    const { decode } = stubDecoder();
    const unreadable = Object.assign(jpeg(), { arrayBuffer: () => Promise.reject(new Error('NotReadableError')) });
    expect(await withDecodedImage(unreadable, async () => ({}), { bytes: true })).toEqual({ ok: false, code: 'IMAGE_LOAD_FAILED' });
    expect(decode).not.toHaveBeenCalled();
  });
});
