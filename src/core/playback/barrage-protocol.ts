/**
 * Barrages' calls (spec section 7, "Barrages and blocking"), declared once (src/core/request/protocol.ts): the app's
 * BarrageService sends them, the reference server (server/barrage/routes.ts) serves them, the fake
 * (adapters/http/fake-barrage-api.ts) answers them. Every call is a GET with its parameters in the query string, as
 * the spec lists them. Live barrages travel over the socket too: the room of an episode ({@link episodeRoomKey}) and
 * the sendBarrage event's payload ({@link WireBarrage}) are declared here as well.
 */
import { check, object, optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { barrageConfig } from './barrage-config.ts';
import { BARRAGE_REPORT_REASONS } from './barrage-rules.ts';
import { BARRAGE_COLOR_PATTERN, BARRAGE_MODES, BARRAGE_TEXT_SIZES, barrageStyle } from './barrage-style.ts';
import { BarrageStyleTexts } from './playback-texts.ts';

const BarrageProtocolLimits = {
  /** The longest media key a video can have. */
  maxMediaKey: 64,
  /** Highest episode number (the socket room key allows four digits). */
  maxEpisode: 9999,
  /** The longest clientId a sender page may give (AddBarrages). */
  maxClientId: 64,
  /**
   * The longest text the wire takes for a barrage's content or a keyword: beyond it the parameter is malformed
   * (1002); within it the barrage's own rules answer (8041–8043, 8050).
   */
  maxText: 1000,
  /** The longest value of a barrage setting on the wire (the setting's own rule answers 8051 within it). */
  maxSetting: 100,
} as const;

/** The answer codes of barrages' calls (server/http/ret.ts words them). */
export const BarrageRet = {
  NotFound: 8040,
  ContentEmpty: 8041,
  ContentTooLong: 8042,
  ContentInvalid: 8043,
  TimeOutOfRange: 8044,
  TooFrequent: 8045,
  AlreadyReported: 8046,
  ReportOwn: 8047,
  ShieldSelf: 8048,
  ShieldListFull: 8049,
  ShieldKeywordInvalid: 8050,
  ConfigInvalid: 8051,
  /** AddBarrages: a colour on no palette (barrage-style.ts). */
  ColorUnknown: 8058,
  /** AddBarrages: a VIP-only colour from a sender who is not VIP. */
  ColorVipOnly: 8059,
} as const;

/** The messages of barrages' successful answers and of the report's reason refusal. */
export const BarrageMessages = {
  sent: '发送成功',
  liked: '点赞成功',
  unliked: '已取消点赞',
  reported: '已收到您的举报',
  reason: '请选择举报原因',
  shielded: '已屏蔽',
  unshielded: '已取消屏蔽',
  configSaved: '弹幕设置已保存',
} as const;

/**
 * A barrage as GetBarrages and AddBarrages answer it and the socket's sendBarrage event carries it: without an id (a
 * whole number above 0), a time (0 or more) or a text it is unreadable (left off a list); the other fields have their
 * defaults, the style its default's parts (barrage-style.ts).
 */
export const wireBarrage = object({
  id: wire.id,
  mediaKey: wire.text,
  /** 1 when the answer gives none. */
  episode: wire.wholeAtLeast(1),
  /** Seconds into the episode (milliseconds precision). */
  time: pipe(
    wire.requiredNumber,
    check((time) => time >= 0, 'before the start'),
  ),
  content: wire.key,
  /** The sender (0 when unknown). */
  uid: wire.count,
  nickName: wire.text,
  likeCount: wire.count,
  /** The caller liked it (false for visitors and in the relay). */
  liked: wire.isTrue,
  /** Unix milliseconds; absent when the answer gives none. */
  createdAt: optional(pipe(unknown(), transform((value) => wire.amountOf(value)))),
  /** The sender's own id for this send (AddBarrages clientId), so its page can match the echo; absent (undefined) otherwise. */
  clientId: optional(pipe(unknown(), transform((value) => wire.textOf(value) || undefined))),
  /** Scrolling, or pinned at the top or the bottom; uppercase '#RRGGBB' ('#FFFFFF' by default); the sender's size ('normal' by default). */
  ...barrageStyle.entries,
});

export type WireBarrage = InferOutput<typeof wireBarrage>;

/** GetBarrages: the episode's barrages by time (data that is no object, or no list, has none). */
const barrageList = wire.fields({ list: wire.items(wireBarrage) });

export type BarrageList = InferOutput<typeof barrageList>;

/** BarrageLike: whether the caller likes it now (exactly true), and its likes (0 when not a number). */
const barrageLikeState = wire.fields({ liked: wire.isTrue, count: wire.count });

export type BarrageLikeState = InferOutput<typeof barrageLikeState>;

/** GetBarrageCoin: one coin per like other users gave the caller's barrages (a score, never spent). */
const barrageCoin = wire.fields({ coin: wire.count, barrageCount: wire.count });

export type BarrageCoin = InferOutput<typeof barrageCoin>;

/** A user on the caller's barrage shield list: without an id above 0 (its decimals cut off) it is left out. */
const shieldedUser = object({
  uid: wire.wholeId,
  nickName: wire.text,
  avatar: wire.text,
});

export type WireShieldedUser = InferOutput<typeof shieldedUser>;

/** ShieldUser, GetShieldUserList, RemoveShieldUser: the list after. */
const shieldedUserList = wire.fields({ list: wire.items(shieldedUser) });

export type ShieldedUserList = InferOutput<typeof shieldedUserList>;

/** ShieldKeyWord, GetShieldKeyWordList, RemoveShieldKeyWord: the keywords after, newest first (empty ones left out). */
const shieldedKeywordList = wire.fields({ list: wire.items(wire.key) });

export type ShieldedKeywordList = InferOutput<typeof shieldedKeywordList>;

/** The room of one episode's live barrages: `<mediaKey>#<episode>` (the socket's joinVideoRoom accepts it). */
export function episodeRoomKey(mediaKey: string, episode: number): string {
  return `${mediaKey}#${episode}`;
}

const mediaKey = { kind: 'text', max: BarrageProtocolLimits.maxMediaKey, trim: true, pattern: /^[A-Za-z0-9_-]{1,64}$/ } as const;
const episode = { kind: 'int', min: 1, max: BarrageProtocolLimits.maxEpisode, fallback: 1 } as const;
/** Seconds with at most three decimals. */
const SECONDS = /^\d{1,6}(\.\d{1,3})?$/;
const seconds = { kind: 'text', max: 12, trim: true, pattern: SECONDS } as const;
const barrageId = { kind: 'id' } as const;
const uid = { kind: 'id' } as const;
const setting = { kind: 'text', max: BarrageProtocolLimits.maxSetting, optional: true } as const;

export const BarrageCalls = {
  /** The episode's barrages from `from` to `to` seconds (default: all), by time, at most 3000. Visitors may ask. */
  list: call({
    method: 'GET',
    path: '/api/Video/GetBarrages',
    carrier: 'query',
    params: { mediaKey, episode, from: { ...seconds, optional: true }, to: { ...seconds, optional: true } },
    answer: barrageList,
  }),
  /**
   * Sends a barrage at `time` seconds (text with three decimals) in a mode, colour and size; answers the stored one,
   * relayed to the room.
   */
  send: call({
    method: 'GET',
    path: '/api/Video/AddBarrages',
    carrier: 'query',
    outlivesPage: true,
    params: {
      mediaKey,
      episode,
      /** Checked by the barrage's rules (8041 empty, 8042 too long, 8043 control characters). */
      content: { kind: 'text', max: BarrageProtocolLimits.maxText, optional: true },
      time: seconds,
      clientId: { kind: 'text', max: BarrageProtocolLimits.maxClientId, pattern: /^[A-Za-z0-9_-]{1,64}$/, optional: true },
      /** scroll (default), top or bottom. */
      mode: { kind: 'text', max: 10, trim: true, oneOf: BARRAGE_MODES, badMessage: BarrageStyleTexts.mode, optional: true },
      /** '#RRGGBB' (either case; default '#FFFFFF'), from the sender's palette (8058 on none, 8059 VIP-only). */
      color: { kind: 'text', max: 7, trim: true, pattern: BARRAGE_COLOR_PATTERN, optional: true },
      /** small or normal (default). */
      size: { kind: 'text', max: 10, trim: true, oneOf: BARRAGE_TEXT_SIZES, badMessage: BarrageStyleTexts.size, optional: true },
    },
    answer: wire.orNull(wireBarrage),
  }),
  /** Likes the barrage, or takes the like back. */
  like: call({ method: 'GET', path: '/api/Video/BarrageLike', carrier: 'query', params: { barrageId }, outlivesPage: true, answer: barrageLikeState }),
  /** Reports a barrage once, with a reason of the list; never one's own. */
  report: call({
    method: 'GET',
    path: '/api/Video/AccusationBarrage',
    carrier: 'query',
    params: { barrageId, reason: { kind: 'text', max: 20, trim: true, oneOf: BARRAGE_REPORT_REASONS, badMessage: BarrageMessages.reason } },
    answer: wire.none,
  }),
  coin: call({ method: 'GET', path: '/api/Video/GetBarrageCoin', carrier: 'query', params: {}, answer: barrageCoin }),
  shieldUser: call({ method: 'GET', path: '/api/Video/ShieldUser', carrier: 'query', params: { uid }, answer: shieldedUserList }),
  shieldedUsers: call({ method: 'GET', path: '/api/Video/GetShieldUserList', carrier: 'query', params: {}, answer: shieldedUserList }),
  removeShieldedUser: call({ method: 'GET', path: '/api/Video/RemoveShieldUser', carrier: 'query', params: { uid }, answer: shieldedUserList }),
  /** Checked by the keyword's rules (8050). */
  shieldKeyword: call({
    method: 'GET',
    path: '/api/Video/ShieldKeyWord',
    carrier: 'query',
    params: { keyword: { kind: 'text', max: BarrageProtocolLimits.maxText, optional: true } },
    answer: shieldedKeywordList,
  }),
  shieldedKeywords: call({ method: 'GET', path: '/api/Video/GetShieldKeyWordList', carrier: 'query', params: {}, answer: shieldedKeywordList }),
  removeShieldedKeyword: call({
    method: 'GET',
    path: '/api/Video/RemoveShieldKeyWord',
    carrier: 'query',
    params: { keyword: { kind: 'text', max: BarrageProtocolLimits.maxText } },
    answer: shieldedKeywordList,
  }),
  /** The caller's barrage settings (the defaults for a visitor). */
  config: call({ method: 'GET', path: '/api/user/getBarrageCofig', carrier: 'query', params: {}, answer: barrageConfig }),
  /** Saves the settings given (at least one; each checked by its rule: 8051) and answers all of them. */
  putConfig: call({
    method: 'GET',
    path: '/api/user/PutBarrageCofig',
    carrier: 'query',
    params: {
      opacity: setting,
      speed: setting,
      size: setting,
      area: setting,
      /** The filters' settings (barrage-config.ts): merge and the type blocks '1'/'0', density 0.1–1. */
      merge: setting,
      density: setting,
      blockScroll: setting,
      blockTop: setting,
      blockBottom: setting,
      blockColor: setting,
    },
    answer: barrageConfig,
  }),
} as const;
