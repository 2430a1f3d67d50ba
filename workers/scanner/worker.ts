/**
 * Entry of the scanner web worker: the decoding core (decoder.ts) exposed to the page with Comlink
 * as `ScannerApi`. Decoding a frame takes tens of milliseconds of busy CPU; here it never blocks
 * the page's camera preview or taps. Frames arrive as transferred buffers (src/scanner/client.ts).
 */
import { expose } from 'comlink';
import type { ScanFrame, ScannerApi } from '#contracts/scanner';
import { decodeFrame } from './decoder';

const api = {
  async decode(frame: ScanFrame) {
    return decodeFrame(frame);
  },
} satisfies ScannerApi;

const inWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;

if (inWorker) {
  expose(api);
} else {
  console.error(
    'workers/scanner/worker.ts was imported outside a web worker. Load it with ' +
      "new Worker(new URL('../../workers/scanner/worker.ts', import.meta.url), { type: 'module' }) " +
      '(see src/scanner/client.ts).',
  );
}
