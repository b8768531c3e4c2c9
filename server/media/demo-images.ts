import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/**
 * Demo pictures drawn at start-up into MEDIA_DIR (only those missing), so seeds and screens have
 * real images to resize. Shapes and gradients only: the machine may have no fonts, so labels are
 * drawn with a built-in 5×7 block font.
 */

export type DemoImageKind = 'poster' | 'cover' | 'avatar';

export interface DemoImage {
  kind: DemoImageKind;
  /** Path inside MEDIA_DIR, e.g. `demo/poster-1.jpg`. */
  path: string;
  /** URL the app loads, e.g. `/media/demo/poster-1.jpg`. */
  url: string;
  width: number;
  height: number;
}

function demo(kind: DemoImageKind, count: number, extension: string, width: number, height: number): DemoImage[] {
  return Array.from({ length: count }, (_, index) => {
    const path = `demo/${kind}-${index + 1}.${extension}`;
    return { kind, path, url: `/media/${path}`, width, height };
  });
}

/** Portrait posters (600×800 JPEG). */
export const DEMO_POSTERS: readonly DemoImage[] = demo('poster', 6, 'jpg', 600, 800);
/** Landscape covers (1280×720 JPEG). */
export const DEMO_COVERS: readonly DemoImage[] = demo('cover', 4, 'jpg', 1280, 720);
/** Round avatars on a transparent background (256×256 PNG). */
export const DEMO_AVATARS: readonly DemoImage[] = demo('avatar', 3, 'png', 256, 256);
/** Every demo image. */
export const DEMO_IMAGES: readonly DemoImage[] = [...DEMO_POSTERS, ...DEMO_COVERS, ...DEMO_AVATARS];

export const DEMO_POSTER_URLS: readonly string[] = DEMO_POSTERS.map((image) => image.url);
export const DEMO_COVER_URLS: readonly string[] = DEMO_COVERS.map((image) => image.url);
export const DEMO_AVATAR_URLS: readonly string[] = DEMO_AVATARS.map((image) => image.url);
/** The demo account's avatar. */
export const DEMO_ACCOUNT_AVATAR = '/media/demo/avatar-1.png';

// 5×7 glyphs, one string of five cells per row.
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

/** `text` in block letters as SVG rects, centred on (centreX, top); runs of cells become one rect. */
function blockText(text: string, centreX: number, top: number, cell: number, fill: string): string {
  const advance = 6;
  const left = centreX - ((text.length * advance - 1) * cell) / 2;
  const rects: string[] = [];
  [...text].forEach((char, index) => {
    const rows = GLYPHS[char] ?? GLYPHS[' '] ?? [];
    rows.forEach((row, y) => {
      for (const match of row.matchAll(/1+/g)) {
        const x = left + (index * advance + (match.index ?? 0)) * cell;
        rects.push(`<rect x="${x}" y="${top + y * cell}" width="${match[0].length * cell}" height="${cell}"/>`);
      }
    });
  });
  return `<g fill="${fill}">${rects.join('')}</g>`;
}

/** Two colours per picture, apart on the hue circle so every picture looks different. */
function palette(seed: number): [string, string] {
  const hue = (seed * 47) % 360;
  return [`hsl(${hue},70%,55%)`, `hsl(${(hue + 140) % 360},65%,28%)`];
}

function posterSvg(number: number, width: number, height: number): string {
  const [light, dark] = palette(number);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.75}" cy="${height * 0.25}" r="${width * 0.32}" fill="#fff" fill-opacity="0.18"/>
<circle cx="${width * 0.2}" cy="${height * 0.55}" r="${width * 0.22}" fill="#000" fill-opacity="0.12"/>
<polygon points="${width * 0.38},${height * 0.3} ${width * 0.38},${height * 0.5} ${width * 0.56},${height * 0.4}" fill="#fff" fill-opacity="0.85"/>
<rect x="0" y="${height - 170}" width="${width}" height="170" fill="#000" fill-opacity="0.35"/>
${blockText(`POSTER ${number}`, width / 2, height - 120, 10, '#fff')}
</svg>`;
}

function coverSvg(number: number, width: number, height: number): string {
  const [light, dark] = palette(number + 10);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<path d="M0 ${height * 0.7} Q ${width * 0.25} ${height * 0.55} ${width * 0.5} ${height * 0.7} T ${width} ${height * 0.7} V ${height} H 0 Z" fill="#fff" fill-opacity="0.15"/>
<circle cx="${width / 2}" cy="${height * 0.38}" r="${height * 0.16}" fill="#fff" fill-opacity="0.25"/>
<polygon points="${width / 2 - 30},${height * 0.38 - 45} ${width / 2 - 30},${height * 0.38 + 45} ${width / 2 + 48},${height * 0.38}" fill="#fff"/>
${blockText(`COVER ${number}`, width / 2, height * 0.66, 14, '#fff')}
</svg>`;
}

function avatarSvg(number: number, size: number): string {
  const [light, dark] = palette(number + 20);
  const half = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<clipPath id="c"><circle cx="${half}" cy="${half}" r="${half - 4}"/></clipPath>
</defs>
<circle cx="${half}" cy="${half}" r="${half - 4}" fill="url(#g)"/>
<g clip-path="url(#c)" fill="#fff" fill-opacity="0.9">
<circle cx="${half}" cy="${size * 0.4}" r="${size * 0.17}"/>
<ellipse cx="${half}" cy="${size * 0.95}" rx="${size * 0.33}" ry="${size * 0.27}"/>
</g>
</svg>`;
}

function svgOf(image: DemoImage, number: number): string {
  if (image.kind === 'poster') return posterSvg(number, image.width, image.height);
  if (image.kind === 'cover') return coverSvg(number, image.width, image.height);
  return avatarSvg(number, image.width);
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function render(image: DemoImage, number: number, file: string): Promise<void> {
  const pipeline = sharp(Buffer.from(svgOf(image, number)));
  const encoded = image.path.endsWith('.png')
    ? pipeline.png()
    : pipeline.flatten({ background: '#000000' }).jpeg({ quality: 85, progressive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await encoded.toFile(temporary);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Draws the demo images missing from `mediaDir` (existing files are left alone, so running it
 * again does nothing). Returns the paths it wrote.
 */
export async function ensureDemoImages(mediaDir: string): Promise<string[]> {
  const missing: { image: DemoImage; number: number; file: string }[] = [];
  for (const group of [DEMO_POSTERS, DEMO_COVERS, DEMO_AVATARS]) {
    for (const [index, image] of group.entries()) {
      const file = join(mediaDir, image.path);
      if (!(await exists(file))) missing.push({ image, number: index + 1, file });
    }
  }
  await Promise.all([...new Set(missing.map(({ file }) => dirname(file)))].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all(missing.map(({ image, number, file }) => render(image, number, file)));
  return missing.map(({ image }) => image.path);
}
