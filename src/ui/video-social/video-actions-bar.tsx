import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { VideoSocialTexts } from '../../core/video-social/video-social-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar } from '../common/display.tsx';
import type { VideoActionsProps } from '../common/player-slots.ts';
import { FollowButton } from '../social/follow-button.tsx';
import { VideoActionsModel } from './video-actions-view-model.ts';
import { Icon } from './video-social-icons.tsx';
import './video-social.css';

/** The rating, 赞 / 踩 / 收藏 / 分享 and the uploader with 关注, for one video. */
export const VideoActionsBar = observer(function VideoActionsBar({ mediaKey, uploader }: VideoActionsProps) {
  const vm = useViewModel(VideoActionsModel, { mediaKey });
  useEffect(() => vm.opened(), [vm]);
  return (
    <section className="video-actions" data-testid="video-actions">
      <div className="video-rating" data-testid="video-rating">
        <span className="video-rating__score" data-testid="video-score">{vm.scoreText}</span>
        <span className="video-rating__stars" role="group" aria-label={VideoSocialTexts.score}>
          {vm.stars.map((star) => (
            <button
              key={star}
              type="button"
              className={`video-rating__star${star <= vm.filledStars ? ' video-rating__star--on' : ''}${vm.rated ? ' video-rating__star--mine' : ''}`}
              aria-label={`评${star}星`}
              aria-pressed={vm.rated && star <= vm.filledStars}
              disabled={vm.busy.rate}
              onClick={() => vm.starTapped(star)}
            >
              <Icon name="collect" size={16} />
            </button>
          ))}
        </span>
        {vm.ratingCountText && <span className="video-rating__count">{vm.ratingCountText}</span>}
      </div>
      <div className="video-actions__bar">
        <button type="button" className="video-action" data-testid="video-like" aria-label={VideoSocialTexts.like} aria-pressed={vm.liked} onClick={vm.likeTapped}>
          <Icon name="like" />
          <span className="video-action__text count">{vm.likeCount}</span>
        </button>
        <button type="button" className="video-action" data-testid="video-dislike" aria-label={VideoSocialTexts.dislike} aria-pressed={vm.disliked} onClick={vm.dislikeTapped}>
          <Icon name="dislike" />
          <span className="video-action__text">{VideoSocialTexts.dislike}</span>
        </button>
        <button type="button" className="video-action" data-testid="video-collect" aria-pressed={vm.collected} disabled={vm.busy.collect} onClick={vm.collectTapped}>
          <Icon name="collect" />
          <span className="video-action__text">{vm.collectLabel}</span>
        </button>
        <button type="button" className="video-action" data-testid="video-share" disabled={vm.busy.share} onClick={vm.shareTapped}>
          <Icon name="share" />
          <span className="video-action__text">{VideoSocialTexts.share}</span>
        </button>
      </div>
      {uploader && (
        <div className="video-uploader" data-testid="video-uploader">
          <Avatar src={uploader.avatar} uid={uploader.uid} size={36} />
          <span className="video-uploader__name">{uploader.nickName}</span>
          <FollowButton uid={uploader.uid} className="video-uploader__follow" />
        </div>
      )}
    </section>
  );
});
