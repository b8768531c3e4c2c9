import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { DEMO_ACCOUNT, seed } from '../../server/db/seed.ts';
import {
  DEMO_ACCOUNT_AVATAR, DEMO_AVATAR_URLS, DEMO_COVER_URLS, DEMO_IMAGES, DEMO_POSTER_URLS, ensureDemoImages,
} from '../../server/media/demo-images.ts';
import { TEST_ARGON2, createTestDatabase, testConfig } from './support.ts';

let dataDir: string;
let mediaDir: string;
/** Empty (no user) until the seed tests at the end. */
let db: Database;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qiyu-media-demo-'));
  mediaDir = join(dataDir, 'media');
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

describe('demo images', () => {
  it('lists six posters, four covers and three avatars under /media/demo', () => {
    expect(DEMO_POSTER_URLS).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/media/demo/poster-${n}.jpg`));
    expect(DEMO_COVER_URLS).toEqual([1, 2, 3, 4].map((n) => `/media/demo/cover-${n}.jpg`));
    expect(DEMO_AVATAR_URLS).toEqual([1, 2, 3].map((n) => `/media/demo/avatar-${n}.png`));
    expect(DEMO_IMAGES).toHaveLength(13);
    expect(DEMO_AVATAR_URLS).toContain(DEMO_ACCOUNT_AVATAR);
  });

  it('draws the missing ones quickly, with the listed sizes, and only once', async () => {
    const started = performance.now();
    const written = await ensureDemoImages(mediaDir);
    const elapsed = performance.now() - started;
    expect(written).toEqual(DEMO_IMAGES.map((image) => image.path));
    expect(elapsed).toBeLessThan(5000); // about 150 ms here; loose for slow CI machines

    const digests = new Set<string>();
    for (const image of DEMO_IMAGES) {
      const bytes = await readFile(join(mediaDir, image.path));
      digests.add(bytes.toString('base64'));
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({
        format: image.kind === 'avatar' ? 'png' : 'jpeg',
        width: image.width,
        height: image.height,
      });
      if (image.kind === 'avatar') expect(meta.hasAlpha).toBe(true);
      if (image.kind === 'poster') expect(image.height).toBeGreaterThan(image.width);
      if (image.kind === 'cover') expect(image.width).toBeGreaterThan(image.height);
    }
    expect(digests.size).toBe(DEMO_IMAGES.length);

    const firstPoster = join(mediaDir, 'demo/poster-1.jpg');
    const mtime = (await stat(firstPoster)).mtimeMs;
    expect(await ensureDemoImages(mediaDir)).toEqual([]);
    expect((await stat(firstPoster)).mtimeMs).toBe(mtime);
  });

  it('redraws only a deleted one and leaves replaced ones alone', async () => {
    await rm(join(mediaDir, 'demo/cover-2.jpg'));
    await writeFile(join(mediaDir, 'demo/avatar-3.png'), 'replaced by the operator');
    expect(await ensureDemoImages(mediaDir)).toEqual(['demo/cover-2.jpg']);
    expect(await readFile(join(mediaDir, 'demo/avatar-3.png'), 'utf8')).toBe('replaced by the operator');
  });

  it('are served resized as the app asks', async () => {
    const app = await createApp({ db, config: testConfig({ dataDir, mediaDir }), logger: false });
    try {
      const cover = await app.inject({ url: `${DEMO_COVER_URLS[0]}?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg` });
      expect(cover.statusCode).toBe(200);
      expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 225 });
      const poster = await app.inject({ url: `${DEMO_POSTER_URLS[0]}?x-oss-process=image/resize,w_200` });
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 267 });
    } finally {
      await app.close();
    }
  });
});

describe('seed: the demo account avatar', () => {
  const passwords = new PasswordHasher(TEST_ARGON2);
  const avatarOfDemo = async () =>
    (await db.query<{ avatar: string }>('SELECT avatar FROM users WHERE user_name = $1', [DEMO_ACCOUNT.userName]))[0]?.avatar;

  it('is a demo avatar on a new database', async () => {
    expect(await seed(db, { passwords })).toBe(true);
    expect(await avatarOfDemo()).toBe('/media/demo/avatar-1.png');
  });

  it('replaces only the default avatar on later starts', async () => {
    await db.query("UPDATE users SET avatar = '/assets/avatar-default.svg'");
    expect(await seed(db, { passwords })).toBe(false);
    expect(await avatarOfDemo()).toBe(DEMO_ACCOUNT_AVATAR);

    await db.query("UPDATE users SET avatar = '/media/uploads/me.jpg'");
    expect(await seed(db, { passwords })).toBe(false);
    expect(await avatarOfDemo()).toBe('/media/uploads/me.jpg');
  });
});
