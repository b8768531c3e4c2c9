import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { CatalogueCalls, CatalogueProtocolLimits, type CatalogueSort } from './catalogue-protocol.ts';
import type { Channel, HomeData, SpaceProfile, Video, VideoPage } from '../shared-kernel/video.ts';

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

/** A page as the app asked it (its page and size), with the answer's videos and total. */
const asked = (answer: VideoPage, page: number, pageSize: number): VideoPage => ({ list: answer.list, page, pageSize, total: answer.total });

/**
 * The catalogue's calls (catalogue-protocol.ts): each returns its answer's typed data (the answer read once by
 * ApiClient through the call's declared answer). Playing and collecting a video are sent by playback and video-social.
 */
export class CatalogueService {
  constructor(private readonly api: ApiClient) {}

  async home(category: string, options: CallOptions = {}): Promise<HomeData> {
    return this.api.request(CatalogueCalls.home, category ? { category } : {}, options);
  }

  async channels(): Promise<Channel[]> {
    return (await this.api.request(CatalogueCalls.channels, {})).channels;
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
    return { ...asked(data, page, pageSize), channel: { ...data.category, kind: 'long', alias: data.category.key } };
  }

  async rank(category: string): Promise<Video[]> {
    return (await this.api.request(CatalogueCalls.rank, category ? { category } : {})).list;
  }

  async discovery(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return asked(await this.api.request(CatalogueCalls.discovery, { page, pageSize }), page, pageSize);
  }

  async search(keyword: string, page: number, pageSize = DEFAULT_PAGE_SIZE, options: CallOptions = {}): Promise<VideoPage> {
    return asked(await this.api.request(CatalogueCalls.search, { keyword, page, pageSize }, options), page, pageSize);
  }

  async space(uid: number, page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<SpacePage> {
    const data = await this.api.request(CatalogueCalls.space, { id: uid, page, pageSize });
    return { ...asked(data, page, pageSize), user: data.user };
  }

  async playRecords(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return asked(await this.api.request(CatalogueCalls.playRecords, { page, pageSize }), page, pageSize);
  }

  async collections(page: number, pageSize = DEFAULT_PAGE_SIZE): Promise<VideoPage> {
    return asked(await this.api.request(CatalogueCalls.collections, { page, pageSize }), page, pageSize);
  }
}
