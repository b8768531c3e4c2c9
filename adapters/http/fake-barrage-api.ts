import { parse } from 'valibot';
import { DEFAULT_BARRAGE_CONFIG, changedBarrageConfig, type BarrageConfig } from '../../src/core/playback/barrage-config.ts';
import { BarrageCalls, BarrageMessages, BarrageRet } from '../../src/core/playback/barrage-protocol.ts';
import type { WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import { isRegexKeyword } from '../../src/core/playback/barrage-regex.ts';
import { BarrageLimits, contentProblem, keywordProblem, normaliseContent, normaliseKeyword } from '../../src/core/playback/barrage-rules.ts';
import { BarrageTexts } from '../../src/core/playback/playback-texts.ts';
import { barrageStyle, colorAllowed, type BarrageMode, type BarrageTextSize } from '../../src/core/playback/barrage-style.ts';
import { BarrageStyleTexts } from '../../src/core/playback/playback-texts.ts';
import { fakeApi, ok, recordCalls, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** A barrage the imitation holds (its answer adds whether the caller liked it, and the time it was sent). */
export interface FakeStoredBarrage {
  id: number;
  mediaKey: string;
  episode: number;
  /** Seconds. */
  time: number;
  content: string;
  uid: number;
  nickName: string;
  likeCount: number;
  /** Unix milliseconds (0 when left out). */
  createdAt?: number;
  /** 'scroll', white and 'normal' when left out (as the server reads rows from before styles). */
  mode?: BarrageMode;
  color?: string;
  size?: BarrageTextSize;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeBarrageApi {
  calls: FakeHttpCall[];
  /** Videos by media key, with their duration in seconds (0: a live channel). */
  videos: Map<string, number>;
  barrages: FakeStoredBarrage[];
  /** `${uid}:${barrageId}` of every like. */
  likes: Set<string>;
  /** `${uid}:${barrageId}` of every report. */
  reports: Set<string>;
  /** One viewer's shield lists, newest first. */
  shieldUsers: { uid: number; nickName: string; avatar?: string }[];
  shieldKeywords: string[];
  /** One viewer's settings (a visitor gets the defaults). */
  config: BarrageConfig;
  /** Answer the next calls of these paths with this failure. */
  fail: Map<string, { ret: number; msg: string }>;
  /** Holds AddBarrages answers until release() is called. */
  holdSends: boolean;
  release(): void;
  nextId: number;
  /** Users who may send the VIP-only colours. */
  vipUsers: Set<number>;
}

export interface FakeBarrageApiOptions {
  seed?: FakeStoredBarrage[];
  /** Videos and their durations; the demo keys the app's tests use when left out. */
  videos?: ReadonlyMap<string, number>;
  /** Who is calling: a user id, or null for a visitor; the login_uid the app sends by default. */
  caller?: (call: FakeHttpCall) => number | null;
  /** Unix milliseconds (one barrage per user per second); Date.now when left out. */
  now?: () => number;
  /** A user's nickname, or null when there is no such user; every user exists, named 用户<uid>, when left out. */
  user?: (uid: number) => string | null;
}

const DEFAULT_VIDEOS: ReadonlyMap<string, number> = new Map([
  ['movie-04', 5400],
  ['movie-06', 5400],
  ['drama-01', 2700],
]);
/** A live channel's barrage times go up to a day. */
const LIVE_MAX_SECONDS = 86_400;

/** The content rules' refusals (barrage-rules.ts contentProblem) as the server answers them; any other is 8043. */
const CONTENT_REFUSALS: Readonly<Record<string, [number, string]>> = {
  [BarrageTexts.contentEmpty]: [BarrageRet.ContentEmpty, '请输入弹幕内容'],
  [BarrageTexts.contentTooLong]: [BarrageRet.ContentTooLong, '弹幕最多50个字'],
};

/**
 * An in-memory imitation of the reference server's barrage calls, answering what barrage-protocol.ts declares and
 * checking their parameters as declared (test/contract/barrage-protocol.test.ts runs one suite against it and the
 * server). One viewer's shield lists and settings.
 */
export function installFakeBarrageApi(http: FakeHttp, options: FakeBarrageApiOptions = {}): FakeBarrageApi {
  const held: (() => void)[] = [];
  const api: FakeBarrageApi = {
    calls: [],
    videos: new Map(options.videos ?? DEFAULT_VIDEOS),
    barrages: [...(options.seed ?? [])],
    likes: new Set(),
    reports: new Set(),
    shieldUsers: [],
    shieldKeywords: [],
    config: { ...DEFAULT_BARRAGE_CONFIG },
    fail: new Map(),
    holdSends: false,
    release: () => held.splice(0).forEach((go) => go()),
    nextId: 1000,
    vipUsers: new Set(),
  };
  const userName = options.user ?? ((uid: number) => `用户${uid}`);
  const lastSent = new Map<number, number>();
  const clock = options.now ?? (() => Date.now());

  const answerOf = (barrage: FakeStoredBarrage, viewer: number | null): WireBarrage => ({
    ...barrage,
    ...parse(barrageStyle, barrage),
    createdAt: barrage.createdAt ?? 0,
    liked: viewer !== null && api.likes.has(`${viewer}:${barrage.id}`),
  });
  const durationOf = (mediaKey: string): number => {
    const duration = api.videos.get(mediaKey);
    if (duration === undefined) throw refuse(1030, '视频不存在');
    return duration > 0 ? duration : LIVE_MAX_SECONDS;
  };
  const barrageOf = (id: number): FakeStoredBarrage => {
    const barrage = api.barrages.find((b) => b.id === id);
    if (!barrage) throw refuse(BarrageRet.NotFound, '弹幕不存在');
    return barrage;
  };
  const shieldedUsers = () => ({ list: api.shieldUsers.map((u) => ({ uid: u.uid, nickName: u.nickName, avatar: u.avatar ?? '' })) });

  const { serve } = fakeApi(http, {
    caller: options.caller,
    before: recordCalls(api),
  });

  serve(BarrageCalls.list, 'optional', ({ mediaKey, episode, from, to }, viewer) => {
    const max = durationOf(mediaKey);
    const fromS = from === undefined ? 0 : Number(from);
    const toS = to === undefined ? max : Number(to);
    if (toS < fromS) throw refuse(1002, '参数格式错误：to');
    const list = api.barrages
      .filter((b) => b.mediaKey === mediaKey && b.episode === episode && b.time >= fromS && b.time <= toS)
      .sort((a, b) => a.time - b.time || a.id - b.id)
      .map((b) => answerOf(b, viewer));
    return ok({ list });
  });

  serve(BarrageCalls.send, 'required', async ({ mediaKey, episode, content = '', time, clientId, mode, color, size }, uid) => {
    const max = durationOf(mediaKey);
    const problem = contentProblem(content);
    if (problem !== null) {
      const [ret, msg] = CONTENT_REFUSALS[problem] ?? [BarrageRet.ContentInvalid, '弹幕不能包含换行等特殊字符'];
      throw refuse(ret, msg);
    }
    const seconds = Math.round(Number(time) * 1000) / 1000;
    if (seconds > max) throw refuse(BarrageRet.TimeOutOfRange, '弹幕时间超出视频时长');
    const style = parse(barrageStyle, { mode, color, size });
    const allowed = colorAllowed(style.color, api.vipUsers.has(uid));
    if (allowed === 'unknown') throw refuse(BarrageRet.ColorUnknown, BarrageStyleTexts.colorUnknown);
    if (allowed === 'vip-only') throw refuse(BarrageRet.ColorVipOnly, BarrageStyleTexts.colorVipOnly);
    if (api.holdSends) await new Promise<void>((resolve) => held.push(resolve));
    const now = clock();
    const last = lastSent.get(uid);
    if (last !== undefined && now - last < BarrageLimits.sendIntervalMs) throw refuse(BarrageRet.TooFrequent, '发送太频繁，请1秒后再试');
    lastSent.set(uid, now);
    const barrage: FakeStoredBarrage = { id: api.nextId++, mediaKey, episode, time: seconds, content: normaliseContent(content), uid, nickName: userName(uid) ?? '', likeCount: 0, createdAt: now, ...style };
    api.barrages.push(barrage);
    const answer: WireBarrage = { ...answerOf(barrage, null), ...(clientId !== undefined ? { clientId } : {}) };
    return ok(answer, BarrageMessages.sent);
  });

  serve(BarrageCalls.like, 'required', ({ barrageId }, uid) => {
    const barrage = barrageOf(barrageId);
    const key = `${uid}:${barrageId}`;
    const liked = !api.likes.has(key);
    if (liked) api.likes.add(key);
    else api.likes.delete(key);
    barrage.likeCount = Math.max(0, barrage.likeCount + (liked ? 1 : -1));
    return ok({ liked, count: barrage.likeCount }, liked ? BarrageMessages.liked : BarrageMessages.unliked);
  });

  serve(BarrageCalls.report, 'required', ({ barrageId }, uid) => {
    const barrage = barrageOf(barrageId);
    if (barrage.uid === uid) throw refuse(BarrageRet.ReportOwn, '不能举报自己的弹幕');
    const key = `${uid}:${barrageId}`;
    if (api.reports.has(key)) throw refuse(BarrageRet.AlreadyReported, '你已经举报过这条弹幕');
    api.reports.add(key);
    return ok(null, BarrageMessages.reported);
  });

  serve(BarrageCalls.coin, 'required', (_input, uid) => {
    const mine = new Set(api.barrages.filter((b) => b.uid === uid).map((b) => b.id));
    const coin = [...api.likes].filter((key) => {
      const [liker, id] = key.split(':').map(Number);
      return liker !== uid && mine.has(id ?? 0);
    }).length;
    return ok({ coin, barrageCount: mine.size });
  });

  serve(BarrageCalls.shieldUser, 'required', ({ uid: target }, uid) => {
    if (target === uid) throw refuse(BarrageRet.ShieldSelf, '不能屏蔽自己');
    const nickName = userName(target);
    if (nickName === null) throw refuse(1006, '用户不存在');
    if (!api.shieldUsers.some((u) => u.uid === target)) {
      if (api.shieldUsers.length >= BarrageLimits.shieldListMax) throw refuse(BarrageRet.ShieldListFull, '屏蔽列表已满，最多100个');
      api.shieldUsers.unshift({ uid: target, nickName });
    }
    return ok(shieldedUsers(), BarrageMessages.shielded);
  });
  serve(BarrageCalls.shieldedUsers, 'required', () => ok(shieldedUsers()));
  serve(BarrageCalls.removeShieldedUser, 'required', ({ uid: target }) => {
    api.shieldUsers = api.shieldUsers.filter((u) => u.uid !== target);
    return ok(shieldedUsers(), BarrageMessages.unshielded);
  });

  serve(BarrageCalls.shieldKeyword, 'required', ({ keyword = '' }) => {
    const problem = keywordProblem(keyword);
    if (problem !== null) throw refuse(BarrageRet.ShieldKeywordInvalid, isRegexKeyword(keyword) ? problem : '关键词为1-20个字，不含特殊字符');
    const normalised = normaliseKeyword(keyword);
    if (!api.shieldKeywords.includes(normalised)) {
      if (api.shieldKeywords.length >= BarrageLimits.shieldListMax) throw refuse(BarrageRet.ShieldListFull, '屏蔽列表已满，最多100个');
      api.shieldKeywords.unshift(normalised);
    }
    return ok({ list: api.shieldKeywords }, BarrageMessages.shielded);
  });
  serve(BarrageCalls.shieldedKeywords, 'required', () => ok({ list: api.shieldKeywords }));
  serve(BarrageCalls.removeShieldedKeyword, 'required', ({ keyword }) => {
    const normalised = normaliseKeyword(keyword);
    api.shieldKeywords = api.shieldKeywords.filter((k) => k !== normalised);
    return ok({ list: api.shieldKeywords }, BarrageMessages.unshielded);
  });

  serve(BarrageCalls.config, 'optional', (_input, uid) => ok(uid === null ? { ...DEFAULT_BARRAGE_CONFIG } : api.config));
  serve(BarrageCalls.putConfig, 'required', (given) => {
    const next = changedBarrageConfig(api.config, given);
    if (next === null) throw refuse(BarrageRet.ConfigInvalid, '弹幕设置参数不正确');
    api.config = next;
    return ok(next, BarrageMessages.configSaved);
  });

  return api;
}
