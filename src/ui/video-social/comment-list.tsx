import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useInRouterContext, useSearchParams } from 'react-router-dom';
import { FooterState } from '../../core/display/list-state.ts';
import { FooterTexts } from '../../core/display/display-texts.ts';
import type { Comment } from '../../core/video-social/comment.ts';
import { CommentUiTexts, VideoSocialTexts } from '../../core/video-social/video-social-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, LevelIcon, TimeLabel } from '../common/display.tsx';
import { ListFooter } from '../common/list/list-footer.tsx';
import { useNearBottom } from '../common/list/use-near-bottom.ts';
import type { CommentSectionProps } from '../common/player-slots.ts';
import { COMMENT_SORT_TABS, CommentSectionModel, commentFocusFrom, type CommentSectionViewModel } from './comment-section-view-model.ts';
import { Icon } from './video-social-icons.tsx';
import './video-social.css';

/** One comment or reply: avatar, name, time, text, 回复, 删除 (one's own) and the like count. */
const CommentBody = observer(function CommentBody({ vm, comment, reply }: { vm: CommentSectionViewModel; comment: Comment; reply: boolean }) {
  return (
    <>
      <Avatar src={comment.avatar} uid={comment.uid} vipLevel={comment.vipLevel} bigV={comment.bigV} kefu={comment.kefu} size={reply ? 28 : 36} />
      <div className="comment__main">
        <div className="comment__head">
          <span className="comment__nick">{comment.nickName}</span>
          <LevelIcon level={comment.level} />
          {comment.pending ? <span className="time-label">{CommentUiTexts.sending}</span> : <TimeLabel time={comment.time} />}
        </div>
        <p className="comment__content">
          {comment.replyTo && (
            <span className="comment__reply-to">
              {VideoSocialTexts.reply} <b>@{comment.replyTo.nickName}</b>：
            </span>
          )}
          {comment.content}
        </p>
        <div className="comment__actions">
          <button type="button" className="comment__action" data-testid="comment-reply-button" disabled={comment.pending} onClick={() => vm.replyTapped(comment)}>
            {VideoSocialTexts.reply}
          </button>
          {vm.isOwn(comment) && (
            <button type="button" className="comment__action" data-testid="comment-delete" onClick={() => vm.deleteTapped(comment)}>
              {VideoSocialTexts.remove}
            </button>
          )}
          <button
            type="button"
            className={`comment__like${comment.liked ? ' comment__like--on' : ''}`}
            data-testid="comment-like"
            aria-label={VideoSocialTexts.like}
            aria-pressed={comment.liked}
            disabled={comment.pending}
            onClick={() => vm.likeTapped(comment)}
          >
            <Icon name="heart" size={16} />
            <span className="count">{vm.likeCountText(comment)}</span>
          </button>
        </div>
      </div>
    </>
  );
});

const CommentItem = observer(function CommentItem({ vm, comment }: { vm: CommentSectionViewModel; comment: Comment }) {
  const more = vm.repliesButtonText(comment);
  return (
    <article className={`comment${vm.focusedId === comment.id ? ' comment--focused' : ''}`} data-testid="comment-item" data-comment-id={comment.id}>
      <CommentBody vm={vm} comment={comment} reply={false} />
      {(comment.replies.length > 0 || more) && (
        <div className="comment__replies">
          {comment.replies.map((reply) => (
            <div key={reply.id} className={`comment comment--reply${vm.focusedId === reply.id ? ' comment--focused' : ''}`} data-testid="comment-reply" data-comment-id={reply.id}>
              <CommentBody vm={vm} comment={reply} reply />
            </div>
          ))}
          {more && (
            <button type="button" className="comment__more" data-testid="comment-all-replies" onClick={() => vm.allRepliesTapped(comment)}>
              {more}
            </button>
          )}
        </div>
      )}
    </article>
  );
});

