/**
 * Scanner benchmark (`npm run bench:scanner`): decode time per 1280×720 camera frame and success
 * rate per folder of test/fixtures/barcodes, for every decoding strategy side by side, in one run.
 *
 * - Frames: each test photograph is scaled (bilinear) to fit 90% of a 1280×720 mid-grey RGBA frame
 *   and centred — a code held up to a 720p camera. RGBA, because that is what the page hands the
 *   worker (ImageData), so the luminance conversion is part of the measured time.
 * - Runs the decoder in a worker_threads Worker (this same file, re-entered), like the app runs it
 *   in a web worker: each frame's buffer is transferred, decoded by workers/scanner/decoder.ts,
 *   and the result posted back. "decode" is measured inside the worker around decodeFrame; "trip"
 *   is the round trip seen by the main thread.
 * - One warm-up pass per strategy first (JIT), then every frame once per strategy.
 * - Prints a table (wall and CPU median/p95, success per folder, misreads) and picks the best of our
 *   strategies: fewest misreads among those whose CPU median is ≤ 50 ms, then most frames read,
 *   then the lowest CPU median. CPU time,
 *   because on a shared machine the wall time also counts other processes' turns on the cores.
 *
 * - Misreads: frames that came back with a code other than the photograph's (a wrong product code
 *   saved is worse than none). Counted at 720p and again at each photograph's native size.
 * - Peer: ZXing-C++ (zxing-wasm, a devDependency only; its .wasm is read from node_modules, no
 *   network) runs on the same frames in the same worker as strategy `zxingCpp`, with try-harder,
 *   the four EAN/UPC formats and add-ons read.
 *
 * - Acceptance rules (ACCEPT_RULES in decoder.ts): the production steps with each rule, and
 *   ZXing-C++ beside them, on three sets — the 720p frames, the photographs at native size, and
 *   *unseen* variants of every photograph (test/decoder/variants.ts: tilted, blurred and noisy,
 *   shrunk, dimmed, sheared and cropped; deterministic), which stand in for a held-back set: the
 *   rules were tuned on the public photographs, a rule fitted to them misreads on the variants.
 *   Reads and misreads per rule and set, misreads per variant kind.
 *
 * Options (env): BENCH_STRATEGIES (comma list of keys of STRATEGIES, or zxingCpp; empty: none),
 * BENCH_FOLDERS (comma list), BENCH_RULES=0 skips the acceptance-rule comparison.
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import type * as ZxingReader from 'zxing-wasm/reader';
import { ACCEPT_RULES, PRODUCTION_STRATEGY, STRATEGIES, decodeFrame } from '../workers/scanner/decoder';
import type { DecodeResult, ScanFrame } from '#contracts/scanner';
import {
  BARCODES_DIR,
  ZXING_TRY_HARDER,
  corpusAvailable,
  corpusFolders,
  loadFolder,
  isMisread,
  matchesExpected,
  type CorpusImage,
} from '../test/decoder/corpus';
import { VARIANT_KINDS, makeVariant } from '../test/decoder/variants';

type StrategyKey = keyof typeof STRATEGIES | typeof ZXING_CPP;

/** The peer decoder's key and name. */
const ZXING_CPP = 'zxingCpp';
const ZXING_CPP_NAME = 'ZXing-C++ (zxing-wasm 3.1.4, try-harder)';

const strategyName = (key: StrategyKey) => (key === ZXING_CPP ? ZXING_CPP_NAME : STRATEGIES[key].name);

interface Job {
  id: number;
  strategy: StrategyKey;
  /** A key of ACCEPT_RULES: the production steps with that acceptance instead of the strategy. */
  rule?: string;
  frame: ScanFrame;
}
interface Reply {
  id: number;
  result: DecodeResult | null;
  ms: number;
  /** CPU time of the process during the decode (the main thread idles meanwhile). */
  cpuMs: number;
}

const FRAME_W = 1280;
const FRAME_H = 720;
const FILL = 0.9;
const BACKGROUND = 128;
const GOAL_MS = 50;

// ---------------------------------------------------------------------------------------------
// Worker side: decode what the main thread sends.

