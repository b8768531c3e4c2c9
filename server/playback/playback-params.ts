import { badParam } from '../http/api-error.ts';
import type { Params } from '../http/params.ts';
import { RetMessage } from '../http/ret.ts';

/** The `episode` param (default 1), refused with 1002 该集不存在 when outside 1…episodeCount. */
export function episodeOf(params: Params, episodeCount: number): number {
  const episode = params.optionalInt('episode') ?? 1;
  if (episode < 1 || episode > episodeCount) throw badParam('episode', RetMessage.EpisodeNotFound);
  return episode;
}
