import {
  readArea,
  readOpacity,
  readSize,
  readSpeed,
  type BarrageConfig,
} from '../../src/core/playback/barrage-config.ts';
import {
  BarrageLimits,
  BarrageTexts,
  contentProblem,
  isBarrageReportReason,
  keywordProblem,
  normaliseContent,
  normaliseKeyword,
} from '../../src/core/playback/barrage-rules.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import type { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { takeSendSlot } from '../rate-limit/send-limits.ts';
import { episodeRoomKey } from '../socket/realtime.ts';
import {
  barrageCoin,
  barrageOwner,
  countShieldedKeywords,
  findBarrageVideo,
  insertBarrage,
  insertBarrageReport,
  isKeywordShielded,
  listBarrages,
  listShieldedKeywords,
  listShieldedUsers,
  lockSender,
  lockShieldOwner,
  readBarrageConfig,
  shieldKeyword,
  toggleBarrageLike,
  unshieldKeyword,
  unshieldUser,
  writeBarrageConfig,
  type BarrageVideo,
} from './barrage-repository.ts';
import { addShieldedUser } from './shield-user.ts';

const MEDIA_KEY = /^[A-Za-z0-9_-]{1,64}$/;
/** Seconds with at most three decimals. */
const SECONDS = /^\d{1,6}(\.\d{1,3})?$/;
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const BarrageServerLimits = {
  /** Highest episode number (the socket room key allows four digits). */
  maxEpisode: 9999,
  /** Barrages answered per GetBarrages call (from/to pick a window of a longer episode). */
  maxPerCall: 3000,
  /** A live channel has no duration: its barrage times are seconds into what the viewer watched, up to a day. */
  liveMaxSeconds: 86_400,
} as const;

const BarrageMessage = {
  sent: '发送成功',
  liked: '点赞成功',
  unliked: '已取消点赞',
  reported: '已收到您的举报',
  reason: '请选择举报原因',
  shielded: '已屏蔽',
  unshielded: '已取消屏蔽',
  configSaved: '弹幕设置已保存',
} as const;

const videoNotFound = () => new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
const barrageNotFound = () => new ApiError(Ret.BarrageNotFound, RetMessage.BarrageNotFound);
const configInvalid = () => new ApiError(Ret.BarrageConfigInvalid, RetMessage.BarrageConfigInvalid);

function mediaKeyOf(params: Params): string {
  const mediaKey = params.string('mediaKey').trim();
  if (!MEDIA_KEY.test(mediaKey)) throw badParam('mediaKey');
  return mediaKey;
}

function episodeOf(params: Params): number {
  return params.optionalId('episode', BarrageServerLimits.maxEpisode) ?? 1;
}

/** Optional seconds (up to three decimals) as milliseconds. */
function optionalMs(params: Params, name: string): number | undefined {
  const text = params.optionalString(name)?.trim();
  if (text === undefined) return undefined;
  if (!SECONDS.test(text)) throw badParam(name);
  return Math.round(Number(text) * 1000);
}

/** The longest time a barrage of this video may have, in milliseconds. */
function maxTimeMs(video: BarrageVideo): number {
  return (video.duration > 0 ? video.duration : BarrageServerLimits.liveMaxSeconds) * 1000;
}

async function videoOf(services: AppServices, params: Params): Promise<BarrageVideo> {
  const video = await findBarrageVideo(services.db, mediaKeyOf(params));
  if (!video) throw videoNotFound();
  return video;
}

/**
 * Barrages (spec section 7, "Barrages and blocking"): the episode's barrages, sending (stored, then relayed to
 * the episode's socket room), likes, reports, the barrage coin, each viewer's blocked users and keywords, and
 * the barrage settings. All GET, as the spec lists them.
 */
