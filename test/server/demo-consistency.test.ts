import { beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { BARRAGE_VIEWERS, seedBarrageDemo } from '../../server/barrage/seed.ts';
import { SEED_VIDEOS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedMessaging } from '../../server/messaging/seed.ts';
import { seedPlayback } from '../../server/playback/seed.ts';
import { demoStars, seedVideoSocial } from '../../server/video-social/seed.ts';
import { FakeClock, TEST_ARGON2, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/**
 * The demo looks real: what the catalogue lists agrees with what plays, and the counts and scores shown agree with
 * the rows behind them.
 */

let viewer: TestUser;
const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    const passwords = new PasswordHasher(TEST_ARGON2);
    await seed(db, { passwords, clock });
    await seedCatalogue(db, clock);
    await seedBarrageDemo(db, clock);
    await seedPlayback(db);
    await seedMessaging(db, { passwords, clock });
    await seedVideoSocial(db, clock);
  },
});

beforeAll(async () => {
  viewer = await server.registerUser();
});

const call = async <T>(path: string, fields: Record<string, string> = {}): Promise<T> => {
  const { body } = await server.get<T>(path, fields);
  expect(body.ret, `${path} ${JSON.stringify(fields)}`).toBe(Ret.Ok);
  return body.data;
};

/** Resolves a playlist line against the playlist's URL, as a player does. */
const resolveUrl = (base: string, relative: string) => {
  const resolved = new URL(relative, `http://x${base}`);
  return resolved.pathname + resolved.search;
};

async function fetchText(url: string): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

/** Seconds an HLS address plays: the sum of EXTINF of every rendition (they must agree), which must end (ENDLIST). */
async function hlsSeconds(masterUrl: string): Promise<number> {
  const master = await fetchText(masterUrl);
  const renditions = master.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  expect(renditions.length).toBeGreaterThan(0);
  const lengths = new Set<number>();
  for (const rendition of renditions) {
    const playlist = await fetchText(resolveUrl(masterUrl, rendition.trim()));
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    lengths.add(Math.round(seconds * 1000) / 1000);
  }
  expect(lengths.size).toBe(1);
  return [...lengths][0] ?? 0;
}

/** Seconds of an MP4 from its movie header (moov → mvhd: timescale and duration). */
function mp4Seconds(file: Buffer): number {
  const box = (from: number, to: number, type: string): { start: number; end: number } | null => {
    for (let at = from; at + 8 <= to; ) {
      let size = file.readUInt32BE(at);
      let header = 8;
      if (size === 1) {
        size = Number(file.readBigUInt64BE(at + 8));
        header = 16;
      }
      if (size === 0) size = to - at;
      if (file.toString('latin1', at + 4, at + 8) === type) return { start: at + header, end: at + size };
      at += size;
    }
    return null;
  };
  const moov = box(0, file.length, 'moov');
  if (moov === null) throw new Error('no moov box');
  const mvhd = box(moov.start, moov.end, 'mvhd');
  if (mvhd === null) throw new Error('no mvhd box');
  const version = file.readUInt8(mvhd.start);
  if (version === 1) return Number(file.readBigUInt64BE(mvhd.start + 24)) / file.readUInt32BE(mvhd.start + 20);
  return file.readUInt32BE(mvhd.start + 16) / file.readUInt32BE(mvhd.start + 12);
}

interface Address {
  url: string;
  kind: 'hls' | 'mp4';
  live: boolean;
}

