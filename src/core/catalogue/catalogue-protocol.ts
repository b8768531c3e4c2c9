/**
 * The catalogue's calls, declared once (src/core/request/protocol.ts): the app's CatalogueService and
 * CatalogueFilterService send them, the reference server (server/catalogue/routes.ts, filter-routes.ts) serves them,
 * the fake (adapters/http/fake-catalogue-api.ts) answers them. Every call is a GET with its parameters in the query
 * string. Playing a video (AddPlayRecord) and collecting it (AddToScjs) are the server catalogue's too, but the app
 * sends them from playback and video-social: their protocols declare them.
 */
import { call } from '../request/protocol.ts';
import type { WireVideo } from '../shared-kernel/video-wire.ts';

export const CatalogueProtocolLimits = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 10_000,
  /** Search: the longest keyword, in characters (搜索内容过长 beyond). */
  maxKeyword: 30,
  /** The filter: the longest area, in characters. */
  maxArea: 20,
  /** The filter: the longest language, in characters. */
  maxLanguage: 10,
  /** The filter: a year other than 0 (全部) lies between these. */
  minYear: 1900,
  maxYear: 2100,
  /** GetVideoList: the largest sub-channel id (0: the whole channel). */
  maxSubId: 1000,
} as const;

/** The sorts of a channel's list and of the filter. */
export type CatalogueSort = 'hot' | 'new' | 'score';
export const CATALOGUE_SORTS: readonly CatalogueSort[] = ['hot', 'new', 'score'];

/** The messages of the catalogue's own refusals (1002). */
export const CatalogueRefusal = {
  unknownCategory: '分类不存在',
  emptyKeyword: '请输入搜索内容',
  longKeyword: '搜索内容过长',
} as const;

/** A sub-channel of a short-video channel. */
interface SubChannelInfo {
  id: number;
  name: string;
}

/** A channel as GetChannels and GetHomeData answer it. */
export interface ChannelInfo {
  key: string;
  name: string;
  kind: 'long' | 'short';
  /** The path segment of the home alias (games → game). */
  alias: string;
  subChannels: SubChannelInfo[];
}

/** A recommendation block of home. */
export interface HomeBlockInfo {
  key: string;
  title: string;
  category: string;
  list: WireVideo[];
}

/** A video the caller is watching, with the seconds watched. */
type HomeWatchedVideo = WireVideo & { progress: number };

/** GetHomeData: the channels, the blocks and the signed-in caller's watching list (empty for a visitor). */
export interface HomeDataInfo {
  channels: ChannelInfo[];
  blocks: HomeBlockInfo[];
  watchingList: HomeWatchedVideo[];
}

/** GetChannels. */
export interface ChannelList {
  channels: ChannelInfo[];
}

/** One page of a paged list. */
export interface CataloguePage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** GetVideoList: a page of a channel's videos, with the channel. */
export interface ChannelVideoPage extends CataloguePage<WireVideo> {
  category: { key: string; name: string; subChannels: SubChannelInfo[] };
}

/** GetRank: the ranking (of one category, or of all: category ''), ranks from 1. */
export interface RankList {
  category: string;
  list: (WireVideo & { rank: number })[];
}

/** Search: a page of matches with the keyword searched. */
export interface SearchPage extends CataloguePage<WireVideo> {
  keyword: string;
}

/** The profile a user's space shows. */
export interface SpaceUserInfo {
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  level: number;
  sex: number;
  introduce: string;
  bigV: boolean;
  totalPlays: number;
}

/** GetSpace: the profile and a page of the user's works, newest first. */
export interface SpacePageInfo extends CataloguePage<WireVideo> {
  user: SpaceUserInfo;
}

/** A play record: the video with where the caller left it. */
export type PlayRecordInfo = WireVideo & { progress: number; episode: number; playedAt: number };

/** The filter's options: the categories, the areas, years and languages the catalogue holds, the sorts. */
export interface FilterOptionsInfo {
  categories: { key: string; name: string; kind: 'long' | 'short' }[];
  areas: string[];
  years: number[];
  languages: string[];
  sorts: readonly { key: CatalogueSort; name: string }[];
}

/** The filter as applied ('' and 0: not filtered). */
export interface AppliedFilter {
  category: string;
  area: string;
  year: number;
  language: string;
  sort: CatalogueSort;
}

