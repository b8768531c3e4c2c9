import type { CataloguePage, PlayRecordInfo, SpacePageInfo } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { CatalogueLimits } from './catalogue-limits.ts';
import {
  countPlayRecords,
  countPlayUnlessPlayedSince,
  findSpaceUser,
  findVideoId,
  listPlayRecords,
  ORDER_BY,
  pageOfVideos,
  sumUploaderPlays,
  toggleCollection,
  toVideoView,
  upsertPlayRecord,
} from './catalogue-repository.ts';

/**
 * The catalogue's use cases around users: a user's space, the play history (recording a play, reading it back) and
 * the collection toggle. The routes (routes.ts) parse, call and answer.
 */

/** A user's space: the profile (1006 用户不存在 when there is no such user) and one page of their works, newest first. */
export async function loadUserSpace(db: Queryable, id: number, page: number, pageSize: number): Promise<SpacePageInfo> {
  const user = await findSpaceUser(db, id);
  if (!user) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
  const works = await pageOfVideos(db, 'v.uploader_uid = $1', [id], ORDER_BY.new, page, pageSize);
  const totalPlays = await sumUploaderPlays(db, id);
  return {
    user: {
      uid: user.id,
      nickName: user.nick_name,
      avatar: user.avatar,
      vipLevel: user.vip_level,
      level: user.level ?? 1,
      sex: user.sex ?? 1,
      introduce: user.introduce ?? '',
      bigV: user.big_v ?? false,
      totalPlays,
    },
    ...works,
  };
}

/**
 * Records that the user played the video at `now` (progress in seconds, episode): a new viewing (first play, or
 * none within CatalogueLimits.playCountGapMs) raises the play count first; the periodic progress records do not.
 */
export async function recordPlay(db: Queryable, play: { userId: number; videoId: number; progress: number; episode: number; now: number }): Promise<void> {
  await countPlayUnlessPlayedSince(db, play.videoId, play.userId, new Date(play.now - CatalogueLimits.playCountGapMs));
  await upsertPlayRecord(db, { userId: play.userId, videoId: play.videoId, progress: play.progress, episode: play.episode, playedAt: new Date(play.now) });
}

/** One page of the user's play history, most recent first; progress never reads past the end of what plays. */
export async function loadPlayHistory(db: Queryable, userId: number, page: number, pageSize: number): Promise<CataloguePage<PlayRecordInfo>> {
  const rows = await listPlayRecords(db, userId, page, pageSize);
  const total = await countPlayRecords(db, userId);
  return {
    // A live channel (length 0) keeps the progress as recorded.
    list: rows.map((row) => {
      const view = toVideoView(row);
      const progress = view.duration > 0 ? Math.min(row.progress_seconds, view.duration) : row.progress_seconds;
      return { ...view, progress, episode: row.episode, playedAt: row.played_at.getTime() };
    }),
    page,
    pageSize,
    total,
  };
}

/** Toggles the video (by media key; 视频不存在 when there is none) in the user's collection; whether it is collected now. */
export async function toggleCollected(db: Database, clock: Clock, userId: number, mediaKey: string): Promise<{ collected: boolean }> {
  const videoId = await findVideoId(db, mediaKey);
  if (videoId === null) throw new ApiError(Ret.VideoNotFound, RetMessage.VideoNotFound);
  return { collected: await toggleCollection(db, userId, videoId, new Date(clock.now())) };
}
