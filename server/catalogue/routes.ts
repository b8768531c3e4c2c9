import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findPlayableVideo } from '../playback/playback-repository.ts';
import { episodeOf } from '../playback/playback-params.ts';
import {
  CHANNEL_TABLES,
  findVideoId,
  likePattern,
  listCategories,
  ORDER_BY,
  pageOfVideos,
  SORT_KEYS,
  toVideoView,
  VIDEO_COLUMNS,
  VIDEO_FROM,
  VIDEO_TABLES,
  type CategoryRow,
  type SortKey,
  type VideoRow,
  type VideoView,
} from './catalogue-repository.ts';

export const CatalogueLimits = {
  maxPageSize: 50,
  defaultPageSize: 10,
  maxPage: 10_000,
  blockSize: 6,
  rankSize: 30,
  watchingSize: 10,
  maxKeyword: 30,
  maxProgressSeconds: 7 * 24 * 3600,
  /** A play counts towards the video's play count when the user had not played it within this gap. */
  playCountGapMs: 30 * 60 * 1000,
} as const;

/** Home aliases are the category keys, except the games channel whose path is /game. */
const aliasOf = (key: string): string => (key === 'games' ? 'game' : key);

async function category(db: Queryable, params: Params, name = 'category'): Promise<CategoryRow> {
  const key = params.string(name);
  const found = (await listCategories(db)).find((c) => c.key === key);
  if (!found) throw badParam(name, '分类不存在');
  return found;
}

function sortOf(params: Params): SortKey {
  const sort = params.optionalString('sort') ?? 'new';
  if (!(SORT_KEYS as readonly string[]).includes(sort)) throw badParam('sort');
  return sort as SortKey;
}

async function videos(db: Queryable, where: string, params: readonly unknown[], order: string, limit: number): Promise<VideoView[]> {
  const rows = await db.query<VideoRow>(`SELECT ${VIDEO_COLUMNS} FROM ${VIDEO_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`, params);
  return rows.map(toVideoView);
}

async function watchingList(db: Queryable, userId: number): Promise<(VideoView & { progress: number })[]> {
  const rows = await db.query<VideoRow & { progress_seconds: number }>(
    `SELECT ${VIDEO_COLUMNS}, p.progress_seconds FROM play_records p JOIN ${VIDEO_FROM} ON v.id = p.video_id
     WHERE p.user_id = $1 ORDER BY p.played_at DESC, v.id LIMIT ${CatalogueLimits.watchingSize}`,
    [userId],
  );
  return rows.map((row) => ({ ...toVideoView(row), progress: row.progress_seconds }));
}

/** A channel as GetChannels and GetHomeData answer it. */
interface Channel {
  key: string;
  name: string;
  kind: CategoryRow['kind'];
  alias: string;
  subChannels: { id: number; name: string }[];
}

interface HomeBlock {
  key: string;
  title: string;
  category: string;
  list: VideoView[];
}

/** The part of GetHomeData every caller sees alike, and the whole answer of a visitor (no watching list). */
interface HomeShared {
  channels: Channel[];
  blocks: HomeBlock[];
  visitor: { channels: Channel[]; blocks: HomeBlock[]; watchingList: never[] };
}

const HOME_TABLES = [...CHANNEL_TABLES, ...VIDEO_TABLES];

/** What the catalogue offers the rest of the server: the visitor's home (the page sends it with the first screen). */
export interface CatalogueReads {
  /** GetHomeData's data for a visitor on 推荐 (no category), from the shared-read cache (the same object while valid). */
  visitorHome(): Promise<object>;
}

