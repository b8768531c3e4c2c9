/**
 * Barrages' use cases (spec section 7): what each call does beyond reading its parameters, so the routes
 * (server/barrage/routes.ts) parse, call and answer. Refusals are ApiErrors with the codes of server/http/ret.ts.
 */
import { parse } from 'valibot';
import { changedBarrageConfig, type BarrageConfig } from '../../src/core/playback/barrage-config.ts';
import { episodeRoomKey, type BarrageLikeState, type WireBarrage } from '../../src/core/playback/barrage-protocol.ts';
import { BarrageLimits, contentProblem, keywordProblem, normaliseContent, normaliseKeyword } from '../../src/core/playback/barrage-rules.ts';
import { BarrageTexts } from '../../src/core/playback/playback-texts.ts';
import { isRegexKeyword } from '../../src/core/playback/barrage-regex.ts';
import { barrageStyle, colorAllowed, type BarrageStyle } from '../../src/core/playback/barrage-style.ts';
import type { AppServices } from '../app-services.ts';
import type { UserRecord } from '../user/user-repository.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { takeSendSlot } from '../rate-limit/send-limits.ts';
import {
  barrageOwner,
  countShieldedKeywords,
  findBarrageVideo,
  insertBarrage,
  insertBarrageReport,
  isKeywordShielded,
  listBarrages,
  listShieldedKeywords,
  lockSender,
  lockShieldOwner,
  readBarrageConfig,
  shieldKeyword,
  toggleBarrageLike,
  writeBarrageConfig,
  type BarrageVideo,
} from './barrage-repository.ts';

const BarrageServerLimits = {
  /** Barrages answered per GetBarrages call (from/to pick a window of a longer episode). */
  maxPerCall: 3000,
  /** A live channel has no duration: its barrage times are seconds into what the viewer watched, up to a day. */
  liveMaxSeconds: 86_400,
} as const;

const barrageNotFound = () => new ApiError(Ret.BarrageNotFound, RetMessage.BarrageNotFound);
const configInvalid = () => new ApiError(Ret.BarrageConfigInvalid, RetMessage.BarrageConfigInvalid);

/** Seconds as the wire writes them (at most three decimals, already checked) in milliseconds. */
const msOf = (seconds: string): number => Math.round(Number(seconds) * 1000);

/** The longest time a barrage of this video may have, in milliseconds. */
function maxTimeMs(video: BarrageVideo): number {
  return (video.duration > 0 ? video.duration : BarrageServerLimits.liveMaxSeconds) * 1000;
}

async function videoOf(db: Database, mediaKey: string): Promise<BarrageVideo> {
  const video = await findBarrageVideo(db, mediaKey);
  if (!video) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
  return video;
}

/** The episode's barrages from `from` to `to` seconds (default: all of it), by time, at most 3000. */
export async function episodeBarrages(
  db: Database,
  query: { mediaKey: string; episode: number; from?: string; to?: string },
  viewer: number | null,
): Promise<WireBarrage[]> {
  const video = await videoOf(db, query.mediaKey);
  const fromMs = query.from === undefined ? 0 : msOf(query.from);
  const toMs = query.to === undefined ? maxTimeMs(video) : msOf(query.to);
  if (toMs < fromMs) throw badParam('to');
  return listBarrages(db, video, { episode: query.episode, fromMs, toMs, viewer: viewer ?? 0, limit: BarrageServerLimits.maxPerCall });
}

/** Whether the user's VIP is active now (as the user view answers vipLevel). */
function vipActive(user: Pick<UserRecord, 'vipLevel' | 'vipExpire'>, nowMs: number): boolean {
  return user.vipLevel > 0 && user.vipExpire !== null && user.vipExpire.getTime() > nowMs;
}

/**
 * The style of a barrage to send (mode and size already one of their lists, the colour '#RRGGBB': the protocol
 * checked them), uppercase; a colour on no palette is refused (8058), a VIP-only one from a sender who is not VIP too
 * (8059).
 */
function sendStyle(given: { mode?: string; color?: string; size?: string }, vip: boolean): BarrageStyle {
  const style = parse(barrageStyle, given);
  const allowed = colorAllowed(style.color, vip);
  if (allowed === 'unknown') throw new ApiError(Ret.BarrageColorUnknown, RetMessage.BarrageColorUnknown);
  if (allowed === 'vip-only') throw new ApiError(Ret.BarrageColorVipOnly, RetMessage.BarrageColorVipOnly);
  return style;
}

/**
 * Sends a barrage: content 1–50 characters after trimming, time 0..duration seconds, a colour of the sender's
 * palette, one per second per user (and the sender's allowance). Stores it with its mode, colour and size, then
 * relays it (sendBarrage) to the episode's room, clientId included.
 */
