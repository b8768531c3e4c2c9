import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { PollCard } from '../votes/poll-card.tsx';
import { PostCard } from './post-card.tsx';
import { PostingGateModel } from './posting-gate-view-model.ts';
import { PostingRoutes } from './posting-routes.ts';
import { PostingTexts } from './posting-texts.ts';
import { MyPostsModel, PostDetailModel, type PostCardData } from './posts-view-models.ts';
import './posting.css';

const MyPosts = observer(function MyPosts() {
  const vm = useViewModel(MyPostsModel);
  const render = (post: PostCardData) => (
    <PostCard
      key={post.id}
      post={post}
      onOpen={() => vm.postTapped(post)}
      action={
        <button type="button" className="post-card__delete" data-testid="post-delete" disabled={vm.deleting === post.id} onClick={() => void vm.deleteTapped(post)}>
          {PostingTexts.delete}
        </button>
      }
    />
  );
  return (
    <>
      <NavBar
        title={PostingTexts.myPosts}
        right={
          <button type="button" className="posting-nav-action" data-testid="my-posts-publish" onClick={vm.publishTapped}>
            {PostingTexts.publish}
          </button>
        }
      />
      <PullRefresh onRefresh={vm.list.refresh}>
        {vm.list.empty ? (
          <div className="posting-empty" data-testid="my-posts-empty">
            <p>{PostingTexts.myPostsEmpty}</p>
            <button type="button" className="primary-button" onClick={vm.publishTapped}>{PostingTexts.goPublish}</button>
          </div>
        ) : (
          <PagedListView model={vm.list} className="post-list" render={render} />
        )}
      </PullRefresh>
    </>
  );
});

/** /myDynamic — one's own posts, newest first (login required: a visitor goes to /login and comes back). */
export const MyPostsScreen = observer(function MyPostsScreen() {
  const gate = useViewModel(PostingGateModel, { page: PostingRoutes.myPosts });
  useEffect(() => gate.visitorSentToLogin(), [gate, gate.loggedIn]);
  return <div className="page posting-page my-posts-page">{gate.loggedIn ? <MyPosts /> : <NavBar title={PostingTexts.myPosts} />}</div>;
});

const LikeIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path d="M2 10h4v11H2zM8 21V10l5-8c1.7 0 2.8 1.4 2.4 3L14.6 9H20a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.6 21z" fill="currentColor" />
  </svg>
);

/** /dynamicDetail?id — one post: the video (its cover as the poster), the author, text, labels, place, time and 点赞. */
export const PostDetailScreen = observer(function PostDetailScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(PostDetailModel, { id: search.get('id') });
  useEffect(() => void vm.opened(), [vm]);
  const post = vm.post;
  return (
    <div className="page posting-page post-detail-page">
      <NavBar
        title="动态详情"
        right={
          vm.own && (
            <button type="button" className="posting-nav-action" data-testid="post-detail-delete" disabled={vm.deleting} onClick={() => void vm.deleteTapped()}>
              {PostingTexts.delete}
            </button>
          )
        }
      />
      {vm.status === 'loading' && <LoadingState />}
      {vm.status === 'missing' && <div className="posting-empty" data-testid="post-missing">{vm.missingText}</div>}
      {vm.status === 'failed' && <ErrorState onRefresh={() => void vm.load()} />}
      {vm.status === 'ready' && post && (
        <article data-testid="post-detail">
          <video className="post-detail__video" data-testid="post-video" src={vm.videoUrl} poster={vm.posterUrl} controls playsInline preload="metadata" />
          <div className="post-detail__body">
            <div className="post-detail__author">
              <Avatar src={post.avatar} vipLevel={post.vipLevel} uid={post.uid} size={40} />
              <span className="post-detail__nick" data-testid="post-author">{post.nickName || `用户${post.uid}`}</span>
            </div>
            {post.contxt && <p className="post-detail__text" data-testid="post-detail-text">{post.contxt}</p>}
            {vm.labels.length > 0 && (
              <div className="post-labels" data-testid="post-detail-labels">
                {vm.labels.map((label) => (
                  <span key={label} className="post-label">#{label}</span>
                ))}
              </div>
            )}
            {vm.place && (
              <p className="post-detail__place" data-testid="post-detail-place">
                <span className="post-detail__place-name">{vm.place}</span>
                {vm.placeAddress && <span>{vm.placeAddress}</span>}
              </p>
            )}
            <div className="post-detail__actions">
              <TimeLabel time={post.time} />
              <button
                type="button"
                className={vm.liked ? 'post-like post-like--on' : 'post-like'}
                data-testid="post-like"
                aria-label={PostingTexts.like}
                aria-pressed={vm.liked}
                onClick={() => void vm.likeTapped()}
              >
                <LikeIcon />
                <span className="post-like__count">{vm.likeText}</span>
              </button>
            </div>
          </div>
          <PollCard place={{ type: 'post', id: String(post.id) }} ownerUid={post.uid} />
        </article>
      )}
    </div>
  );
});