/** The comment box: a visitor's tap goes to /login; 回复 @nick while answering someone. */
const CommentBox = observer(function CommentBox({ vm }: { vm: CommentSectionViewModel }) {
  const input = useRef<HTMLTextAreaElement>(null);
  const replying = vm.replying;
  const placeholder = vm.placeholder;
  useEffect(() => {
    if (replying) input.current?.focus();
  }, [replying, placeholder]);
  return (
    <div className="comment-box">
      {replying && (
        <div className="comment-box__target">
          <span>{placeholder}</span>
          <button type="button" className="comment-box__cancel" onClick={vm.replyCancelled}>
            {CommentUiTexts.cancelReply}
          </button>
        </div>
      )}
      <div className="comment-box__row">
        <textarea
          ref={input}
          className="comment-box__input"
          data-testid="comment-input"
          rows={1}
          placeholder={placeholder}
          value={vm.draft}
          readOnly={!vm.loggedIn}
          onClick={vm.inputTapped}
          onChange={(event) => vm.draftChanged(event.target.value)}
        />
        <button type="button" className="comment-box__send" data-testid="comment-send" disabled={vm.sending} onClick={() => void vm.sendTapped()}>
          {VideoSocialTexts.send}
        </button>
      </div>
    </div>
  );
});

/** The page's ?commentId=&replyId=&reply=1 (a link from 收到的赞 or 评论和回复): asks the section to show that comment. */
function LinkedComment({ vm }: { vm: CommentSectionViewModel }) {
  const [query] = useSearchParams();
  const focus = commentFocusFrom(query);
  const focusKey = focus ? `${focus.commentId}:${focus.replyId}:${focus.reply}` : '';
  useEffect(() => {
    if (focus) void vm.focusRequested(focus);
    // focusKey stands for focus (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm, focusKey]);
  return null;
}

/** 评论 N, the box, the comments with their first replies, and the shared load-more footer. */
export const CommentList = observer(function CommentList({ mediaKey, videoType }: CommentSectionProps) {
  const vm = useViewModel(CommentSectionModel, { mediaKey, videoType });
  const end = useRef<HTMLDivElement>(null);
  const inRouter = useInRouterContext();
  useEffect(() => vm.opened(), [vm]);
  // A link's comment (收到的赞, 评论和回复) is scrolled to once shown.
  useEffect(() => {
    if (vm.focusedId > 0) document.querySelector(`[data-comment-id="${vm.focusedId}"]`)?.scrollIntoView({ block: 'center' });
  }, [vm.focusedId]);
  useNearBottom(end, vm.nearBottom, [vm, vm.state]);
  return (
    <section className="comments" data-testid="comment-section">
      {inRouter && <LinkedComment vm={vm} />}
      <header className="comments__header">
        <h3 className="comments__title" data-testid="comment-heading">{vm.heading}</h3>
        <div className="comments__sort" role="tablist">
          {COMMENT_SORT_TABS.map((tab) => (
            <button
              key={tab.sort}
              type="button"
              role="tab"
              aria-selected={vm.sort === tab.sort}
              className={`comments__sort-tab${vm.sort === tab.sort ? ' comments__sort-tab--on' : ''}`}
              onClick={() => vm.sortTapped(tab.sort)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </header>
      <CommentBox vm={vm} />
      {vm.firstLoading && <div className="comments__state list-footer" role="status">{FooterTexts[FooterState.Loading]}</div>}
      {vm.firstPageFailed && (
        <button type="button" className="comments__state list-footer list-footer--failed" onClick={vm.retryTapped}>
          {CommentUiTexts.firstPageFailed}
        </button>
      )}
      {vm.empty && <div className="comments__state comments__empty">{VideoSocialTexts.noComments}</div>}
      <div className="comments__list">
        {vm.comments.map((comment) => (
          <CommentItem key={comment.id} vm={vm} comment={comment} />
        ))}
      </div>
      <div ref={end} className="list-end" />
      <ListFooter state={vm.footer} onRetry={vm.retryTapped} />
    </section>
  );
});
