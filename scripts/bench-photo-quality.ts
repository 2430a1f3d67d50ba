/**
 * npm run bench:photo-quality — tunes and checks the photo quality thresholds
 * (src/domain/photoQuality.ts) on real photographs: the repository's phone photos of product
 * packaging (test/fixtures/barcodes, ZXing's corpus) as the sharp, well-lit set, and variants made
 * from each — Gaussian blur (σ 1.5 and 2.5 px at the measuring size), camera shake (a 9 px
 * horizontal box), dim light (×0.3 and ×0.2 with sensor noise). Prints how many sharp photos are
 * wrongly flagged and how many blurred or dark ones pass, for the shipped thresholds, and the best
 * thresholds a sweep finds (to re-tune: copy them into PHOTO_QUALITY_THRESHOLDS).
 *
 *   npm run bench:photo-quality            # the figures
 *   npm run bench:photo-quality -- --list  # every photo's measures
 */
import { judgePhoto, measureRgba, PHOTO_QUALITY_THRESHOLDS, QUALITY_SIDE, type PhotoQuality, type PhotoQualityThresholds } from '../src/domain/photoQuality';
import { darken, gaussianBlur, loadPhotos, motionBlur } from '../test/support/photoVariants';

type Kind = 'sharp' | 'blur-1.5' | 'blur-2.5' | 'shake-9' | 'dark-0.3' | 'dark-0.2';
const expected: Record<Kind, 'ok' | 'blurry' | 'dark'> = {
  sharp: 'ok',
  'blur-1.5': 'blurry',
  'blur-2.5': 'blurry',
  'shake-9': 'blurry',
  'dark-0.3': 'dark',
  'dark-0.2': 'dark',
};

interface Sample {
  name: string;
  kind: Kind;
  quality: PhotoQuality;
}

const started = performance.now();
const photos = loadPhotos(240);
const samples: Sample[] = [];
let measureMs = 0;
for (const [index, photo] of photos.entries()) {
  // Blur is sized at the measuring resolution: σ at full size = σ at QUALITY_SIDE × scale.
  const scale = Math.max(1, Math.max(photo.image.width, photo.image.height) / QUALITY_SIDE);
  const variants: [Kind, typeof photo.image][] = [
    ['sharp', photo.image],
    ['blur-1.5', gaussianBlur(photo.image, 1.5 * scale)],
    ['blur-2.5', gaussianBlur(photo.image, 2.5 * scale)],
    ['shake-9', motionBlur(photo.image, 9 * scale)],
    ['dark-0.3', darken(photo.image, 0.3, 2, index + 1)],
    ['dark-0.2', darken(photo.image, 0.2, 2, index + 1)],
  ];
  for (const [kind, image] of variants) {
    const t = performance.now();
    const quality = measureRgba(image.data, image.width, image.height);
    measureMs += performance.now() - t;
    samples.push({ name: photo.name, kind, quality });
  }
}

function confusion(thresholds: PhotoQualityThresholds) {
  const rows = new Map<Kind, { total: number; ok: number; blurry: number; dark: number }>();
  for (const s of samples) {
    const row = rows.get(s.kind) ?? { total: 0, ok: 0, blurry: 0, dark: 0 };
    row.total++;
    row[judgePhoto(s.quality, thresholds) ?? 'ok']++;
    rows.set(s.kind, row);
  }
  return rows;
}

/** Wrongly flagged sharp photos + bad photos that pass (a wrong reason for a bad photo still asks for a retake). */
function errors(thresholds: PhotoQualityThresholds): { falseFlags: number; misses: number } {
  let falseFlags = 0;
  let misses = 0;
  for (const s of samples) {
    const verdict = judgePhoto(s.quality, thresholds);
    if (expected[s.kind] === 'ok' && verdict !== null) falseFlags++;
    if (expected[s.kind] !== 'ok' && verdict === null) misses++;
  }
  return { falseFlags, misses };
}

