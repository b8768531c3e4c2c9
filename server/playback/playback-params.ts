import { badParam } from '../http/api-error.ts';
import type { Params } from '../http/params.ts';
import { RetMessage } from '../http/ret.ts';

export const MAX_MEDIA_KEY_LENGTH = 64;

/** The required `mediaKey` (1001 when absent, 1002 when longer than 64 characters). */
export function mediaKeyOf(params: Params): string {
  const key = params.string('mediaKey');
  if (key.length > MAX_MEDIA_KEY_LENGTH) throw badParam('mediaKey');
  return key;
}

/** The `episode` param (default 1), refused with 1002 该集不存在 when outside 1…episodeCount. */
export function episodeOf(params: Params, episodeCount: number): number {
  const episode = params.optionalInt('episode') ?? 1;
  if (episode < 1 || episode > episodeCount) throw badParam('episode', RetMessage.EpisodeNotFound);
  return episode;
}