export async function sendBarrage(
  services: AppServices,
  sender: Pick<UserRecord, 'id' | 'vipLevel' | 'vipExpire'>,
  send: { mediaKey: string; episode: number; content?: string; time: string; clientId?: string; mode?: string; color?: string; size?: string },
): Promise<WireBarrage> {
  const { db, clock, realtime } = services;
  const uid = sender.id;
  const video = await videoOf(db, send.mediaKey);
  const raw = send.content ?? '';
  const problem = contentProblem(raw);
  if (problem === BarrageTexts.contentEmpty) throw new ApiError(Ret.BarrageContentEmpty, RetMessage.BarrageContentEmpty);
  if (problem === BarrageTexts.contentTooLong) throw new ApiError(Ret.BarrageContentTooLong, RetMessage.BarrageContentTooLong);
  if (problem !== null) throw new ApiError(Ret.BarrageContentInvalid, RetMessage.BarrageContentInvalid);
  const timeMs = msOf(send.time);
  if (timeMs > maxTimeMs(video)) throw new ApiError(Ret.BarrageTimeOutOfRange, RetMessage.BarrageTimeOutOfRange);
  const style = sendStyle(send, vipActive(sender, clock.now()));
  await takeSendSlot(services.limiter, services.config.sendLimits, 'barrage', uid);
  const at = new Date(clock.now());
  const barrage = await db.transaction(async (tx) => {
    const last = await lockSender(tx, uid);
    if (last !== null && at.getTime() - last.getTime() < BarrageLimits.sendIntervalMs) {
      throw new ApiError(Ret.BarrageTooFrequent, RetMessage.BarrageTooFrequent);
    }
    return insertBarrage(tx, video, { episode: send.episode, timeMs, content: normaliseContent(raw), uid, at, style });
  });
  const view: WireBarrage = send.clientId !== undefined ? { ...barrage, clientId: send.clientId } : barrage;
  realtime.relayBarrage(episodeRoomKey(video.mediaKey, send.episode), view);
  return view;
}

/** Likes the barrage, or takes the like back. */
export async function likeBarrage(db: Database, id: number, uid: number, at: Date): Promise<BarrageLikeState> {
  return db.transaction(async (tx) => {
    if ((await barrageOwner(tx, id)) === null) throw barrageNotFound();
    return toggleBarrageLike(tx, id, uid, at);
  });
}

/** Reports a barrage once per user; never one's own. */
export async function reportBarrage(db: Database, report: { barrageId: number; uid: number; reason: string; at: Date }): Promise<void> {
  const owner = await barrageOwner(db, report.barrageId);
  if (owner === null) throw barrageNotFound();
  if (owner === report.uid) throw new ApiError(Ret.BarrageReportOwn, RetMessage.BarrageReportOwn);
  if (!(await insertBarrageReport(db, report))) throw new ApiError(Ret.BarrageAlreadyReported, RetMessage.BarrageAlreadyReported);
}

/**
 * Adds a keyword (1–20 characters, no control characters; kept lower-cased) or a safe /regex/ (kept as written) to the owner's shield list, in one
 * transaction with the owner's row locked: one already there stays as is; a full list is refused. Answers the list.
 */
export async function addShieldedKeyword(db: Database, owner: number, raw: string, at: Date): Promise<string[]> {
  const problem = keywordProblem(raw);
  // A /regex/ refused says why (too long, malformed, unsafe); a plain keyword the usual message.
  if (problem !== null) throw new ApiError(Ret.ShieldKeywordInvalid, isRegexKeyword(raw) ? problem : RetMessage.ShieldKeywordInvalid);
  const keyword = normaliseKeyword(raw);
  await db.transaction(async (tx) => {
    await lockShieldOwner(tx, owner);
    if (await isKeywordShielded(tx, owner, keyword)) return;
    if ((await countShieldedKeywords(tx, owner)) >= BarrageLimits.shieldListMax) throw new ApiError(Ret.ShieldListFull, RetMessage.ShieldListFull);
    await shieldKeyword(tx, owner, keyword, at);
  });
  return listShieldedKeywords(db, owner);
}

/** The settings given (opacity 0.1–1, speed, size, area, merge, density 0.1–1, type blocks; at least one, each valid) over the user's, saved; all of them. */
export async function saveBarrageConfig(
  db: Database,
  uid: number,
  given: Partial<Record<keyof BarrageConfig, string>>,
): Promise<BarrageConfig> {
  const next = changedBarrageConfig(await readBarrageConfig(db, uid), given);
  if (next === null) throw configInvalid();
  await writeBarrageConfig(db, uid, next);
  return next;
}
