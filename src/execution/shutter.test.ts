/**
 * The camera's shutter button must stand out from any scene: a white shelf under shop lights as
 * much as a dark corner. Its colours (border, fill, rings drawn with box-shadow), each laid over
 * the scene by its alpha, must include one with a 3:1 contrast (WCAG's for controls) against a
 * white scene and one against a black scene.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('./execution.css', import.meta.url)), 'utf8');

function rule(selector: string): string {
  const match = new RegExp(`(^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`${selector} not found in execution.css`);
  return match[2]!;
}

type Rgba = [number, number, number, number];

function colours(declarations: string): Rgba[] {
  const out: Rgba[] = [];
  for (const m of declarations.matchAll(/rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*([\d.]+)\s*)?\)/g)) {
    out.push([Number(m[1]), Number(m[2]), Number(m[3]), m[4] == null ? 1 : Number(m[4])]);
  }
  for (const m of declarations.matchAll(/#([0-9a-f]{3}|[0-9a-f]{6})\b/gi)) {
    const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
    out.push([parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16), 1]);
  }
  return out;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrastOver(colour: Rgba, scene: number): number {
  const [r, g, b, a] = colour;
  const over = (c: number) => c * a + scene * (1 - a);
  const l1 = luminance([over(r), over(g), over(b)]);
  const l2 = luminance([scene, scene, scene]);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

describe('the camera shutter', () => {
  const shutter = colours(rule('.camera-shutter'));

  it.each([
    ['a bright (white) scene', 255],
    ['a dark (black) scene', 0],
  ])('has a part with 3:1 contrast on %s', (_name, scene) => {
    expect(Math.max(...shutter.map((c) => contrastOver(c, scene)))).toBeGreaterThanOrEqual(3);
  });
});
