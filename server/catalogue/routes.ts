import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findPlayableVideo } from '../playback/playback-repository.ts';
import { episodeOf } from '../playback/playback-params.ts';
import { CatalogueLimits } from './catalogue-limits.ts';
import {
  CHANNEL_TABLES,
  likePattern,
  listCategories,
  listWatching,
  ORDER_BY,
  pageOfCollections,
  pageOfVideos,
  SORT_KEYS,
  VIDEO_TABLES,
  type CategoryRow,
  type SortKey,
} from './catalogue-repository.ts';
import { loadChannels, loadHomeShared, loadRank, loadVideoList, type Channel, type HomeShared } from './home-data.ts';
import { loadPlayHistory, loadUserSpace, recordPlay, toggleCollected } from './user-videos.ts';

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
    sharedReads.get('catalogue:channels', CHANNEL_TABLES, () => loadChannels(db));

  /** The channels alone (tabs of the ranking, names of lists). */
  api.get('/api/home/GetChannels', 'none', () => sharedReads.get('catalogue:GetChannels', CHANNEL_TABLES, async () => ({ channels: await channels() })), {
    etag: true,
  });

  /** GetHomeData's shared part for a category key (undefined: 推荐); its block queries run together. */
  const homeShared = (categoryKey: string | undefined): Promise<HomeShared> =>
    sharedReads.get(`catalogue:home:${categoryKey === undefined ? '' : `=${categoryKey}`}`, HOME_TABLES, async () =>
      loadHomeShared(db, await channels(), categoryKey),
    );

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
      const [shared, watching] = await Promise.all([homeShared(categoryKey), auth ? listWatching(db, auth.user.id, CatalogueLimits.watchingSize) : undefined]);
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
      return sharedReads.get(`catalogue:list:${chosen.key}:${sort}:${subId}:${page}:${pageSize}`, HOME_TABLES, () =>
        loadVideoList(db, chosen, sort, subId, page, pageSize),
      );
    },
    { etag: true },
  );

  /** The popular ranking, derived from play counts: all videos, or one category's. */
  api.get('/api/list/GetRank', 'none', async ({ params }) => {
    const chosen = params.has('category') ? await category(db, params) : null;
    return loadRank(db, chosen?.key ?? null);
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
    return loadUserSpace(db, id, page, pageSize);
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
    await recordPlay(db, { userId: auth.user.id, videoId: video.id, progress, episode, now: clock.now() });
    return null;
  });

  /** The user's play history, most recent first. */
  api.get('/api/video/GetPlayRecords', 'required', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(CatalogueLimits);
    return loadPlayHistory(db, auth.user.id, page, pageSize);
  });

  /** Toggles a video in the user's collection; answers whether it is collected now. */
  api.get('/api/Video/AddToScjs', 'required', ({ params, auth }) => toggleCollected(db, clock, auth.user.id, params.mediaKey()));

  /** The user's collection, most recently added first. */
  api.get('/api/Video/GetCollections', 'required', async ({ params, auth }) => {
    const { page, pageSize } = params.paging(CatalogueLimits);
    return pageOfCollections(db, auth.user.id, page, pageSize);
  });
  return reads;
}
