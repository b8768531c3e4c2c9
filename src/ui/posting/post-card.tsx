import type { ReactNode } from 'react';
import { POST_WITHOUT_TEXT } from '../../core/posts/post.ts';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { POST_THUMB, type PostCardData } from './posts-view-models.ts';
import './posting.css';

/** A post in a list: the cover (3:4, with the duration), the text, labels, place and time; the author in feeds. */
export function PostCard({ post, showAuthor = false, onOpen, action }: { post: PostCardData; showAuthor?: boolean; onOpen: () => void; action?: ReactNode }) {
  return (
    <article className="post-card" data-testid="post-card" data-post-id={post.id}>
      <button type="button" className="post-card__open" onClick={onOpen}>
        <span className="post-card__cover">
          {post.coverUrl && <img src={post.coverUrl} alt="" loading="lazy" width={POST_THUMB.width} height={POST_THUMB.height} />}
          <span className="post-card__play" aria-hidden="true" />
          {post.durationText && <span className="post-card__duration">{post.durationText}</span>}
        </span>
        <span className="post-card__body">
          {showAuthor && (
            <span className="post-card__author">
              <Avatar src={post.avatar} vipLevel={post.vipLevel} size={20} />
              <span className="post-card__nick">{post.nickName}</span>
            </span>
          )}
          <span className="post-card__text" data-testid="post-text">{post.text || POST_WITHOUT_TEXT}</span>
          {post.labels.length > 0 && (
            <span className="post-labels">
              {post.labels.map((label) => (
                <span key={label} className="post-label">#{label}</span>
              ))}
            </span>
          )}
          <span className="post-card__meta">
            {post.place && <span className="post-card__place" data-testid="post-place">{post.place}</span>}
            <TimeLabel time={post.time} />
            {post.likeText && (
              <span className="post-card__likes" data-testid="post-likes" aria-label={`${post.likeText}个赞`}>
                👍 {post.likeText}
              </span>
            )}
          </span>
        </span>
      </button>
      {action}
    </article>
  );
}
