import type { CommentSectionProps, VideoActionsProps } from '../common/player-slots.ts';
import { CommentList } from './comment-list.tsx';
import { VideoActionsBar } from './video-actions-bar.tsx';

/** Like, dislike, collect, share, follow and rating (a fresh bar for each video). */
export function VideoActions(props: VideoActionsProps) {
  return <VideoActionsBar key={props.mediaKey} {...props} />;
}

/** Comments and replies (a fresh list for each video). */
export function CommentSection(props: CommentSectionProps) {
  return <CommentList key={`${props.mediaKey}:${props.videoType ?? ''}`} {...props} />;
}
