import { CatalogueRefusal, type CatalogueSort, type ChannelInfo, type ChannelVideoPage, type HomeBlockInfo, type HomeDataInfo, type RankList } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { badParam } from '../http/api-error.ts';
import { CatalogueLimits } from './catalogue-limits.ts';
import { listCategories, listSubchannels, listVideos, ORDER_BY, pageOfVideos } from './catalogue-repository.ts';

/**
 * The catalogue's shared reads: the channels, GetHomeData's blocks, a channel's list and the ranking, what every
 * caller sees alike.
 * The routes (routes.ts) keep them in the shared-read cache.
 */

/** Home aliases are the category keys, except the games channel whose path is /game. */
const aliasOf = (key: string): string => (key === 'games' ? 'game' : key);

/** The part of GetHomeData every caller sees alike, and the whole answer of a visitor (no watching list). */
export interface HomeShared {
  channels: ChannelInfo[];
  blocks: HomeBlockInfo[];
  visitor: HomeDataInfo;
}

/** The channels, with sub-channels for short-video channels (both read together). */
export async function loadChannels(db: Queryable): Promise<ChannelInfo[]> {
  const [subs, categories] = await Promise.all([listSubchannels(db), listCategories(db)]);
  return categories.map((c) => ({
    key: c.key,
    name: c.name,
    kind: c.kind,
    alias: aliasOf(c.key),
    subChannels: subs.filter((s) => s.category === c.key).map((s) => ({ id: s.sub_id, name: s.name })),
  }));
}

/**
 * GetHomeData's shared part for a category key of `all` (undefined: 推荐; an unknown one is 1002 分类不存在).
 * Without a category: one block per long-form category, most played first; with one: 热播, 最新上线, 高分推荐.
 * The block queries run together; empty blocks are left out.
 */
export async function loadHomeShared(db: Queryable, all: ChannelInfo[], categoryKey: string | undefined): Promise<HomeShared> {
  let blocks: HomeBlockInfo[];
  if (categoryKey !== undefined) {
    const chosen = all.find((c) => c.key === categoryKey);
    if (!chosen) throw badParam('category', CatalogueRefusal.unknownCategory);
    const where = 'v.category = $1';
    const [hot, latest, score] = await Promise.all([
      listVideos(db, where, [chosen.key], ORDER_BY.hot, CatalogueLimits.blockSize),
      listVideos(db, where, [chosen.key], ORDER_BY.new, CatalogueLimits.blockSize),
      listVideos(db, where, [chosen.key], ORDER_BY.score, CatalogueLimits.blockSize),
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
        .map(async (c) => ({ key: c.key, title: c.name, category: c.key, list: await listVideos(db, 'v.category = $1', [c.key], ORDER_BY.hot, CatalogueLimits.blockSize) })),
    );
  }
  const shown = blocks.filter((b) => b.list.length > 0);
  return { channels: all, blocks: shown, visitor: { channels: all, blocks: shown, watchingList: [] } };
}

/** The popular ranking, from play counts: all videos, or one category's; ranks from 1. */
export async function loadRank(db: Queryable, categoryKey: string | null): Promise<RankList> {
  const list = categoryKey !== null
    ? await listVideos(db, 'v.category = $1', [categoryKey], ORDER_BY.hot, CatalogueLimits.rankSize)
    : await listVideos(db, 'true', [], ORDER_BY.hot, CatalogueLimits.rankSize);
  return { category: categoryKey ?? '', list: list.map((video, index) => ({ ...video, rank: index + 1 })) };
}

/** One page of a channel's videos (GetVideoList), sorted; a sub-channel id above 0 narrows it to that sub-channel. */
export async function loadVideoList(
  db: Queryable,
  chosen: ChannelInfo,
  sort: CatalogueSort,
  subId: number,
  page: number,
  pageSize: number,
): Promise<ChannelVideoPage> {
  const where = subId > 0 ? 'v.category = $1 AND v.sub_id = $2' : 'v.category = $1';
  const result = await pageOfVideos(db, where, subId > 0 ? [chosen.key, subId] : [chosen.key], ORDER_BY[sort], page, pageSize);
  return { ...result, category: { key: chosen.key, name: chosen.name, subChannels: chosen.subChannels } };
}
