/**
 * Draws Shelfwork's mark (a white check resting on a shelf, on the brand green) and writes
 * public/favicon.svg plus the PNG icons of the web manifest by rendering the SVG in headless
 * Chromium. Run: `npx tsx scripts/make-icons.ts` (uses CHROMIUM_PATH or /usr/bin/chromium).
 * The PNGs are committed; rerun only when the mark changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BRAND = '#0f7a4f';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface MarkOptions {
  /** Corner radius of the green tile as a share of its size (0 = full bleed square). */
  cornerRadius: number;
  /** Scale of the glyph around the tile centre (maskable icons keep it inside the 80 % safe circle). */
  glyphScale: number;
}

/** The mark on a 512×512 canvas. The glyph's bounding box is centred on (256, 256). */
export function markSvg({ cornerRadius, glyphScale }: MarkOptions): string {
  const r = Math.round(512 * cornerRadius);
  // Glyph drawn around (256, 280) and shifted up 24 px so its box is centred.
  const t = `translate(256 256) scale(${glyphScale}) translate(-256 -280)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" rx="${r}" ry="${r}" fill="${BRAND}"/>
  <g transform="${t}" fill="none" stroke="#ffffff" stroke-linecap="round" stroke-linejoin="round">
    <path d="M168 236 L230 298 L348 170" stroke-width="46"/>
    <path d="M112 360 H400" stroke-width="30"/>
    <path d="M136 360 V402 M376 360 V402" stroke-width="26"/>
  </g>
</svg>
`;
}

const outputs: Array<{ file: string; size: number; options: MarkOptions }> = [
  { file: 'public/icons/icon-192.png', size: 192, options: { cornerRadius: 0.2, glyphScale: 1 } },
  { file: 'public/icons/icon-512.png', size: 512, options: { cornerRadius: 0.2, glyphScale: 1 } },
  // Maskable: full bleed, glyph inside the safe zone (a circle of 40 % of the size around the centre).
  { file: 'public/icons/maskable-512.png', size: 512, options: { cornerRadius: 0, glyphScale: 0.78 } },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'public/icons/apple-touch-icon.png', size: 180, options: { cornerRadius: 0, glyphScale: 0.9 } },
];

async function main(): Promise<void> {
  await mkdir(resolve(root, 'public/icons'), { recursive: true });
  await writeFile(resolve(root, 'public/favicon.svg'), markSvg({ cornerRadius: 0.2, glyphScale: 1 }));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const { file, size, options } of outputs) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const svg = markSvg(options).replace('width="512" height="512"', `width="${size}" height="${size}"`);
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
      );
      const png = await page.locator('svg').screenshot({ omitBackground: true, type: 'png' });
      await writeFile(resolve(root, file), png);
      await page.close();
      console.log(`wrote ${file} (${size}×${size}, ${png.length} bytes)`);
    }
  } finally {
    await browser.close();
  }
}

await main();
