import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo pictures: every seeded video's cover and poster (its Chinese title drawn on it), the seeded ads, the demo
 * posts' covers and the demo avatars. They are drawn once by `scripts/make-demo-images.ts` with a CJK font (machines
 * running `npm start` may have none) and committed under `demo-media/images/`, listed in its `manifest.json`;
 * `ensureDemoImages` copies the missing ones into MEDIA_DIR at start (no drawing, no fonts needed).
 */

export type DemoImageKind = 'poster' | 'cover' | 'ad' | 'post' | 'help' | 'avatar';

export interface DemoImage {
  kind: DemoImageKind;
  /** Path inside MEDIA_DIR and inside `demo-media/images/`, e.g. `demo/posters/movie-01.jpg`. */
  path: string;
  /** URL the app loads, e.g. `/media/demo/posters/movie-01.jpg`. */
  url: string;
  width: number;
  height: number;
  /** The words drawn on it (empty for avatars). */
  text: string;
}

/** Where the committed pictures are (`<path>` of each image under it) and their manifest. */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo-media/images/', import.meta.url));
export const DEMO_IMAGES_MANIFEST = join(DEMO_IMAGES_DIR, 'manifest.json');

/** Sizes of the pictures by kind (posters 3:4, covers 16:9, start ads 9:16, avatars square). */
export const DEMO_IMAGE_SIZES = {
  poster: { width: 360, height: 480 },
  cover: { width: 640, height: 360 },
  startAd: { width: 540, height: 960 },
  playAd: { width: 640, height: 360 },
  barrageAd: { width: 240, height: 240 },
  post: { width: 360, height: 480 },
  help: { width: 640, height: 360 },
  avatar: { width: 256, height: 256 },
} as const;

const url = (path: string): string => `/media/${path}`;

/** Path (inside MEDIA_DIR) of a seeded video's portrait poster. */
export const demoPosterPath = (mediaKey: string): string => `demo/posters/${mediaKey}.jpg`;
/** Path of a seeded video's landscape cover. */
export const demoCoverPath = (mediaKey: string): string => `demo/covers/${mediaKey}.jpg`;
/** Path of a seeded ad's picture (by the ad's seed key). */
export const demoAdPath = (adKey: string): string => `demo/ads/${adKey}.jpg`;
/** Path of the n-th (1-based) demo post's cover. */
export const demoPostCoverPath = (n: number): string => `demo/posts/post-${n}.jpg`;
/** Path of a help article's illustration (`register`, `vip`). */
export const demoHelpImagePath = (name: string): string => `demo/help/${name}.jpg`;

export const demoPosterUrl = (mediaKey: string): string => url(demoPosterPath(mediaKey));
export const demoCoverUrl = (mediaKey: string): string => url(demoCoverPath(mediaKey));
export const demoAdUrl = (adKey: string): string => url(demoAdPath(adKey));
export const demoPostCoverUrl = (n: number): string => url(demoPostCoverPath(n));
export const demoHelpImageUrl = (name: string): string => url(demoHelpImagePath(name));

/** Round avatars on a transparent background (256×256 PNG). */
export const DEMO_AVATAR_URLS: readonly string[] = [1, 2, 3].map((n) => url(`demo/avatar-${n}.png`));
/** The demo account's avatar. */
export const DEMO_ACCOUNT_AVATAR = '/media/demo/avatar-1.png';

/** The committed pictures, as listed in `demo-media/images/manifest.json`. */
export async function readDemoImages(): Promise<DemoImage[]> {
  const manifest = JSON.parse(await readFile(DEMO_IMAGES_MANIFEST, 'utf8')) as { images: Omit<DemoImage, 'url'>[] };
  return manifest.images.map((image) => ({ ...image, url: url(image.path) }));
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function copyInto(source: string, file: string): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await copyFile(source, temporary);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Copies the demo pictures missing from `mediaDir` (existing files are left alone, so running it again does nothing).
 * Returns the paths it wrote.
 */
export async function ensureDemoImages(mediaDir: string): Promise<string[]> {
  const missing: { path: string; file: string }[] = [];
  for (const image of await readDemoImages()) {
    const file = join(mediaDir, image.path);
    if (!(await exists(file))) missing.push({ path: image.path, file });
  }
  await Promise.all([...new Set(missing.map(({ file }) => dirname(file)))].map((dir) => mkdir(dir, { recursive: true })));
  await Promise.all(missing.map(({ path, file }) => copyInto(join(DEMO_IMAGES_DIR, path), file)));
  return missing.map(({ path }) => path);
}
