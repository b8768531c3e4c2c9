import type { CommentSectionProps, VideoActionsProps } from '../playback/player-slots.ts';

/** Like, dislike, collect, share, follow and rating (built by the video-social feature). */
export function VideoActions(_props: VideoActionsProps) {
  return null;
}

/** Comments and replies (built by the video-social feature). */
export function CommentSection(_props: CommentSectionProps) {
  return null;
}
