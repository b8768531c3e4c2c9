import { CatalogueCalls, CatalogueProtocolLimits, CatalogueRefusal } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { CataloguePage, CatalogueSort, ChannelInfo, FilterPageInfo, PlayRecordInfo, SpaceUserInfo } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import { fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** A play record as the imitation keeps it. */
interface FakePlay {
  mediaKey: string;
  progress: number;
  episode: number;
  playedAt: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeCatalogueState {
  /** The channels in display order (their sub-channels with them). */
  readonly channels: ChannelInfo[];
  /** The videos, in the order they were added (their category is a channel's key). */
  readonly videos: WireVideo[];
  /** The users whose space can be shown, by uid. */
  readonly users: Map<number, Omit<SpaceUserInfo, 'totalPlays'>>;
  /** Each user's plays, newest first. */
  readonly plays: Map<number, FakePlay[]>;
  /** Each user's collection (media keys), most recently added first. */
  readonly collections: Map<number, string[]>;
  /** The language of each video (media key → 国语, 粤语 …; the filter's 语言), absent when unknown. */
  readonly languages: Map<string, string>;
}

export interface FakeCatalogueApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
}

const unknownCategory = () => refuse(1002, CatalogueRefusal.unknownCategory);

const BLOCK_SIZE = 6;
const RANK_SIZE = 30;
const WATCHING_SIZE = 10;
const FILTER_SORTS: readonly { key: CatalogueSort; name: string }[] = [
  { key: 'hot', name: '最热' },
  { key: 'new', name: '最新' },
  { key: 'score', name: '高分' },
];

/** The server's orders: most played, newest, best scored (ties by the order added). */
const ORDER: Record<CatalogueSort, (a: WireVideo, b: WireVideo) => number> = {
  hot: (a, b) => b.playCount - a.playCount,
  new: (a, b) => b.updatedAt - a.updatedAt,
  score: (a, b) => b.score - a.score || b.playCount - a.playCount,
};

function pageOf<T>(all: readonly T[], page: number, pageSize: number): CataloguePage<T> {
  return { list: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: all.length };
}

/**
 * An in-memory imitation of the reference server's catalogue calls, answering what catalogue-protocol.ts declares and
 * checking their parameters as declared (test/contract/catalogue-protocol.test.ts runs one suite against it and the
 * server).
 */
export function installFakeCatalogueApi(http: FakeHttp, options: FakeCatalogueApiOptions): FakeCatalogueState {
  const state: FakeCatalogueState = { channels: [], videos: [], users: new Map(), plays: new Map(), collections: new Map(), languages: new Map() };

  const sorted = (videos: readonly WireVideo[], sort: CatalogueSort): WireVideo[] => [...videos].sort(ORDER[sort]);
  const inCategory = (key: string): WireVideo[] => state.videos.filter((video) => video.category === key);
  const channel = (key: string): ChannelInfo => {
    const found = state.channels.find((c) => c.key === key);
    if (!found) throw unknownCategory();
    return found;
  };

  const { serve } = fakeApi(http, { caller: options.caller });

  serve(CatalogueCalls.home, 'optional', ({ category }, uid) => {
    const blocks =
      category === undefined
        ? state.channels.filter((c) => c.kind === 'long').map((c) => ({ key: c.key, title: c.name, category: c.key, list: sorted(inCategory(c.key), 'hot').slice(0, BLOCK_SIZE) }))
        : (['hot', 'new', 'score'] as const).map((sort) => ({
            key: sort,
            title: { hot: '热播', new: '最新上线', score: '高分推荐' }[sort],
            category: channel(category).key,
            list: sorted(inCategory(category), sort).slice(0, BLOCK_SIZE),
          }));
    const watchingList =
      uid === null
        ? []
        : (state.plays.get(uid) ?? []).slice(0, WATCHING_SIZE).flatMap((play) => {
            const video = state.videos.find((v) => v.mediaKey === play.mediaKey);
            return video ? [{ ...video, progress: play.progress }] : [];
          });
    return ok({ channels: state.channels, blocks: blocks.filter((b) => b.list.length > 0), watchingList });
  });

  serve(CatalogueCalls.channels, 'optional', () => ok({ channels: state.channels }));

  serve(CatalogueCalls.list, 'optional', ({ category, sort, subID = 0, page, pageSize }) => {
    const chosen = channel(category);
    const videos = inCategory(chosen.key).filter((video) => subID === 0 || video.subId === subID);
    return ok({ ...pageOf(sorted(videos, (sort ?? 'new') as CatalogueSort), page, pageSize), category: { key: chosen.key, name: chosen.name, subChannels: chosen.subChannels } });
  });

  serve(CatalogueCalls.rank, 'optional', ({ category }) => {
    const videos = category === undefined ? state.videos : inCategory(channel(category).key);
    return ok({ category: category ?? '', list: sorted(videos, 'hot').slice(0, RANK_SIZE).map((video, index) => ({ ...video, rank: index + 1 })) });
  });

  serve(CatalogueCalls.discovery, 'optional', ({ page, pageSize }) => ok(pageOf(sorted(state.videos.filter((video) => video.uploader !== null), 'new'), page, pageSize)));

  serve(CatalogueCalls.search, 'optional', ({ keyword: raw, page, pageSize }) => {
    const keyword = raw.trim();
    if (keyword === '') throw refuse(1002, CatalogueRefusal.emptyKeyword);
    if ([...keyword].length > CatalogueProtocolLimits.maxKeyword) throw refuse(1002, CatalogueRefusal.longKeyword);
    const matches = state.videos.filter((video) => video.title.toLowerCase().includes(keyword.toLowerCase()));
    return ok({ ...pageOf(sorted(matches, 'hot'), page, pageSize), keyword });
  });

  serve(CatalogueCalls.space, 'optional', ({ id, page, pageSize }) => {
    const user = state.users.get(id);
    if (!user) throw refuse(1006, '用户不存在');
    const works = state.videos.filter((video) => video.uploader?.uid === id);
    return ok({ user: { ...user, totalPlays: works.reduce((sum, video) => sum + video.playCount, 0) }, ...pageOf(sorted(works, 'new'), page, pageSize) });
  });

  serve(CatalogueCalls.playRecords, 'required', ({ page, pageSize }, uid) => {
    const records: PlayRecordInfo[] = (state.plays.get(uid) ?? []).flatMap((play) => {
      const video = state.videos.find((v) => v.mediaKey === play.mediaKey);
      if (!video) return [];
      const progress = video.duration > 0 ? Math.min(play.progress, video.duration) : play.progress;
      return [{ ...video, progress, episode: play.episode, playedAt: play.playedAt }];
    });
    return ok(pageOf(records, page, pageSize));
  });

  serve(CatalogueCalls.collections, 'required', ({ page, pageSize }, uid) => {
    const videos = (state.collections.get(uid) ?? []).flatMap((key) => state.videos.filter((video) => video.mediaKey === key));
    return ok(pageOf(videos, page, pageSize));
  });

  serve(CatalogueCalls.filter, 'optional', ({ category = '', area = '', year = 0, language = '', sort, page, pageSize }) => {
    const categories = state.channels.map((c) => ({ key: c.key, name: c.name, kind: c.kind }));
    if (category !== '' && !categories.some((c) => c.key === category)) throw unknownCategory();
    if ([...area].length > CatalogueProtocolLimits.maxArea) throw refuse(1002, '参数格式错误：area');
    if ([...language].length > CatalogueProtocolLimits.maxLanguage) throw refuse(1002, '参数格式错误：language');
    if (year !== 0 && (year < CatalogueProtocolLimits.minYear || year > CatalogueProtocolLimits.maxYear)) throw refuse(1002, '参数格式错误：year');
    const chosenSort = (sort ?? 'hot') as CatalogueSort;
    const scope = state.videos.filter((video) => category === '' || video.category === category);
    const languageOf = (video: WireVideo): string => state.languages.get(video.mediaKey) ?? '';
    const matches = scope.filter(
      (video) => (area === '' || video.area === area) && (year === 0 || video.year === year) && (language === '' || languageOf(video) === language),
    );
    const count = (values: readonly string[]) => [...new Set(values)].sort((a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length || a.localeCompare(b));
    const answer: FilterPageInfo = {
      options: {
        categories,
        areas: count(scope.map((video) => video.area).filter((a) => a !== '')),
        years: [...new Set(scope.flatMap((video) => (video.year === null ? [] : [video.year])))].sort((a, b) => b - a),
        languages: count(scope.map(languageOf).filter((l) => l !== '')),
        sorts: FILTER_SORTS,
      },
      filter: { category, area, year, language, sort: chosenSort },
      ...pageOf(sorted(matches, chosenSort), page, pageSize),
    };
    return ok(answer);
  });

  return state;
}
