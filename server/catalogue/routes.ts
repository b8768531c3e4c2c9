import { CatalogueCalls, CatalogueRefusal, type CatalogueSort, type ChannelInfo, type HomeDataInfo } from '../../src/core/catalogue/catalogue-protocol.ts';
import { EPISODE_NOT_FOUND, PlaybackCalls } from '../../src/core/playback/playback-protocol.ts';
import { VideoSocialCalls } from '../../src/core/video-social/video-social-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { CatalogueLimits } from './catalogue-limits.ts';
import { CHANNEL_TABLES, listCategories, listWatching, ORDER_BY, pageOfCollections, pageOfVideos, VIDEO_TABLES } from './catalogue-repository.ts';
import { loadChannels, loadHomeShared, loadRank, loadVideoList, type HomeShared } from './home-data.ts';
import { loadPlayHistory, loadUserSpace, recordPlay, toggleCollected } from './user-videos.ts';
import { searchTitles } from './video-filter.ts';

const HOME_TABLES = [...CHANNEL_TABLES, ...VIDEO_TABLES];

/** What the catalogue offers the rest of the server: the visitor's home (the page sends it with the first screen). */
export interface CatalogueReads {
  /** GetHomeData's data for a visitor on 推荐 (no category), from the shared-read cache (the same object while valid). */
  visitorHome(): Promise<HomeDataInfo>;
}

/** What AddPlayRecord asks of playback and of the task centre, which app.ts wires in. */
export interface CataloguePorts {
  /** The video of a media key with how many episodes it plays (the episode must be one of them), or null. */
  playableVideo(mediaKey: string): Promise<{ id: number; media: { episodeCount: number } } | null>;
  /** A watch report of the user for the task centre's 观看视频10分钟. */
  recordWatch(userId: number): Promise<void>;
}

export function registerCatalogueRoutes(api: ApiRouter, services: AppServices, ports: CataloguePorts): CatalogueReads {
  const { db, clock, sharedReads } = services;

  /** The channels (with sub-channels for short-video channels), from the shared-read cache. */
  const channels = (): Promise<ChannelInfo[]> =>
    sharedReads.get('catalogue:channels', CHANNEL_TABLES, () => loadChannels(db));

  /** The channels alone (tabs of the ranking, names of lists). */
  serve(api, CatalogueCalls.channels, 'none', () => sharedReads.get('catalogue:GetChannels', CHANNEL_TABLES, async () => ({ channels: await channels() })), {
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
  serve(
    api,
    CatalogueCalls.home,
    'optional',
    async ({ input: { category: categoryKey }, auth }) => {
      const [shared, watching] = await Promise.all([homeShared(categoryKey), auth ? listWatching(db, auth.user.id, CatalogueLimits.watchingSize) : undefined]);
      return watching === undefined ? shared.visitor : { channels: shared.channels, blocks: shared.blocks, watchingList: watching };
    },
    { etag: true },
  );
  const reads: CatalogueReads = { visitorHome: async () => (await homeShared(undefined)).visitor };

  /** A category's videos, paged; sort hot | new (default) | score; subID narrows a short-video channel. */
  serve(
    api,
    CatalogueCalls.list,
    'none',
    async ({ input: { category: key, sort: chosenSort, subID: subId = 0, page, pageSize } }) => {
      const chosen = (await channels()).find((c) => c.key === key);
      if (!chosen) throw badParam('category', CatalogueRefusal.unknownCategory);
      const sort = (chosenSort ?? 'new') as CatalogueSort;
      return sharedReads.get(`catalogue:list:${chosen.key}:${sort}:${subId}:${page}:${pageSize}`, HOME_TABLES, () =>
        loadVideoList(db, chosen, sort, subId, page, pageSize),
      );
    },
    { etag: true },
  );

  /** The popular ranking, derived from play counts: all videos, or one category's. */
  serve(api, CatalogueCalls.rank, 'none', async ({ input: { category: key } }) => {
    if (key !== undefined && !(await listCategories(db)).some((c) => c.key === key)) throw badParam('category', CatalogueRefusal.unknownCategory);
    return loadRank(db, key ?? null);
  });

  /** Discovery: the newest works of uploaders, newest first. */
  serve(api, CatalogueCalls.discovery, 'none', ({ input: { page, pageSize } }) =>
    pageOfVideos(db, 'v.uploader_uid IS NOT NULL', [], ORDER_BY.new, page, pageSize),
  );

  /** Title search (case-insensitive substring; % and _ match themselves). */
  serve(api, CatalogueCalls.search, 'none', ({ input: { keyword, page, pageSize } }) => searchTitles(db, keyword, page, pageSize));

  /** A user's space: profile and their videos, newest first. */
  serve(api, CatalogueCalls.space, 'optional', ({ input: { id, page, pageSize } }) => loadUserSpace(db, id, page, pageSize));

  /**
   * Records that the user played a video (progress in seconds and episode, both optional: 0 and 1): the
   * newest comes first in history, and getPlayInfo resumes there. The episode must be one the video has.
   * A GET, as the spec lists it (no POST alias: see docs/decisions.md). Each record is also a watch report for the
   * task centre's 观看视频10分钟 (credited no faster than real time: server/tasks/task-center.ts).
   */
  serve(api, PlaybackCalls.addPlayRecord, 'required', async ({ input: { mediaKey, episode, progress }, auth }) => {
    const video = await ports.playableVideo(mediaKey);
    if (video === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
    if (episode > video.media.episodeCount) throw badParam('episode', EPISODE_NOT_FOUND);
    await recordPlay(db, { userId: auth.user.id, videoId: video.id, progress, episode, now: clock.now() });
    await ports.recordWatch(auth.user.id);
    return null;
  });

  /** The user's play history, most recent first. */
  serve(api, CatalogueCalls.playRecords, 'required', ({ auth, input: { page, pageSize } }) => loadPlayHistory(db, auth.user.id, page, pageSize));

  /** Toggles a video in the user's collection; answers whether it is collected now. */
  serve(api, VideoSocialCalls.collect, 'required', ({ auth, input: { mediaKey } }) => toggleCollected(db, clock, auth.user.id, mediaKey));

  /** The user's collection, most recently added first. */
  serve(api, CatalogueCalls.collections, 'required', ({ auth, input: { page, pageSize } }) => pageOfCollections(db, auth.user.id, page, pageSize));
  return reads;
}