function report(title: string, thresholds: PhotoQualityThresholds): void {
  console.log(`\n${title}: minBrightness ${thresholds.minBrightness}, minSharpness ${thresholds.minSharpness}, minDirectionalSharpness ${thresholds.minDirectionalSharpness}, minContrastToJudge ${thresholds.minContrastToJudge}`);
  console.log('variant     photos  passed  asked blurry  asked dark   expected');
  for (const [kind, row] of confusion(thresholds)) {
    console.log(`${kind.padEnd(11)} ${String(row.total).padStart(6)}  ${String(row.ok).padStart(6)}  ${String(row.blurry).padStart(12)}  ${String(row.dark).padStart(10)}   ${expected[kind]}`);
  }
  const { falseFlags, misses } = errors(thresholds);
  const sharp = samples.filter((s) => s.kind === 'sharp').length;
  const bad = samples.length - sharp;
  const blurred = samples.filter((s) => expected[s.kind] === 'blurry');
  const blurredPassing = blurred.filter((s) => judgePhoto(s.quality, thresholds) === null).length;
  const dark = samples.filter((s) => expected[s.kind] === 'dark');
  const darkPassing = dark.filter((s) => judgePhoto(s.quality, thresholds) === null).length;
  console.log(`sharp photos wrongly flagged: ${falseFlags} of ${sharp} (${((100 * falseFlags) / sharp).toFixed(1)} %)`);
  console.log(`blurred photos that pass:     ${blurredPassing} of ${blurred.length} (${((100 * blurredPassing) / blurred.length).toFixed(1)} %)`);
  console.log(`dark photos that pass:        ${darkPassing} of ${dark.length} (${((100 * darkPassing) / dark.length).toFixed(1)} %)`);
  console.log(`all bad photos that pass:     ${misses} of ${bad}`);
}

// The sweep. Brightness on its own (sharp vs dark photos: fewest errors). Then the two sharpness
// cuts over quantiles of the observed values: the fewest blurred photos passing while at most
// MAX_FALSE_FLAG_RATE of the sharp ones are asked about (a needless question costs the tasker a
// retake; a missed blurry photo costs a rejection).
const MAX_FALSE_FLAG_RATE = 0.05;
const quantiles = (values: number[], n: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return [0, ...Array.from({ length: n }, (_, i) => sorted[Math.floor((i / n) * (sorted.length - 1))] as number)];
};
const round = (v: number) => Number(v.toPrecision(3));
let bestBrightness = PHOTO_QUALITY_THRESHOLDS.minBrightness;
let bestBrightnessErrors = Infinity;
for (let b = 20; b <= 110; b += 1) {
  let e = 0;
  for (const s of samples) {
    if (s.kind === 'sharp' && s.quality.brightness < b) e++;
    if (expected[s.kind] === 'dark' && s.quality.brightness >= b) e++;
  }
  if (e < bestBrightnessErrors) {
    bestBrightnessErrors = e;
    bestBrightness = b;
  }
}
const lit = samples.filter((s) => s.quality.brightness >= bestBrightness && s.quality.contrast >= PHOTO_QUALITY_THRESHOLDS.minContrastToJudge);
const sharpCuts = quantiles(lit.map((s) => s.quality.sharpness), 120).map(round);
const dirCuts = quantiles(lit.map((s) => s.quality.directionalSharpness), 120).map(round);
let best: { thresholds: PhotoQualityThresholds; falseFlags: number; misses: number } | null = null;
const sharpTotal = samples.filter((s) => s.kind === 'sharp').length;
for (const minSharpness of new Set(sharpCuts)) {
  for (const minDirectionalSharpness of new Set(dirCuts)) {
    const thresholds = { ...PHOTO_QUALITY_THRESHOLDS, minBrightness: bestBrightness, minSharpness, minDirectionalSharpness };
    const e = errors(thresholds);
    if (e.falseFlags > MAX_FALSE_FLAG_RATE * sharpTotal) continue;
    if (!best || e.misses < best.misses || (e.misses === best.misses && e.falseFlags < best.falseFlags)) best = { thresholds, ...e };
  }
}

console.log(`Photo quality benchmark: ${photos.length} real photographs (test/fixtures/barcodes, shorter side ≥ 240 px) × 6 variants = ${samples.length} images`);
console.log(`measure: ${(measureMs / samples.length).toFixed(1)} ms per image in Node at ${QUALITY_SIDE} px (grey, Laplacian, area downscale included)`);
if (process.argv.includes('--list')) {
  for (const s of samples) console.log(`${s.name.padEnd(32)} ${s.kind.padEnd(9)} brightness ${s.quality.brightness.toFixed(1).padStart(6)}  sharpness ${s.quality.sharpness.toFixed(4)}  directional ${s.quality.directionalSharpness.toFixed(4)}  contrast ${s.quality.contrast.toFixed(1)}`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log('\nmedians      brightness  sharpness  directional');
for (const kind of Object.keys(expected) as Kind[]) {
  const of = samples.filter((s) => s.kind === kind).map((s) => s.quality);
  console.log(`${kind.padEnd(11)} ${median(of.map((q) => q.brightness)).toFixed(1).padStart(10)}  ${median(of.map((q) => q.sharpness)).toFixed(4).padStart(9)}  ${median(of.map((q) => q.directionalSharpness)).toFixed(4).padStart(11)}`);
}
report('Shipped thresholds', PHOTO_QUALITY_THRESHOLDS);
if (best) report(`Best of the sweep (at most ${MAX_FALSE_FLAG_RATE * 100} % of sharp photos asked about)`, best.thresholds);
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