/** /api/home/filter: the options, the filter applied and the page of videos matching it. */
export interface FilterPageInfo extends CataloguePage<WireVideo> {
  options: FilterOptionsInfo;
  filter: AppliedFilter;
}

const page = { kind: 'int', min: 1, max: CatalogueProtocolLimits.maxPage, fallback: 1 } as const;
const pageSize = {
  kind: 'int',
  min: 1,
  max: CatalogueProtocolLimits.maxPageSize,
  fallback: CatalogueProtocolLimits.defaultPageSize,
  rangeMessage: `每页数量为1-${CatalogueProtocolLimits.maxPageSize}`,
} as const;
/** A category key: one the catalogue holds, else 1002 分类不存在 (the route looks it up). */
const category = { kind: 'text', max: 64, badMessage: CatalogueRefusal.unknownCategory } as const;
const sort = { kind: 'text', max: 8, oneOf: CATALOGUE_SORTS, optional: true } as const;

export const CatalogueCalls = {
  /** Home: without a category 推荐 (one block per long-form category), with one its 热播, 最新上线, 高分推荐. ETag. */
  home: call<HomeDataInfo>()({
    method: 'GET',
    path: '/api/home/GetHomeData',
    carrier: 'query',
    params: { category: { ...category, optional: true } },
  }),
  /** The channels alone. ETag. */
  channels: call<ChannelList>()({ method: 'GET', path: '/api/home/GetChannels', carrier: 'query', params: {} }),
  /** A channel's videos, paged; sort new by default; subID above 0 narrows a short-video channel (absent: 0). ETag. */
  list: call<ChannelVideoPage>()({
    method: 'GET',
    path: '/api/list/GetVideoList',
    carrier: 'query',
    params: { category, sort, subID: { kind: 'int', min: 0, max: CatalogueProtocolLimits.maxSubId, fallback: 0, optional: true }, page, pageSize },
  }),
  /** The popular ranking: all videos, or one category's. */
  rank: call<RankList>()({ method: 'GET', path: '/api/list/GetRank', carrier: 'query', params: { category: { ...category, optional: true } } }),
  /** Discovery: uploaders' newest works. */
  discovery: call<CataloguePage<WireVideo>>()({ method: 'GET', path: '/api/list/GetDiscovery', carrier: 'query', params: { page, pageSize } }),
  /**
   * Title search. The keyword is trimmed by the server: blank is 请输入搜索内容, more than maxKeyword characters
   * 搜索内容过长 (the declared limit bounds the raw text).
   */
  search: call<SearchPage>()({
    method: 'GET',
    path: '/api/list/Search',
    carrier: 'query',
    params: { keyword: { kind: 'text', max: 200, badMessage: CatalogueRefusal.longKeyword }, page, pageSize },
  }),
  /** A user's space: 1006 用户不存在 for no such user. */
  space: call<SpacePageInfo>()({ method: 'GET', path: '/api/User/GetSpace', carrier: 'query', params: { id: { kind: 'id' }, page, pageSize } }),
  /** The caller's play history, most recent first. Signed in only. */
  playRecords: call<CataloguePage<PlayRecordInfo>>()({ method: 'GET', path: '/api/video/GetPlayRecords', carrier: 'query', params: { page, pageSize } }),
  /** The caller's collection, most recently added first. Signed in only. */
  collections: call<CataloguePage<WireVideo>>()({ method: 'GET', path: '/api/Video/GetCollections', carrier: 'query', params: { page, pageSize } }),
  /**
   * The catalogue filter behind /typePage: every parameter optional (sort hot by default, year 0 for all; a year
   * other than 0 lies between minYear and maxYear, an area has at most maxArea characters, a language at most
   * maxLanguage).
   */
  filter: call<FilterPageInfo>()({
    method: 'GET',
    path: '/api/home/filter',
    carrier: 'query',
    params: {
      category: { ...category, trim: true, optional: true },
      area: { kind: 'text', max: CatalogueProtocolLimits.maxArea * 2, trim: true, optional: true },
      year: { kind: 'int', min: 0, max: CatalogueProtocolLimits.maxYear, fallback: 0, optional: true },
      language: { kind: 'text', max: CatalogueProtocolLimits.maxLanguage * 2, trim: true, optional: true },
      sort,
      page,
      pageSize,
    },
  }),
} as const;
