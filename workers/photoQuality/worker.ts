/**
 * Entry of the photo quality web worker: decodes a photo (createImageBitmap), draws it at the
 * measuring size on an OffscreenCanvas and measures sharpness and brightness
 * (src/domain/photoQuality.ts), exposed with Comlink as `PhotoQualityApi`. Off the main thread, so
 * the camera preview and the photo dialog never wait for it; nothing here needs the network.
 */
import { expose } from 'comlink';
import type { PhotoQualityApi } from '#contracts/photoQuality';
import { judgePhoto, measureRgba, qualitySize } from '#domain/photoQuality';

const api = {
  async measure(photo: Blob) {
    const started = performance.now();
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(photo);
    } catch {
      return null;
    }
    try {
      const size = qualitySize(bitmap.width, bitmap.height);
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return null;
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const pixels = context.getImageData(0, 0, size.width, size.height);
      const quality = measureRgba(pixels.data, size.width, size.height);
      return { quality, verdict: judgePhoto(quality), ms: performance.now() - started };
    } finally {
      bitmap.close();
    }
  },
} satisfies PhotoQualityApi;

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;

if (inWorker) {
  expose(api);
} else {
  console.error(
    'workers/photoQuality/worker.ts was imported outside a web worker. Load it with ' +
      "new Worker(new URL('../../../workers/photoQuality/worker.ts', import.meta.url), { type: 'module' }) " +
      '(see src/execution/photos/quality.ts).',
  );
}
