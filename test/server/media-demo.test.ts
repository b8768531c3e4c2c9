import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { DEMO_ACCOUNT, seed } from '../../server/db/seed.ts';
import { SEED_PLAY_ADS, SEED_START_ADS } from '../../server/ads/seed.ts';
import { SEED_VIDEOS } from '../../server/catalogue/seed.ts';
import {
  DEMO_ACCOUNT_AVATAR, DEMO_AVATAR_URLS, DEMO_IMAGES_DIR, demoAdPath, demoCoverPath, demoCoverUrl, demoHelpImagePath, demoPostCoverPath, demoPosterPath,
  demoPosterUrl, ensureDemoImages, readDemoImages, type DemoImage,
} from '../../server/media/demo-images.ts';
import { DEMO_POSTS } from '../../server/posts/seed.ts';
import { TEST_ARGON2 } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/** The database empty (no user) until the seed tests at the end. */
const server = useServerFixture({ tempDir: 'qiyu-media-demo-', app: false });
const mediaDir = (): string => join(server.dir, 'media');

let images: DemoImage[];

describe('demo images', () => {
  beforeAll(async () => {
    images = await readDemoImages();
  });

  it('give every seeded video its own poster and cover, and every seeded ad and demo post its picture', () => {
    const paths = new Set(images.map((image) => image.path));
    expect(paths.size).toBe(images.length);
    for (const video of SEED_VIDEOS) {
      expect(paths).toContain(demoPosterPath(video.mediaKey));
      expect(paths).toContain(demoCoverPath(video.mediaKey));
      const drawn = images.filter((image) => image.path === demoPosterPath(video.mediaKey) || image.path === demoCoverPath(video.mediaKey));
      expect(drawn.map((image) => image.text)).toEqual([video.title, video.title]);
    }
    for (const ad of [...SEED_START_ADS, ...SEED_PLAY_ADS]) expect(paths).toContain(demoAdPath(ad.key));
    DEMO_POSTS.forEach((_, index) => expect(paths).toContain(demoPostCoverPath(index + 1)));
    for (const name of ['register', 'vip']) expect(paths).toContain(demoHelpImagePath(name));
    expect(DEMO_AVATAR_URLS).toEqual([1, 2, 3].map((n) => `/media/demo/avatar-${n}.png`));
    expect(DEMO_AVATAR_URLS).toContain(DEMO_ACCOUNT_AVATAR);
    expect(images.filter((image) => image.kind === 'avatar').map((image) => image.url)).toEqual(DEMO_AVATAR_URLS);
  });

  it('are the committed pictures, with the listed sizes, Chinese words and no English placeholder, under 2.5 MB', async () => {
    let bytes = 0;
    const digests = new Set<string>();
    for (const image of images) {
      const file = await readFile(join(DEMO_IMAGES_DIR, image.path));
      bytes += file.length;
      digests.add(file.toString('base64'));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: image.kind === 'avatar' ? 'png' : 'jpeg', width: image.width, height: image.height });
      if (image.kind === 'poster') expect(image.height).toBeGreaterThan(image.width);
      if (image.kind === 'cover') expect(image.width).toBeGreaterThan(image.height);
      if (image.kind !== 'avatar') expect(image.text).toMatch(/[\u4e00-\u9fff]/);
      expect(image.text).not.toMatch(/COVER|POSTER|placeholder/i);
    }
    expect(digests.size).toBe(images.length);
    expect(bytes).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('are copied, not drawn: the server has no drawing code and no placeholder words', async () => {
    const source = await readFile(new URL('../../server/media/demo-images.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'sharp'|<svg|'COVER|'POSTER|GLYPHS/);
  });

  it('copies the missing ones quickly, and only once', async () => {
    const started = performance.now();
    const written = await ensureDemoImages(mediaDir());
    const elapsed = performance.now() - started;
    expect(written).toEqual(images.map((image) => image.path));
    expect(elapsed).toBeLessThan(5000); // well under a second here; loose for slow CI machines
    for (const image of images.slice(0, 5)) {
      expect(await readFile(join(mediaDir(), image.path))).toEqual(await readFile(join(DEMO_IMAGES_DIR, image.path)));
    }

    const firstPoster = join(mediaDir(), demoPosterPath('movie-01'));
    const mtime = (await stat(firstPoster)).mtimeMs;
    expect(await ensureDemoImages(mediaDir())).toEqual([]);
    expect((await stat(firstPoster)).mtimeMs).toBe(mtime);
  });

  it('copies only a deleted one again and leaves replaced ones alone', async () => {
    await rm(join(mediaDir(), demoCoverPath('drama-02')));
    await writeFile(join(mediaDir(), 'demo/avatar-3.png'), 'replaced by the operator');
    expect(await ensureDemoImages(mediaDir())).toEqual([demoCoverPath('drama-02')]);
    expect(await readFile(join(mediaDir(), 'demo/avatar-3.png'), 'utf8')).toBe('replaced by the operator');
  });

  it('are served resized as the app asks', async () => {
    const app = await server.startApp({ config: { dataDir: server.dir, mediaDir: mediaDir() } });
    try {
      const cover = await app.inject({ url: `${demoCoverUrl('movie-01')}?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg` });
      expect(cover.statusCode).toBe(200);
      expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 225 });
      const poster = await app.inject({ url: `${demoPosterUrl('movie-01')}?x-oss-process=image/resize,w_200` });
      expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 267 });
    } finally {
      await app.close();
    }
  });
});

describe('seed: the demo account avatar', () => {
  const passwords = new PasswordHasher(TEST_ARGON2);
  const avatarOfDemo = async () =>
    (await server.db.query<{ avatar: string }>('SELECT avatar FROM users WHERE user_name = $1', [DEMO_ACCOUNT.userName]))[0]?.avatar;

  it('is a demo avatar on a new database', async () => {
    expect(await seed(server.db, { passwords })).toBe(true);
    expect(await avatarOfDemo()).toBe('/media/demo/avatar-1.png');
  });

  it('replaces only the default avatar on later starts', async () => {
    await server.db.query("UPDATE users SET avatar = '/assets/avatar-default.svg'");
    expect(await seed(server.db, { passwords })).toBe(false);
    expect(await avatarOfDemo()).toBe(DEMO_ACCOUNT_AVATAR);

    await server.db.query("UPDATE users SET avatar = '/media/uploads/me.jpg'");
    expect(await seed(server.db, { passwords })).toBe(false);
    expect(await avatarOfDemo()).toBe('/media/uploads/me.jpg');
  });
});
