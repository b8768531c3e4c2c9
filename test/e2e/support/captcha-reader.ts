/**
 * Reads a captcha picture of the reference server the way a person would, for journeys that follow the captcha
 * path: each character's path is matched against the stroke font (server/captcha/captcha-image.ts) by the
 * least-squares affine fit of the glyph's points onto the drawn ones, keeping fits that look like the renderer's
 * turn and stretch. Works on the SVG only; it needs no access to the server's database.
 */
import { CAPTCHA_GLYPHS } from '../../../server/captcha/captcha-image.ts';

type Point = readonly [number, number];

/** The strokes of each character path (the ones drawn with round caps; noise curves have none). */
function drawnCharacters(svg: string): Point[][][] {
  const characters: Point[][][] = [];
  for (const match of svg.matchAll(/<path d="([^"]+)"[^>]*stroke-linecap="round"/g)) {
    const strokes: Point[][] = [];
    for (const [, command, x, y] of (match[1] ?? '').matchAll(/([ML])(-?[\d.]+) (-?[\d.]+)/g)) {
      if (command === 'M') strokes.push([]);
      strokes.at(-1)?.push([Number(x), Number(y)]);
    }
    characters.push(strokes);
  }
  return characters;
}

/** Solves the 3×3 system m·x = v (Cramer's rule); null when singular. */
function solve3(m: number[][], v: number[]): number[] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!)
    - a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!)
    + a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((column) => det(m.map((row, i) => row.map((value, j) => (j === column ? v[i]! : value)))) / d);
}

/** How badly `glyph` explains `drawn`: the fit's mean error plus a penalty for a fit no renderer would make. */
function misfit(glyph: readonly (readonly Point[])[], drawn: Point[][]): number {
  if (glyph.length !== drawn.length || glyph.some((stroke, i) => stroke.length !== drawn[i]?.length)) return Infinity;
  const from = glyph.flat();
  const to = drawn.flat();
  const sums = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const rhsX = [0, 0, 0];
  const rhsY = [0, 0, 0];
  from.forEach(([x, y], i) => {
    const row = [x, y, 1];
    const [tx, ty] = to[i]!;
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) sums[a]![b]! += row[a]! * row[b]!;
      rhsX[a]! += row[a]! * tx;
      rhsY[a]! += row[a]! * ty;
    }
  });
  const fx = solve3(sums, rhsX);
  const fy = solve3(sums, rhsY);
  if (!fx || !fy) return Infinity;
  const [a, b] = fx as [number, number, number];
  const [c, d] = fy as [number, number, number];
  const error = from.reduce((sum, [x, y], i) => {
    const [tx, ty] = to[i]!;
    return sum + Math.hypot(fx[0]! * x + fx[1]! * y + fx[2]! - tx, fy[0]! * x + fy[1]! * y + fy[2]! - ty);
  }, 0) / from.length;
  // The renderer turns by at most 0.3 rad and stretches by 1.9–3.2 along each axis: a = sx·cos, b = −sy·sin, c = sx·sin, d = sy·cos.
  if (a <= 0 || d <= 0) return Infinity;
  const sx = Math.hypot(a, c);
  const sy = Math.hypot(b, d);
  const shear = Math.abs(Math.atan2(c, a) - Math.atan2(-b, d));
  return error + 10 * shear + (sx < 1.5 || sx > 3.6 || sy < 2.2 || sy > 3.6 ? 10 : 0);
}

/** The characters a captcha picture (SVG text or its data URL) shows. */
export function readCaptcha(image: string): string {
  const svg = image.startsWith('data:') ? Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString() : image;
  return drawnCharacters(svg).map((drawn) => {
    let best = '?';
    let bestMisfit = Infinity;
    for (const [character, glyph] of Object.entries(CAPTCHA_GLYPHS)) {
      const score = misfit(glyph, drawn);
      if (score < bestMisfit) [best, bestMisfit] = [character, score];
    }
    return best;
  }).join('');
}
