import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { CatalogueCalls, CatalogueProtocolLimits, type CatalogueSort } from './catalogue-protocol.ts';
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

export const DEFAULT_PAGE_SIZE: number = CatalogueProtocolLimits.defaultPageSize;

export type ListSort = CatalogueSort;

export interface ListQuery {
  category: string;
  sort?: ListSort;
  /** Sub-channel of a short-video channel; 0 or absent for all. */
  subId?: number;
}

export interface SpacePage extends VideoPage {
  user: SpaceProfile | null;
}

/**
 * The catalogue's calls (catalogue-protocol.ts): each returns typed data read defensively from the answer. Playing and
 * collecting a video are sent by playback and video-social.
 */
export class CatalogueService {
  constructor(private readonly api: ApiClient) {}

  async home(category: string, options: CallOptions = {}): Promise<HomeData> {
    return readHomeData(await this.api.request(CatalogueCalls.home, category ? { category } : {}, options));
  }

  async channels(): Promise<Channel[]> {
    const data = await this.api.request(CatalogueCalls.channels, {});
    return readHomeData(isObject(data) ? { channels: data['channels'] } : null).channels;
  }

  /** A category's page; `channel` is the category as the answer names it (null when unreadable). */
  async list(query: ListQuery, page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage & { channel: Channel | null }> {
    const data = await this.api.request(CatalogueCalls.list, {
      category: query.category,
      page,
      pageSize,
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.subId ? { subID: query.subId } : {}),
    });
    return { ...readVideoPage(data, page, pageSize), channel: readChannel(isObject(data) ? data['category'] : null) };
  }

  async rank(category: string): Promise<Video[]> {
    const data = await this.api.request(CatalogueCalls.rank, category ? { category } : {});
    return readVideos(isObject(data) ? data['list'] : null);
  }

  async discovery(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.request(CatalogueCalls.discovery, { page, pageSize }), page, pageSize);
  }

  async search(keyword: string, page: number, pageSize = DEFAULT_PAGE_SIZE, options: CallOptions = {}): Promise<VideoPage> {
    return readVideoPage(await this.api.request(CatalogueCalls.search, { keyword, page, pageSize }, options), page, pageSize);
  }

  async space(uid: number, page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<SpacePage> {
    const data = await this.api.request(CatalogueCalls.space, { id: uid, page, pageSize });
    return { ...readVideoPage(data, page, pageSize), user: readSpaceProfile(isObject(data) ? data['user'] : null) };
  }

  async playRecords(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.request(CatalogueCalls.playRecords, { page, pageSize }), page, pageSize);
  }

  async collections(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return readVideoPage(await this.api.request(CatalogueCalls.collections, { page, pageSize }), page, pageSize);
  }
}
