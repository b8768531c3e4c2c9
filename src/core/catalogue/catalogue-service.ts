import type { ApiClient, CallOptions } from '../request/api-client.ts';
import {
  isObject,
  readChannel,
  readHomeData,
  readSpaceProfile,
  readVideoPage,
  readVideos,
  type Channel,
  type HomeData,
  type SpaceProfile,
  type Video,
  type VideoPage,
} from '../shared-kernel/video.ts';

const CataloguePaths = {
  home: '/api/home/GetHomeData',
  channels: '/api/home/GetChannels',
  list: '/api/list/GetVideoList',
  rank: '/api/list/GetRank',
  discovery: '/api/list/GetDiscovery',
  search: '/api/list/Search',
  space: '/api/User/GetSpace',
  addPlayRecord: '/api/video/AddPlayRecord',
  playRecords: '/api/video/GetPlayRecords',
  toggleCollection: '/api/Video/AddToScjs',
  collections: '/api/Video/GetCollections',
} as const;

export const DEFAULT_PAGE_SIZE = 10;

export type ListSort = 'hot' | 'new' | 'score';

export interface ListQuery {
  category: string;
  sort?: ListSort;
  /** Sub-channel of a short-video channel; 0 or absent for all. */
  subId?: number;
}

export interface SpacePage extends VideoPage {
  user: SpaceProfile | null;
}

/** The catalogue's calls: each returns typed data read defensively from the answer. */
export class CatalogueService {
  constructor(private readonly api: ApiClient) {}

  async home(category: string, options: CallOptions = {}): Promise<HomeData> {
    return readHomeData(await this.api.get(CataloguePaths.home, category ? { category } : {}, options));
  }

  async channels(): Promise<Channel[]> {
    const data = await this.api.get(CataloguePaths.channels);
    return readHomeData(isObject(data) ? { channels: data['channels'] } : null).channels;
  }

  /** A category's page; `channel` is the category as the answer names it (null when unreadable). */
  async list(query: ListQuery, page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage & { channel: Channel | null }> {
    const params = {
      category: query.category,
      page,
      pageSize,
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.subId ? { subID: query.subId } : {}),
    };
    const data = await this.api.get(CataloguePaths.list, params);
    return { ...readVideoPage(data, page, pageSize), channel: readChannel(isObject(data) ? data['category'] : null) };
  }

  async rank(category: string): Promise<Video[]> {
    const data = await this.api.get(CataloguePaths.rank, category ? { category } : {});
    return readVideos(isObject(data) ? data['list'] : null);
  }

  async discovery(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.get(CataloguePaths.discovery, { page, pageSize }), page, pageSize);
  }

  async search(keyword: string, page: number, pageSize = DEFAULT_PAGE_SIZE, options: CallOptions = {}): Promise<VideoPage> {
    return readVideoPage(await this.api.get(CataloguePaths.search, { keyword, page, pageSize }, options), page, pageSize);
  }

  async space(uid: number, page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<SpacePage> {
    const data = await this.api.get(CataloguePaths.space, { id: uid, page, pageSize });
    return { ...readVideoPage(data, page, pageSize), user: readSpaceProfile(isObject(data) ? data['user'] : null) };
  }

  async playRecords(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.get(CataloguePaths.playRecords, { page, pageSize }), page, pageSize);
  }

  async collections(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.get(CataloguePaths.collections, { page, pageSize }), page, pageSize);
  }

  async addPlayRecord(mediaKey: string, progressSeconds = 0): Promise<void> {
    await this.api.get(CataloguePaths.addPlayRecord, { mediaKey, progress: Math.max(0, Math.floor(progressSeconds)) });
  }

  /** Toggles the collection; answers whether the video is collected now. */
  async toggleCollection(mediaKey: string): Promise<boolean> {
    const data = await this.api.get(CataloguePaths.toggleCollection, { mediaKey });
    return isObject(data) && data['collected'] === true;
  }
}