/** ZXing-C++ in WebAssembly, loaded on first use from node_modules. */
let zxingCpp: typeof ZxingReader | null = null;

async function loadZxingCpp(): Promise<typeof ZxingReader> {
  if (zxingCpp) return zxingCpp;
  const module = await import('zxing-wasm/reader');
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await module.prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  // Node has no ImageData; zxing-wasm only reads these fields of it.
  (globalThis as { ImageData?: unknown }).ImageData ??= class {
    readonly colorSpace = 'srgb';
    constructor(
      readonly data: Uint8ClampedArray,
      readonly width: number,
      readonly height: number,
    ) {}
  };
  zxingCpp = module;
  return module;
}

const CPP_FORMATS: Record<string, DecodeResult['format']> = { EAN13: 'EAN_13', EAN8: 'EAN_8', UPCA: 'UPC_A', UPCE: 'UPC_E' };

/**
 * ZXing-C++'s reading as our DecodeResult: it reports UPC-A as an EAN-13 starting with 0 and UPC-E
 * as GTIN-13 text (the UPC-E's own 8 digits are in `extra`), and appends the add-on to the text.
 */
async function decodeWithZxingCpp(frame: ScanFrame): Promise<DecodeResult | null> {
  const { readBarcodes } = await loadZxingCpp();
  const image = new (globalThis as unknown as { ImageData: new (d: Uint8ClampedArray, w: number, h: number) => ImageData }).ImageData(
    frame.data,
    frame.width,
    frame.height,
  );
  const started = performance.now();
  const [found] = await readBarcodes(image, { formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE'], tryHarder: true, eanAddOnSymbol: 'Read', maxNumberOfSymbols: 1 });
  if (!found || !found.isValid) return null;
  let format = CPP_FORMATS[found.format];
  if (!format) return null;
  const extra = found.extra ? (JSON.parse(found.extra) as { UPCE?: string; EanAddOn?: string }) : {};
  let main = extra.EanAddOn && found.text.endsWith(extra.EanAddOn) ? found.text.slice(0, -extra.EanAddOn.length) : found.text;
  if (format === 'UPC_E') main = extra.UPCE ?? main;
  // Like ZXing Java (and our decoder), an EAN-13 starting with 0 is the UPC-A it encodes.
  if ((format === 'UPC_A' || format === 'EAN_13') && main.length === 13 && main.startsWith('0')) {
    format = 'UPC_A';
    main = main.slice(1);
  }
  return { text: main, format, ...(extra.EanAddOn ? { extension: extra.EanAddOn } : {}), ms: performance.now() - started, strategy: ZXING_CPP_NAME };
}

if (!isMainThread) {
  parentPort!.on('message', async (job: Job) => {
    if (job.strategy === ZXING_CPP) await loadZxingCpp(); // not timed: a page loads it once
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result =
      job.strategy === ZXING_CPP
        ? await decodeWithZxingCpp(job.frame)
        : decodeFrame(job.frame, job.rule ? { ...PRODUCTION_STRATEGY, accept: ACCEPT_RULES[job.rule]! } : STRATEGIES[job.strategy]);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const reply: Reply = { id: job.id, result, ms, cpuMs: (used.user + used.system) / 1000 };
    parentPort!.postMessage(reply);
  });
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// Main side.

/** Place an RGBA image, scaled to fit FILL of the frame, in the middle of a grey 1280×720 frame. */
function toCameraFrame(image: ScanFrame): ScanFrame {
  const out = new Uint8ClampedArray(FRAME_W * FRAME_H * 4);
  out.fill(BACKGROUND);
  const scale = Math.min((FRAME_W * FILL) / image.width, (FRAME_H * FILL) / image.height);
  const w = Math.round(image.width * scale);
  const h = Math.round(image.height * scale);
  const left = Math.floor((FRAME_W - w) / 2);
  const top = Math.floor((FRAME_H - h) / 2);
  const src = image.data;
  const sw = image.width;
  const sh = image.height;
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = fx - x0;
      const o = ((top + y) * FRAME_W + left + x) * 4;
      for (let c = 0; c < 3; c++) {
        const a = src[(y0 * sw + x0) * 4 + c]!;
        const b = src[(y0 * sw + x1) * 4 + c]!;
        const d = src[(y1 * sw + x0) * 4 + c]!;
        const e = src[(y1 * sw + x1) * 4 + c]!;
        out[o + c] = (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy;
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width: FRAME_W, height: FRAME_H };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

interface StrategyStats {
  key: StrategyKey;
  name: string;
  decode: number[];
  cpu: number[];
  trip: number[];
  /** Which step of the strategy found the code, for frames read correctly. */
  steps: Map<string, number>;
  readPerFolder: Map<string, number>;
  read: number;
  /** Frames that came back with another code than the photograph's. */
  misread: number;
  /** The same photographs at their native size (no 720p frame around them). */
  nativeRead: number;
  nativeMisread: number;
}

async function main(): Promise<void> {
  if (!corpusAvailable()) {
    console.error(`bench:scanner: barcode photographs not found at ${BARCODES_DIR}`);
    process.exit(1);
  }
  const onlyFolders = process.env.BENCH_FOLDERS?.split(',').filter(Boolean);
  const folders = corpusFolders().filter((f) => !onlyFolders || onlyFolders.includes(f));
  const keys = (process.env.BENCH_STRATEGIES != null ? process.env.BENCH_STRATEGIES.split(',').filter(Boolean) : [...Object.keys(STRATEGIES), ZXING_CPP]) as StrategyKey[];
  for (const k of keys) if (k !== ZXING_CPP && !(k in STRATEGIES)) throw new Error(`unknown strategy ${k}; known: ${Object.keys(STRATEGIES).join(', ')}, ${ZXING_CPP}`);

  const images: { image: CorpusImage; frame: ScanFrame }[] = [];
  for (const folder of folders) for (const image of loadFolder(folder)) images.push({ image, frame: toCameraFrame(image.frame) });
  const counts = new Map<string, number>();
  for (const { image } of images) counts.set(image.folder, (counts.get(image.folder) ?? 0) + 1);

  // tsx registers its loader in this thread only: the worker registers it too, then loads this file.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true });
  worker.on('error', (error) => {
    console.error('bench:scanner: worker failed', error);
    process.exit(1);
  });
  const pending = new Map<number, (reply: Reply) => void>();
  worker.on('message', (reply: Reply) => pending.get(reply.id)?.(reply));
  let nextId = 0;
  const decodeInWorker = (strategy: StrategyKey, frame: ScanFrame, rule?: string): Promise<Reply & { trip: number }> => {
    const id = nextId++;
    // Transfer a copy: the page transfers each grabbed frame, and we reuse ours per strategy.
    const data = frame.data.slice();
    const sent = performance.now();
    return new Promise((resolve) => {
      pending.set(id, (reply) => {
        pending.delete(id);
        resolve({ ...reply, trip: performance.now() - sent });
      });
      worker.postMessage({ id, strategy, ...(rule ? { rule } : {}), frame: { data, width: frame.width, height: frame.height } } satisfies Job, [data.buffer]);
    });
  };

  console.log(
    `bench:scanner — ${images.length} frames of ${FRAME_W}×${FRAME_H} from ${BARCODES_DIR}\n` +
      `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n` +
      `decoding in a worker_threads Worker; strategies: ${keys.join(', ')}\n`,
  );

  const stats: StrategyStats[] = [];
  for (const key of keys) {
    const warm = images.filter((_, i) => i % 12 === 0);
    for (const { frame } of warm) await decodeInWorker(key, frame);
    const s: StrategyStats = {
      key,
      name: strategyName(key),
      decode: [],
      cpu: [],
      trip: [],
      steps: new Map(),
      readPerFolder: new Map(),
      read: 0,
      misread: 0,
      nativeRead: 0,
      nativeMisread: 0,
    };
    for (const { image, frame } of images) {
      const reply = await decodeInWorker(key, frame);
      s.decode.push(reply.ms);
      s.cpu.push(reply.cpuMs);
      s.trip.push(reply.trip);
      if (matchesExpected(reply.result, image)) {
        s.read++;
        const step = reply.result!.strategy;
        s.steps.set(step, (s.steps.get(step) ?? 0) + 1);
        s.readPerFolder.set(image.folder, (s.readPerFolder.get(image.folder) ?? 0) + 1);
      } else if (isMisread(reply.result, image)) s.misread++;
    }
    for (const { image } of images) {
      const reply = await decodeInWorker(key, image.frame);
      if (matchesExpected(reply.result, image)) s.nativeRead++;
      else if (isMisread(reply.result, image)) s.nativeMisread++;
    }
    s.decode.sort((a, b) => a - b);
    s.cpu.sort((a, b) => a - b);
    s.trip.sort((a, b) => a - b);
    stats.push(s);
    console.log(
      `  ${s.name}: median ${percentile(s.decode, 50).toFixed(1)} ms, read ${s.read}/${images.length} (${s.misread} misread) at 720p, ${s.nativeRead} (${s.nativeMisread} misread) at native size`,
    );
  }
  if (process.env.BENCH_RULES !== '0') await compareRules(images, decodeInWorker);
  await worker.terminate();

  // Table (Markdown, so it can go into docs/performance.md as is).
  const header = ['strategy', 'median ms', 'p95 ms', 'CPU median ms', 'CPU p95 ms', 'trip median ms', ...folders, 'total', 'misreads', 'native size: read', 'native: misreads'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  lines.push(
    `| ZXing Java try-harder (native size) | | | | | | ${folders.map((f) => `${ZXING_TRY_HARDER[f] ?? '?'}/${counts.get(f)}`).join(' | ')} | ${folders.reduce((a, f) => a + (ZXING_TRY_HARDER[f] ?? 0), 0)}/${images.length} | | | |`,
  );
  for (const s of stats) {
    lines.push(
      `| ${s.name}${s.name === PRODUCTION_STRATEGY.name ? ' (production)' : ''} | ${percentile(s.decode, 50).toFixed(1)} | ${percentile(s.decode, 95).toFixed(1)} | ${percentile(s.cpu, 50).toFixed(1)} | ${percentile(s.cpu, 95).toFixed(1)} | ${percentile(s.trip, 50).toFixed(1)} | ${folders
        .map((f) => `${s.readPerFolder.get(f) ?? 0}/${counts.get(f)}`)
        .join(' | ')} | ${s.read}/${images.length} | ${s.misread} | ${s.nativeRead}/${images.length} | ${s.nativeMisread} |`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
  for (const s of stats.filter((x) => x.key !== ZXING_CPP && STRATEGIES[x.key].steps.length > 1)) {
    console.log(`${s.name}: frames read per step — ${[...s.steps].map(([step, n]) => `${step} ${n}`).join(', ')}`);
  }

  // The goal is judged on the decode's CPU time: on a shared 2-core machine the wall time also
  // counts the time other processes held the CPU (the load average above says how much).
  const cpuMedian = (s: StrategyStats) => percentile(s.cpu, 50);
  // Our strategies only (the peer is a yardstick), fewest misreads first: a wrong code is worse than none.
  const ours = stats.filter((s) => s.key !== ZXING_CPP);
  const eligible = ours.filter((s) => cpuMedian(s) <= GOAL_MS);
  const pool = eligible.length > 0 ? eligible : ours;
  if (pool.length === 0) return;
  const misreads = (s: StrategyStats) => s.misread + s.nativeMisread;
  const best = [...pool].sort((a, b) => misreads(a) - misreads(b) || b.read - a.read || cpuMedian(a) - cpuMedian(b))[0]!;
  console.log(
    `best: ${best.name} (read ${best.read}/${images.length}, CPU median ${cpuMedian(best).toFixed(1)} ms, wall median ${percentile(best.decode, 50).toFixed(1)} ms` +
      `${eligible.length === 0 ? `; NOTE: no strategy met the ${GOAL_MS} ms median goal` : ''})`,
  );
  console.log(
    best.name === PRODUCTION_STRATEGY.name
      ? `production default (PRODUCTION_STRATEGY in workers/scanner/decoder.ts) is ${PRODUCTION_STRATEGY.name}: it is the best.`
      : `production default is ${PRODUCTION_STRATEGY.name}, but ${best.name} did better in this run.`,
  );
}

/** A luminance frame as RGBA (what the page grabs, and all ZXing-C++'s ImageData takes). */
function greyToRgba(frame: ScanFrame): ScanFrame {
  if (frame.data.length === frame.width * frame.height * 4) return frame;
  const data = new Uint8ClampedArray(frame.width * frame.height * 4);
  for (let i = 0, o = 0; i < frame.data.length; i++, o += 4) {
    data[o] = data[o + 1] = data[o + 2] = frame.data[i]!;
    data[o + 3] = 255;
  }
  return { data, width: frame.width, height: frame.height };
}

/**
 * Reads and misreads per acceptance rule (the production steps with each rule of ACCEPT_RULES,
 * ZXing-C++ as the yardstick) on the 720p frames, at native size and on the unseen variants.
 */
async function compareRules(
  images: { image: CorpusImage; frame: ScanFrame }[],
  decode: (strategy: StrategyKey, frame: ScanFrame, rule?: string) => Promise<Reply>,
): Promise<void> {
  const started = performance.now();
  const variants = images.flatMap(({ image }) =>
    VARIANT_KINDS.map((kind) => ({ image, kind, frame: greyToRgba(makeVariant(image.frame, kind, `${image.folder}/${image.file}`)) })),
  );
  console.log(`\nacceptance rules — production steps (${PRODUCTION_STRATEGY.steps.map((s) => s.name).join(', ')}); ${variants.length} unseen variants (${VARIANT_KINDS.join(', ')}) made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const sets: { name: string; frames: { image: CorpusImage; kind: string; frame: ScanFrame }[] }[] = [
    { name: '720p', frames: images.map(({ image, frame }) => ({ image, kind: '720p', frame })) },
    { name: 'native', frames: images.map(({ image }) => ({ image, kind: 'native', frame: image.frame })) },
    { name: 'variants', frames: variants },
  ];
  const runs: { name: string; strategy: StrategyKey; rule?: string }[] = [
    ...Object.keys(ACCEPT_RULES).map((rule) => ({ name: rule, strategy: 'cascade' as StrategyKey, rule })),
    { name: ZXING_CPP_NAME, strategy: ZXING_CPP },
  ];
  const header = ['acceptance', ...sets.flatMap((set) => [`${set.name} read`, `${set.name} misreads`]), ...VARIANT_KINDS.map((k) => `${k} read / misread`)];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const run of runs) {
    const cells: string[] = [];
    const perKind = new Map<string, { read: number; misread: number; n: number }>();
    const wrong: string[] = [];
    for (const set of sets) {
      let read = 0;
      let misread = 0;
      for (const { image, kind, frame } of set.frames) {
        const { result } = await decode(run.strategy, frame, run.rule);
        const k = perKind.get(kind) ?? { read: 0, misread: 0, n: 0 };
        k.n++;
        if (matchesExpected(result, image)) {
          read++;
          k.read++;
        } else if (isMisread(result, image)) {
          misread++;
          k.misread++;
          wrong.push(`${set.name === 'variants' ? kind : set.name} ${image.folder}/${image.file}: ${result!.text} for ${image.expected}`);
        }
        perKind.set(kind, k);
      }
      cells.push(`${read}/${set.frames.length}`, `${misread}`);
    }
    for (const kind of VARIANT_KINDS) {
      const k = perKind.get(kind);
      cells.push(k ? `${k.read}/${k.n} / ${k.misread}` : '');
    }
    lines.push(`| ${run.name} | ${cells.join(' | ')} |`);
    console.log(`  ${run.name}: ${cells.slice(0, 6).join(' ')}${wrong.length ? `; misreads: ${wrong.slice(0, 12).join('; ')}${wrong.length > 12 ? `; … ${wrong.length - 12} more` : ''}` : ''}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}