describe('durations: what the catalogue lists is what plays', () => {
  it('every seeded video and every episode lists the length its play address serves', async () => {
    const served = new Map<string, number>();
    const secondsOf = async (address: Address): Promise<number> => {
      // The token differs per address; the clip's path after it names what plays.
      const key = address.url.replace(/^\/vod\/[^/]+\//, '');
      const known = served.get(key);
      if (known !== undefined) return known;
      const seconds = address.kind === 'hls' ? await hlsSeconds(address.url) : mp4Seconds((await server.app.inject({ method: 'GET', url: address.url })).rawPayload);
      served.set(key, seconds);
      return seconds;
    };
    for (const video of SEED_VIDEOS) {
      const details = await call<{ duration: number; episodeCount: number; live: boolean }>('/api/Video/VideoDetails', { mediaKey: video.mediaKey });
      const episodes = await call<{ list: { episode: number; duration: number }[] }>('/api/Video/VideoChooseGather', { mediaKey: video.mediaKey });
      expect(episodes.list).toHaveLength(details.episodeCount);
      for (const episode of episodes.list) {
        const address = await call<Address>('/api/video/GetPlayAddress', { mediaKey: video.mediaKey, episode: String(episode.episode) });
        if (details.live) {
          expect(address.live).toBe(true);
          expect([details.duration, episode.duration]).toEqual([0, 0]);
          continue;
        }
        const seconds = await secondsOf(address);
        expect(Math.abs(seconds - details.duration), `${video.mediaKey} plays ${seconds} s, lists ${details.duration} s`).toBeLessThan(0.5);
        expect(episode.duration, `${video.mediaKey} episode ${episode.episode}`).toBe(details.duration);
      }
    }
    // The lists show the same lengths as the details.
    const list = await call<{ list: { mediaKey: string; duration: number }[] }>('/api/list/GetVideoList', { category: 'movie', pageSize: '50' });
    expect(list.list.length).toBeGreaterThan(0);
    for (const item of list.list) expect(item.duration).toBe(20);
  });

  it('play records and the watching list never read past the end of what plays', async () => {
    const auth = tokenParams(viewer.token);
    const recorded = await server.get('/api/video/AddPlayRecord', { ...auth, mediaKey: 'movie-04', progress: '3600' });
    expect(recorded.body.ret).toBe(Ret.Ok);
    const records = await server.get<{ list: { mediaKey: string; progress: number; duration: number }[] }>('/api/video/GetPlayRecords', auth);
    expect(records.body.data.list.find((record) => record.mediaKey === 'movie-04')).toMatchObject({ progress: 20, duration: 20 });
    const watching = await server.get<{ mine: { mediaKey: string; progress: number; episodeDuration: number }[] }>('/api/video/GetWatching', auth);
    expect(watching.body.data.mine.find((record) => record.mediaKey === 'movie-04')).toMatchObject({ progress: 20, episodeDuration: 20 });
    const info = await server.get<{ progress: number }>('/api/Video/getPlayInfo', { ...auth, mediaKey: 'movie-04' });
    expect(info.body.data.progress).toBeLessThanOrEqual(20);
  });
});

describe('scores and counts agree with their rows', () => {
  it('every score shown is the average of its ratings, and no score stands beside 0人评分', async () => {
    const rows = await server.db.query<{ media_key: string; score_tenths: number; n: number; tenths: number | null }>(
      `SELECT v.media_key, v.score_tenths, count(r.*)::int AS n, round(avg(r.stars) * 20)::int AS tenths
       FROM videos v LEFT JOIN video_ratings r ON r.video_id = v.id GROUP BY v.id ORDER BY v.id`,
    );
    expect(rows).toHaveLength(SEED_VIDEOS.length);
    for (const row of rows) {
      const rating = await call<{ score: number; ratingCount: number; distribution: { stars: number; count: number }[] }>('/api/Video/VideoRatingDetails', { mediaKey: row.media_key });
      const details = await call<{ score: number }>('/api/Video/VideoDetails', { mediaKey: row.media_key });
      expect(rating.ratingCount).toBe(row.n);
      expect(rating.distribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(row.n);
      expect(rating.score * 10).toBeCloseTo(row.tenths ?? 0, 5);
      expect(details.score).toBe(rating.score);
      if (rating.ratingCount === 0) expect(rating.score).toBe(0);
      else expect(rating.score).toBeGreaterThan(0);
    }
    // Every seeded video but the live channels has ratings, from the demo accounts that cannot log in and demo2.
    const unrated = rows.filter((row) => row.n === 0).map((row) => row.media_key);
    expect(unrated).toEqual(SEED_VIDEOS.filter((video) => video.category === 'tvlive').map((video) => video.mediaKey));
    expect(Math.max(...rows.map((row) => row.n))).toBeLessThanOrEqual(3 + BARRAGE_VIEWERS.length);
  });

  it('the demo stars average the aimed score within half a star, and vary', () => {
    let varied = 0;
    for (const raters of [3, 4, 5, 6, 7]) {
      for (let tenths = 60; tenths <= 98; tenths += 1) {
        const stars = demoStars(tenths / 10, raters, tenths);
        expect(stars).toHaveLength(raters);
        expect(Math.min(...stars)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...stars)).toBeLessThanOrEqual(5);
        if (Math.max(...stars) - Math.min(...stars) >= 2) varied += 1;
        const average = (stars.reduce((sum, value) => sum + value, 0) * 2) / raters;
        expect(Math.abs(average - tenths / 10)).toBeLessThanOrEqual(1 / raters + 0.001);
      }
    }
    expect(varied).toBeGreaterThan(50);
  });

  it('no video counts fewer plays than the people who rated, voted on or commented on it', async () => {
    const rows = await server.db.query<{ media_key: string; plays: number; people: number }>(
      `SELECT v.media_key, v.play_count::int AS plays, (SELECT count(DISTINCT u)::int FROM (
         SELECT user_id AS u FROM video_ratings WHERE video_id = v.id UNION SELECT user_id FROM video_votes WHERE video_id = v.id
         UNION SELECT user_id FROM video_comments WHERE video_id = v.id) AS people) AS people
       FROM videos v`,
    );
    for (const row of rows) expect(row.plays, row.media_key).toBeGreaterThanOrEqual(row.people);
  });

  it('comment, like and vote counts are the rows', async () => {
    const videos = await server.db.query<{ media_key: string; comments: number; likes: number; dislikes: number }>(
      `SELECT v.media_key,
         (SELECT count(*)::int FROM video_comments c WHERE c.video_id = v.id) AS comments,
         (SELECT count(*)::int FROM video_votes o WHERE o.video_id = v.id AND o.vote = 1) AS likes,
         (SELECT count(*)::int FROM video_votes o WHERE o.video_id = v.id AND o.vote = -1) AS dislikes
       FROM videos v WHERE EXISTS (SELECT 1 FROM video_comments c WHERE c.video_id = v.id) OR EXISTS (SELECT 1 FROM video_votes o WHERE o.video_id = v.id)`,
    );
    expect(videos.length).toBeGreaterThan(3);
    for (const video of videos) {
      const details = await call<{ commentCount: number; likes: number; dislikes: number }>('/api/Video/VideoRatingDetails', { mediaKey: video.media_key });
      expect(details).toMatchObject({ commentCount: video.comments, likes: video.likes, dislikes: video.dislikes });
    }
  });
});
