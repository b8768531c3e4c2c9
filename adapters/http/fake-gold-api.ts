import { GoldCalls, GoldRet, type GoldRecord, type GoldShortfall, type PaidVideo, type VideoUnlocked } from '../../src/core/gold/gold-protocol.ts';
import { fail, fakeApi, ok, type FakeCaller } from './fake-api-kit.ts';
import type { FakeHttp } from './fake-http.ts';

/** A video as the imitation knows it: its price in gold (0: free) and cover. */
interface FakeGoldVideo {
  price: number;
  cover: string;
  title: string;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeGoldState {
  readonly videos: Map<string, FakeGoldVideo>;
  /** Gold per user id. */
  readonly balances: Map<number, number>;
  /** `${uid}:${mediaKey}` of every unlocked video. */
  readonly unlocked: Set<string>;
  /** Every balance change, oldest first. */
  readonly ledger: Array<GoldRecord & { uid: number }>;
}

export interface FakeGoldApiOptions {
  /** Who is calling: a user id, or null for a visitor (e.g. the token fields the fake login API issued). */
  caller: FakeCaller;
  /** Unix milliseconds for ledger entries; Date.now when left out. */
  now?: () => number;
}

/**
 * An in-memory imitation of the reference server's gold calls, answering exactly what gold-protocol.ts declares
 * (test/contract/gold-protocol.test.ts runs the same suite against it and against the real server).
 */
export function installFakeGoldApi(http: FakeHttp, options: FakeGoldApiOptions): FakeGoldState {
  const state: FakeGoldState = { videos: new Map(), balances: new Map(), unlocked: new Set(), ledger: [] };
  const now = options.now ?? (() => Date.now());
  const { serve } = fakeApi(http, { caller: options.caller });

  serve(GoldCalls.paidVideos, 'optional', ({ mediaKeys }, uid) => {
    const list: PaidVideo[] = mediaKeys.flatMap((mediaKey) => {
      const video = state.videos.get(mediaKey);
      return video && video.price > 0 ? [{ mediaKey, price: video.price, unlocked: uid !== null && state.unlocked.has(`${uid}:${mediaKey}`), cover: video.cover }] : [];
    });
    return ok({ list, balance: uid === null ? null : (state.balances.get(uid) ?? 0) });
  });

  serve(GoldCalls.unlock, 'required', ({ mediaKey }, uid) => {
    const video = state.videos.get(mediaKey);
    if (!video) return fail(1030, '视频不存在');
    if (video.price <= 0) return fail(GoldRet.NotForSale, '该视频免费，无需解锁');
    const balance = state.balances.get(uid) ?? 0;
    if (state.unlocked.has(`${uid}:${mediaKey}`)) {
      return ok({ mediaKey, price: video.price, paid: 0, balance, alreadyUnlocked: true } satisfies VideoUnlocked, '已解锁，无需重复支付');
    }
    if (balance < video.price) {
      return fail(GoldRet.Insufficient, `金币不足，当前余额${balance}金币`, { mediaKey, price: video.price, balance } satisfies GoldShortfall);
    }
    const after = balance - video.price;
    state.balances.set(uid, after);
    state.unlocked.add(`${uid}:${mediaKey}`);
    state.ledger.push({ uid, id: state.ledger.length + 1, amount: -video.price, balance: after, reason: 'unlock', mediaKey, videoTitle: video.title, note: '', time: now() });
    return ok({ mediaKey, price: video.price, paid: video.price, balance: after, alreadyUnlocked: false } satisfies VideoUnlocked, '解锁成功');
  });

  serve(GoldCalls.records, 'required', ({ page, pageSize }, uid) => {
    const mine = state.ledger.filter((entry) => entry.uid === uid).reverse();
    const list: GoldRecord[] = mine.slice((page - 1) * pageSize, page * pageSize).map(({ uid: _uid, ...entry }) => entry);
    return ok({ balance: state.balances.get(uid) ?? 0, list, page, pageSize, total: mine.length });
  });

  return state;
}