export function registerCatalogueRoutes(api: ApiRouter, services: AppServices): CatalogueReads {
  const { db, clock, sharedReads } = services;

  /** The channels (with sub-channels for short-video channels), from the shared-read cache. */
  const channels = (): Promise<Channel[]> =>
    sharedReads.get('catalogue:channels', CHANNEL_TABLES, async () => {
      const [subs, categories] = await Promise.all([
        db.query<{ category: string; sub_id: number; name: string }>('SELECT category, sub_id, name FROM catalogue_subchannels ORDER BY category, sub_id'),
        listCategories(db),
      ]);
      return categories.map((c) => ({
        key: c.key,
        name: c.name,
        kind: c.kind,
        alias: aliasOf(c.key),
        subChannels: subs.filter((s) => s.category === c.key).map((s) => ({ id: s.sub_id, name: s.name })),
      }));
    });

  /** The channels alone (tabs of the ranking, names of lists). */
  api.get('/api/home/GetChannels', 'none', () => sharedReads.get('catalogue:GetChannels', CHANNEL_TABLES, async () => ({ channels: await channels() })), {
    etag: true,
  });

  /** GetHomeData's shared part for a category key (undefined: 推荐); its block queries run together. */
  const homeShared = (categoryKey: string | undefined): Promise<HomeShared> =>
    sharedReads.get(`catalogue:home:${categoryKey === undefined ? '' : `=${categoryKey}`}`, HOME_TABLES, async () => {
      const all = await channels();
      let blocks: HomeBlock[];
      if (categoryKey !== undefined) {
        const chosen = all.find((c) => c.key === categoryKey);
        if (!chosen) throw badParam('category', '分类不存在');
        const where = 'v.category = $1';
        const [hot, latest, score] = await Promise.all([
          videos(db, where, [chosen.key], ORDER_BY.hot, CatalogueLimits.blockSize),
          videos(db, where, [chosen.key], ORDER_BY.new, CatalogueLimits.blockSize),
          videos(db, where, [chosen.key], ORDER_BY.score, CatalogueLimits.blockSize),
        ]);
        blocks = [
          { key: 'hot', title: '热播', category: chosen.key, list: hot },
          { key: 'new', title: '最新上线', category: chosen.key, list: latest },
          { key: 'score', title: '高分推荐', category: chosen.key, list: score },
        ];
      } else {
        blocks = await Promise.all(
          all
            .filter((x) => x.kind === 'long')
            .map(async (c) => ({ key: c.key, title: c.name, category: c.key, list: await videos(db, 'v.category = $1', [c.key], ORDER_BY.hot, CatalogueLimits.blockSize) })),
        );
      }
      const shown = blocks.filter((b) => b.list.length > 0);
      return { channels: all, blocks: shown, visitor: { channels: all, blocks: shown, watchingList: [] } };
    });

  /**
   * Home: the channels, recommendation blocks and the logged-in user's watching list. Without a
   * category (推荐): one block per long-form category, most played first. With one: 热播, 最新上线, 高分推荐.
   * The channels and blocks come from the shared-read cache; the watching list, the caller's own, never does.
   */
  api.get(
    '/api/home/GetHomeData',
    'optional',
    async ({ params, auth }) => {
      const categoryKey = params.has('category') ? params.string('category') : undefined;
      const [shared, watching] = await Promise.all([homeShared(categoryKey), auth ? watchingList(db, auth.user.id) : undefined]);
      return watching === undefined ? shared.visitor : { channels: shared.channels, blocks: shared.blocks, watchingList: watching };
    },
    { etag: true },
  );
  const reads: CatalogueReads = { visitorHome: async () => (await homeShared(undefined)).visitor };

  /** A category's videos, paged; sort hot | new (default) | score; subID narrows a short-video channel. */
  api.get(
    '/api/list/GetVideoList',
    'none',
    async ({ params }) => {
      const key = params.string('category');
      const chosen = (await channels()).find((c) => c.key === key);
      if (!chosen) throw badParam('category', '分类不存在');
      const { page, pageSize } = params.paging(CatalogueLimits);
      const sort = sortOf(params);
      const subId = params.optionalInt('subID') ?? 0;
      if (subId < 0 || subId > 1000) throw badParam('subID');
      return sharedReads.get(`catalogue:list:${chosen.key}:${sort}:${subId}:${page}:${pageSize}`, HOME_TABLES, async () => {
        const where = subId > 0 ? 'v.category = $1 AND v.sub_id = $2' : 'v.category = $1';
        const result = await pageOfVideos(db, where, subId > 0 ? [chosen.key, subId] : [chosen.key], ORDER_BY[sort], page, pageSize);
        return { ...result, category: { key: chosen.key, name: chosen.name, subChannels: chosen.subChannels } };
      });
    },
    { etag: true },
  );

  /** The popular ranking, derived from play counts: all videos, or one category's. */
  api.get('/api/list/GetRank', 'none', async ({ params }) => {
    const chosen = params.has('category') ? await category(db, params) : null;
    const list = chosen
      ? await videos(db, 'v.category = $1', [chosen.key], ORDER_BY.hot, CatalogueLimits.rankSize)
      : await videos(db, 'true', [], ORDER_BY.hot, CatalogueLimits.rankSize);
    return { category: chosen?.key ?? '', list: list.map((video, index) => ({ ...video, rank: index + 1 })) };
  });

  /** Discovery: the newest works of uploaders, newest first. */
  api.get('/api/list/GetDiscovery', 'none', async ({ params }) => {
    const { page, pageSize } = params.paging(CatalogueLimits);
    return pageOfVideos(db, 'v.uploader_uid IS NOT NULL', [], ORDER_BY.new, page, pageSize);
  });

  /** Title search (case-insensitive substring; % and _ match themselves). */
  api.get('/api/list/Search', 'none', async ({ params }) => {
    const keyword = params.string('keyword').trim();
    if (keyword === '') throw badParam('keyword', '请输入搜索内容');
    if ([...keyword].length > CatalogueLimits.maxKeyword) throw badParam('keyword', '搜索内容过长');
    const { page, pageSize } = params.paging(CatalogueLimits);
    return { ...(await pageOfVideos(db, "v.title ILIKE $1 ESCAPE '\\'", [likePattern(keyword)], ORDER_BY.hot, page, pageSize)), keyword };
  });

  /** A user's space: profile and their videos, newest first. */
  api.get('/api/User/GetSpace', 'optional', async ({ params }) => {
    const id = params.int('id');
    if (id < 1) throw badParam('id');
    const { page, pageSize } = params.paging(CatalogueLimits);
    const users = await db.query<{ id: number; nick_name: string; avatar: string; vip_level: number; level: number | null; sex: number | null; introduce: string | null; big_v: boolean | null }>(
      `SELECT u.id, u.nick_name, u.avatar, u.vip_level, p.level, p.sex, p.introduce, p.big_v
       FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [id],
    );
    const user = users[0];
    if (!user) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    const works = await pageOfVideos(db, 'v.uploader_uid = $1', [id], ORDER_BY.new, page, pageSize);
    const plays = await db.query<{ plays: number }>('SELECT coalesce(sum(play_count), 0)::bigint AS plays FROM videos WHERE uploader_uid = $1', [id]);
    return {
      user: {
        uid: user.id,
        nickName: user.nick_name,
        avatar: user.avatar,
        vipLevel: user.vip_level,
        level: user.level ?? 1,
        sex: user.sex ?? 1,
        introduce: user.introduce ?? '',
        bigV: user.big_v ?? false,
        totalPlays: Number(plays[0]?.plays ?? 0),
      },
      ...works,
    };
  });

  /**
   * Records that the user played a video (progress in seconds and episode, both optional: 0 and 1): the
   * newest comes first in history, and getPlayInfo resumes there. The episode must be one the video has.
   * A GET, as the spec lists it (no POST alias: see docs/decisions.md).
   */
  api.get('/api/video/AddPlayRecord', 'required', async ({ params, auth }) => {
    const video = await findPlayableVideo(db, params.mediaKey());
    if (video === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    const progress = params.optionalInt('progress') ?? 0;
    if (progress < 0 || progress > CatalogueLimits.maxProgressSeconds) throw badParam('progress');
    const episode = episodeOf(params, video.media.episodeCount);
    const now = clock.now();
    // A new viewing (first play, or none within the gap) raises the play count; the periodic progress records do not.
    await db.query(
      `UPDATE videos SET play_count = play_count + 1 WHERE id = $1 AND NOT EXISTS
         (SELECT 1 FROM play_records WHERE user_id = $2 AND video_id = $1 AND played_at > $3)`,
      [video.id, auth.user.id, new Date(now - CatalogueLimits.playCountGapMs)],
    );
    await db.query(
      `INSERT INTO play_records (user_id, video_id, progress_seconds, episode, played_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, video_id) DO UPDATE
       SET progress_seconds = EXCLUDED.progress_seconds, episode = EXCLUDED.episode, played_at = EXCLUDED.played_at`,
      [auth.user.id, video.id, progress, episode, new Date(now)],
    );
    return null;
  });

  /** The user's play history, most recent first. */
  api.get('/api/video/GetPlayRecords', 'required', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(CatalogueLimits);
    const rows = await db.query<VideoRow & { progress_seconds: number; episode: number; played_at: Date }>(
      `SELECT ${VIDEO_COLUMNS}, p.progress_seconds, p.episode, p.played_at FROM play_records p JOIN ${VIDEO_FROM} ON v.id = p.video_id
       WHERE p.user_id = $1 ORDER BY p.played_at DESC, v.id LIMIT $2 OFFSET $3`,
      [auth.user.id, pageSize, (page - 1) * pageSize],
    );
    const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM play_records WHERE user_id = $1', [auth.user.id]);
    return {
      // Progress never reads past the end of what plays (a live channel, length 0, keeps it as recorded).
      list: rows.map((row) => {
        const view = toVideoView(row);
        const progress = view.duration > 0 ? Math.min(row.progress_seconds, view.duration) : row.progress_seconds;
        return { ...view, progress, episode: row.episode, playedAt: row.played_at.getTime() };
      }),
      page,
      pageSize,
      total: count[0]?.total ?? 0,
    };
  });

  /** Toggles a video in the user's collection; answers whether it is collected now. */
  api.get('/api/Video/AddToScjs', 'required', async ({ params, auth }) => {
    const videoId = await findVideoId(db, params.mediaKey());
    if (videoId === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    const collected = await db.transaction(async (tx) => {
      const removed = await tx.query('DELETE FROM collections WHERE user_id = $1 AND video_id = $2 RETURNING video_id', [auth.user.id, videoId]);
      if (removed.length > 0) return false;
      await tx.query('INSERT INTO collections (user_id, video_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        auth.user.id, videoId, new Date(clock.now()),
      ]);
      return true;
    });
    return { collected };
  });

  /** The user's collection, most recently added first. */
  api.get('/api/Video/GetCollections', 'required', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(CatalogueLimits);
    const rows = await db.query<VideoRow & { created_at: Date }>(
      `SELECT ${VIDEO_COLUMNS}, c.created_at FROM collections c JOIN ${VIDEO_FROM} ON v.id = c.video_id
       WHERE c.user_id = $1 ORDER BY c.created_at DESC, v.id LIMIT $2 OFFSET $3`,
      [auth.user.id, pageSize, (page - 1) * pageSize],
    );
    const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM collections WHERE user_id = $1', [auth.user.id]);
    return { list: rows.map(toVideoView), page, pageSize, total: count[0]?.total ?? 0 };
  });
  return reads;
}