export function registerBarrageRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, realtime } = services;
  const now = () => new Date(clock.now());

  /** `{ list }`: the episode's barrages from `from` to `to` seconds (default: all), by time, at most 3000. */
  api.get('/api/Video/GetBarrages', 'optional', async ({ auth, params }) => {
    const video = await videoOf(services, params);
    const episode = episodeOf(params);
    const fromMs = optionalMs(params, 'from') ?? 0;
    const toMs = optionalMs(params, 'to') ?? maxTimeMs(video);
    if (toMs < fromMs) throw badParam('to');
    const list = await listBarrages(db, video, { episode, fromMs, toMs, viewer: auth?.user.id ?? 0, limit: BarrageServerLimits.maxPerCall });
    return { list };
  });

  /**
   * Sends a barrage: content 1–50 characters after trimming, time 0..duration seconds, one per second per user.
   * Answers the stored barrage and relays it (sendBarrage) to the episode's room, clientId included.
   */
  api.get('/api/Video/AddBarrages', 'required', async ({ auth, params }) => {
    const video = await videoOf(services, params);
    const episode = episodeOf(params);
    const raw = params.optionalString('content') ?? '';
    const problem = contentProblem(raw);
    if (problem === BarrageTexts.contentEmpty) throw new ApiError(Ret.BarrageContentEmpty, RetMessage.BarrageContentEmpty);
    if (problem === BarrageTexts.contentTooLong) throw new ApiError(Ret.BarrageContentTooLong, RetMessage.BarrageContentTooLong);
    if (problem !== null) throw new ApiError(Ret.BarrageContentInvalid, RetMessage.BarrageContentInvalid);
    const timeText = params.string('time').trim();
    if (!SECONDS.test(timeText)) throw badParam('time');
    const timeMs = Math.round(Number(timeText) * 1000);
    if (timeMs > maxTimeMs(video)) throw new ApiError(Ret.BarrageTimeOutOfRange, RetMessage.BarrageTimeOutOfRange);
    const clientId = params.optionalString('clientId');
    if (clientId !== undefined && !CLIENT_ID.test(clientId)) throw badParam('clientId');
    await takeSendSlot(services.limiter, services.config.sendLimits, 'barrage', auth.user.id);
    const at = now();
    const barrage = await db.transaction(async (tx) => {
      const last = await lockSender(tx, auth.user.id);
      if (last !== null && at.getTime() - last.getTime() < BarrageLimits.sendIntervalMs) {
        throw new ApiError(Ret.BarrageTooFrequent, RetMessage.BarrageTooFrequent);
      }
      return insertBarrage(tx, video, { episode, timeMs, content: normaliseContent(raw), uid: auth.user.id, at });
    });
    const view = clientId !== undefined ? { ...barrage, clientId } : barrage;
    realtime.relayBarrage(episodeRoomKey(video.mediaKey, episode), view);
    return ok(view, BarrageMessage.sent);
  });

  /** Likes the barrage, or takes the like back: `{ liked, count }`. */
  api.get('/api/Video/BarrageLike', 'required', async ({ auth, params }) => {
    const id = params.id('barrageId');
    const result = await db.transaction(async (tx) => {
      if ((await barrageOwner(tx, id)) === null) throw barrageNotFound();
      return toggleBarrageLike(tx, id, auth.user.id, now());
    });
    return ok(result, result.liked ? BarrageMessage.liked : BarrageMessage.unliked);
  });

  /** Reports a barrage once per user, with a reason of the list (BARRAGE_REPORT_REASONS). */
  api.get('/api/Video/AccusationBarrage', 'required', async ({ auth, params }) => {
    const id = params.id('barrageId');
    const reason = params.string('reason').trim();
    if (!isBarrageReportReason(reason)) throw badParam('reason', BarrageMessage.reason);
    const owner = await barrageOwner(db, id);
    if (owner === null) throw barrageNotFound();
    if (owner === auth.user.id) throw new ApiError(Ret.BarrageReportOwn, RetMessage.BarrageReportOwn);
    if (!(await insertBarrageReport(db, { barrageId: id, uid: auth.user.id, reason, at: now() }))) {
      throw new ApiError(Ret.BarrageAlreadyReported, RetMessage.BarrageAlreadyReported);
    }
    return ok(null, BarrageMessage.reported);
  });

  /** `{ coin, barrageCount }`: one coin per like other users gave the caller's barrages (a score, never spent). */
  api.get('/api/Video/GetBarrageCoin', 'required', async ({ auth }) => barrageCoin(db, auth.user.id));

  api.get('/api/Video/ShieldUser', 'required', async ({ auth, params }) => {
    const target = params.id('uid');
    const me = auth.user.id;
    if (target === me) throw new ApiError(Ret.ShieldSelf, RetMessage.ShieldSelf);
    return ok({ list: await addShieldedUser(db, clock, me, target) }, BarrageMessage.shielded);
  });

  api.get('/api/Video/GetShieldUserList', 'required', async ({ auth }) => ({ list: await listShieldedUsers(db, auth.user.id) }));

  api.get('/api/Video/RemoveShieldUser', 'required', async ({ auth, params }) => {
    await unshieldUser(db, auth.user.id, params.id('uid'));
    return ok({ list: await listShieldedUsers(db, auth.user.id) }, BarrageMessage.unshielded);
  });

  api.get('/api/Video/ShieldKeyWord', 'required', async ({ auth, params }) => {
    const raw = params.optionalString('keyword') ?? '';
    if (keywordProblem(raw) !== null) throw new ApiError(Ret.ShieldKeywordInvalid, RetMessage.ShieldKeywordInvalid);
    const keyword = normaliseKeyword(raw);
    const me = auth.user.id;
    await db.transaction(async (tx) => {
      await lockShieldOwner(tx, me);
      if (await isKeywordShielded(tx, me, keyword)) return;
      if ((await countShieldedKeywords(tx, me)) >= BarrageLimits.shieldListMax) throw new ApiError(Ret.ShieldListFull, RetMessage.ShieldListFull);
      await shieldKeyword(tx, me, keyword, now());
    });
    return ok({ list: await listShieldedKeywords(db, me) }, BarrageMessage.shielded);
  });

  api.get('/api/Video/GetShieldKeyWordList', 'required', async ({ auth }) => ({ list: await listShieldedKeywords(db, auth.user.id) }));

  api.get('/api/Video/RemoveShieldKeyWord', 'required', async ({ auth, params }) => {
    const keyword = normaliseKeyword(params.string('keyword'));
    await unshieldKeyword(db, auth.user.id, keyword);
    return ok({ list: await listShieldedKeywords(db, auth.user.id) }, BarrageMessage.unshielded);
  });

  /** The caller's barrage settings (the defaults for a visitor). */
  api.get('/api/user/getBarrageCofig', 'optional', async ({ auth }) => (auth ? readBarrageConfig(db, auth.user.id) : readBarrageConfig(db, 0)));

  /** Saves the settings given (opacity 0.1–1, speed, size, area; at least one) and answers all of them. */
  api.get('/api/user/PutBarrageCofig', 'required', async ({ auth, params }) => {
    const current = await readBarrageConfig(db, auth.user.id);
    const next: BarrageConfig = { ...current };
    let given = 0;
    const take = <T>(name: string, read: (value: string) => T | null, apply: (value: T) => void) => {
      const text = params.optionalString(name);
      if (text === undefined) return;
      const value = read(text.trim());
      if (value === null) throw configInvalid();
      apply(value);
      given += 1;
    };
    take('opacity', readOpacity, (value) => (next.opacity = value));
    take('speed', readSpeed, (value) => (next.speed = value));
    take('size', readSize, (value) => (next.size = value));
    take('area', readArea, (value) => (next.area = value));
    if (given === 0) throw configInvalid();
    await writeBarrageConfig(db, auth.user.id, next);
    return ok(next, BarrageMessage.configSaved);
  });
}
