/**
 * The catalogue's calls, declared once (src/core/request/protocol.ts): the app's CatalogueService and
 * CatalogueFilterService send them, the reference server (server/catalogue/routes.ts, filter-routes.ts) serves them,
 * the fake (adapters/http/fake-catalogue-api.ts) answers them. Every call is a GET with its parameters in the query
 * string. Playing a video (AddPlayRecord) and collecting it (AddToScjs) are the server catalogue's too, but the app
 * sends them from playback and video-social: their protocols declare them.
 */
import { check, object, picklist, pipe, readonly, transform, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { channel, homeData, pageEntries, pageOf, spaceProfile, withTotal, type Channel, type HomeData, type SpaceProfile } from '../shared-kernel/video.ts';
import { video } from '../shared-kernel/video-wire.ts';

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
const CATALOGUE_SORTS: readonly CatalogueSort[] = ['hot', 'new', 'score'];

/** The messages of the catalogue's own refusals (1002). */
export const CatalogueRefusal = {
  unknownCategory: '分类不存在',
  emptyKeyword: '请输入搜索内容',
  longKeyword: '搜索内容过长',
} as const;

/** GetChannels. */
const channelList = object({ channels: wire.items(channel) });

/** The channel a list belongs to, as GetVideoList names it. */
const listChannel = object({ key: wire.key, name: wire.key, subChannels: wire.items(object({ id: wire.positive, name: wire.key })) });

/** GetVideoList: a page of a channel's videos, with the channel. */
const channelVideoPage = pipe(object({ ...pageEntries(video), category: listChannel }), transform(withTotal));

/** GetRank: the ranking (of one category, or of all: category ''), ranks from 1. */
const rankList = object({ category: wire.text, list: wire.items(video) });

/** Search: a page of matches with the keyword searched. */
const searchPage = pipe(object({ ...pageEntries(video), keyword: wire.text }), transform(withTotal));

/** GetSpace: the profile and a page of the user's works, newest first. */
const spacePage = pipe(object({ ...pageEntries(video), user: spaceProfile }), transform(withTotal));

/** A play record: the video with where the caller left it. */
const playRecord = object({ ...video.entries, progress: wire.amount(), episode: wire.wholeAtLeast(1), playedAt: wire.amount() });

/** The filter's options: the categories, the areas, years and languages the catalogue holds, the sorts (unreadable ones left out). */
const filterOptions = object({
  categories: wire.items(object({ key: wire.key, name: wire.key, kind: wire.oneOf(['long', 'short'], 'long') })),
  areas: wire.items(wire.word),
  years: wire.items(
    pipe(
      wire.positive,
      check((year) => Number.isSafeInteger(year), 'not a year'),
    ),
  ),
  languages: wire.items(wire.word),
  sorts: pipe(wire.items(object({ key: picklist(CATALOGUE_SORTS), name: wire.key })), readonly()),
});

/** The filter as applied ('' and 0: not filtered). */
const appliedFilter = object({ category: wire.text, area: wire.text, year: wire.amount(), language: wire.text, sort: wire.oneOf(CATALOGUE_SORTS, 'hot') });

/** /api/home/filter: the options, the filter applied and the page of videos matching it. */
const filterPage = pipe(object({ ...pageEntries(video), options: filterOptions, filter: appliedFilter }), transform(withTotal));

export type ChannelInfo = Channel;
export type HomeDataInfo = HomeData;
export type HomeBlockInfo = HomeData['blocks'][number];
export type ChannelList = InferOutput<typeof channelList>;
/** One page of a paged list. */
export interface CataloguePage<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}
export type ChannelVideoPage = InferOutput<typeof channelVideoPage>;
export type RankList = InferOutput<typeof rankList>;
export type SearchPage = InferOutput<typeof searchPage>;
export type SpaceUserInfo = SpaceProfile;
export type SpacePageInfo = InferOutput<typeof spacePage>;
export type PlayRecordInfo = InferOutput<typeof playRecord>;
export type FilterOptionsInfo = InferOutput<typeof filterOptions>;
export type AppliedFilter = InferOutput<typeof appliedFilter>;
export type FilterPageInfo = InferOutput<typeof filterPage>;

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
  home: call({
    method: 'GET',
    path: '/api/home/GetHomeData',
    carrier: 'query',
    params: { category: { ...category, optional: true } },
    answer: homeData,
  }),
  /** The channels alone. ETag. */
  channels: call({ method: 'GET', path: '/api/home/GetChannels', carrier: 'query', params: {}, answer: channelList }),
  /** A channel's videos, paged; sort new by default; subID above 0 narrows a short-video channel (absent: 0). ETag. */
  list: call({
    method: 'GET',
    path: '/api/list/GetVideoList',
    carrier: 'query',
    params: { category, sort, subID: { kind: 'int', min: 0, max: CatalogueProtocolLimits.maxSubId, fallback: 0, optional: true }, page, pageSize },
    answer: channelVideoPage,
  }),
  /** The popular ranking: all videos, or one category's. */
  rank: call({ method: 'GET', path: '/api/list/GetRank', carrier: 'query', params: { category: { ...category, optional: true } }, answer: rankList }),
  /** Discovery: uploaders' newest works. */
  discovery: call({ method: 'GET', path: '/api/list/GetDiscovery', carrier: 'query', params: { page, pageSize }, answer: pageOf(video) }),
  /**
   * Title search. The keyword is trimmed by the server: blank is 请输入搜索内容, more than maxKeyword characters
   * 搜索内容过长 (the declared limit bounds the raw text).
   */
  search: call({
    method: 'GET',
    path: '/api/list/Search',
    carrier: 'query',
    params: { keyword: { kind: 'text', max: 200, badMessage: CatalogueRefusal.longKeyword }, page, pageSize },
    answer: searchPage,
  }),
  /** A user's space: 1006 用户不存在 for no such user. */
  space: call({ method: 'GET', path: '/api/User/GetSpace', carrier: 'query', params: { id: { kind: 'id' }, page, pageSize }, answer: spacePage }),
  /** The caller's play history, most recent first. Signed in only. */
  playRecords: call({ method: 'GET', path: '/api/video/GetPlayRecords', carrier: 'query', params: { page, pageSize }, answer: pageOf(playRecord) }),
  /** The caller's collection, most recently added first. Signed in only. */
  collections: call({ method: 'GET', path: '/api/Video/GetCollections', carrier: 'query', params: { page, pageSize }, answer: pageOf(video) }),
  /**
   * The catalogue filter behind /typePage: every parameter optional (sort hot by default, year 0 for all; a year
   * other than 0 lies between minYear and maxYear, an area has at most maxArea characters, a language at most
   * maxLanguage).
   */
  filter: call({
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
    answer: filterPage,
  }),
} as const;
