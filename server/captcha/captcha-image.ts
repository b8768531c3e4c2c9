import { randomInt } from 'node:crypto';
import { CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';

/** A number in [0, 1); the server uses crypto, tests a seeded sequence. */
export type RandomSource = () => number;

/** crypto-strong [0, 1). */
const cryptoRandom: RandomSource = () => randomInt(0, 2 ** 32) / 2 ** 32;

type Point = readonly [number, number];
type Stroke = readonly Point[];

/**
 * A small stroke font for the captcha's characters, drawn as lines (no <text>: the machine may have no fonts, and
 * the picture must read the same everywhere). Each glyph sits in a box 6 wide and 10 high, y downwards.
 */
export const CAPTCHA_GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  C: [[[5.4, 1.6], [4.2, 0.2], [2, 0.2], [0.8, 1.4], [0.3, 3.5], [0.3, 6.5], [0.8, 8.6], [2, 9.8], [4.2, 9.8], [5.4, 8.4]]],
  D: [[[0.6, 0], [0.6, 10], [3, 10], [4.8, 8.6], [5.6, 6.2], [5.6, 3.8], [4.8, 1.4], [3, 0], [0.6, 0]]],
  F: [[[5.6, 0], [0.6, 0], [0.6, 10]], [[0.6, 4.8], [4.2, 4.8]]],
  H: [[[0.5, 0], [0.5, 10]], [[5.5, 0], [5.5, 10]], [[0.5, 5], [5.5, 5]]],
  J: [[[1.8, 0], [5.2, 0]], [[4.4, 0], [4.4, 7.6], [3.7, 9.5], [2.4, 10], [1, 9.4], [0.4, 7.8]]],
  K: [[[0.6, 0], [0.6, 10]], [[5.6, 0], [0.6, 6]], [[2.4, 3.9], [5.6, 10]]],
  M: [[[0.3, 10], [0.3, 0], [3, 6.4], [5.7, 0], [5.7, 10]]],
  N: [[[0.5, 10], [0.5, 0], [5.5, 10], [5.5, 0]]],
  P: [[[0.6, 10], [0.6, 0], [4, 0], [5.3, 0.8], [5.7, 2.6], [5.3, 4.4], [4, 5.2], [0.6, 5.2]]],
  R: [[[0.6, 10], [0.6, 0], [4, 0], [5.3, 0.8], [5.7, 2.6], [5.3, 4.4], [4, 5.2], [0.6, 5.2]], [[3.2, 5.2], [5.7, 10]]],
  T: [[[0, 0], [6, 0]], [[3, 0], [3, 10]]],
  V: [[[0, 0], [3, 10], [6, 0]]],
  W: [[[0, 0], [1.4, 10], [3, 3.2], [4.6, 10], [6, 0]]],
  X: [[[0.3, 0], [5.7, 10]], [[5.7, 0], [0.3, 10]]],
  3: [[[0.5, 1.2], [1.8, 0], [4.2, 0], [5.3, 1.2], [5.3, 3.4], [4, 4.7], [2.2, 4.7]], [[4, 4.7], [5.6, 6.1], [5.6, 8.5], [4.2, 10], [1.8, 10], [0.4, 8.8]]],
  4: [[[4.4, 10], [4.4, 0], [0.2, 7], [6, 7]]],
  7: [[[0.3, 0], [5.7, 0], [2.4, 10]]],
  9: [[[5.4, 4.4], [4, 5.6], [2, 5.6], [0.6, 4.4], [0.4, 2.4], [1.2, 0.6], [3, 0], [4.6, 0.5], [5.4, 2], [5.4, 5.2], [5, 8], [3.8, 9.7], [2, 10], [0.7, 9]]],
};

const GLYPH_WIDTH = 6;
const GLYPH_HEIGHT = 10;

/** A random answer from the captcha alphabet. */
export function randomCaptchaAnswer(random: RandomSource = cryptoRandom): string {
  const { alphabet, length } = CaptchaRules;
  let answer = '';
  for (let i = 0; i < length; i++) answer += alphabet[Math.floor(random() * alphabet.length)] ?? alphabet[0];
  return answer;
}

function between(random: RandomSource, low: number, high: number): number {
  return low + random() * (high - low);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A dark colour for strokes (HSL: any hue, dark). */
function inkColour(random: RandomSource): string {
  return `hsl(${Math.floor(between(random, 0, 360))},${Math.floor(between(random, 45, 75))}%,${Math.floor(between(random, 22, 36))}%)`;
}

/**
 * The picture of `answer` as an SVG document: each character in the stroke font, scaled, turned and shifted a
 * little at random, its points jittered, over noise curves and dots. Only paths and circles: no text, no words.
 */
export function renderCaptchaSvg(answer: string, random: RandomSource = cryptoRandom): string {
  const { width, height } = CaptchaRules;
  const hue = Math.floor(between(random, 0, 360));
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="hsl(${hue},40%,94%)"/>`];

  // Noise curves behind the characters.
  for (let i = 0; i < 3; i++) parts.push(noiseCurve(random, width, height, between(random, 1, 1.6)));

  const cell = (width - 16) / answer.length;
  [...answer].forEach((character, index) => {
    const strokes = CAPTCHA_GLYPHS[character];
    if (strokes === undefined) throw new Error(`No captcha glyph for ${character}`);
    const scaleY = between(random, 2.6, 3.2);
    const scaleX = scaleY * between(random, 0.75, 1);
    const centreX = 8 + cell * (index + 0.5) + between(random, -2, 2);
    const centreY = height / 2 + between(random, -3, 3);
    const angle = between(random, -0.3, 0.3);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const place = ([x, y]: Point): Point => {
      const dx = (x + between(random, -0.2, 0.2) - GLYPH_WIDTH / 2) * scaleX;
      const dy = (y + between(random, -0.2, 0.2) - GLYPH_HEIGHT / 2) * scaleY;
      return [round(centreX + dx * cos - dy * sin), round(centreY + dx * sin + dy * cos)];
    };
    const d = strokes.map((stroke) => stroke.map(place).map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join('')).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${inkColour(random)}" stroke-width="${round(between(random, 2.4, 3.2))}" stroke-linecap="round" stroke-linejoin="round"/>`);
  });

  // One more curve across the characters, and dots.
  parts.push(noiseCurve(random, width, height, between(random, 1.2, 1.8)));
  for (let i = 0; i < 24; i++) {
    parts.push(`<circle cx="${round(between(random, 0, width))}" cy="${round(between(random, 0, height))}" r="${round(between(random, 0.6, 1.4))}" fill="${inkColour(random)}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

function noiseCurve(random: RandomSource, width: number, height: number, strokeWidth: number): string {
  const y = () => round(between(random, 4, height - 4));
  const d = `M0 ${y()}C${round(width / 3)} ${y()} ${round((2 * width) / 3)} ${y()} ${width} ${y()}`;
  return `<path d="${d}" fill="none" stroke="${inkColour(random)}" stroke-width="${round(strokeWidth)}" opacity="0.7"/>`;
}

/** The picture as a data URL for an <img>. */
export function captchaDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
