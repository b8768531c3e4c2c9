import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { FocusItem } from '../../core/focus/focus-service.ts';
import { useViewModel } from '../app/container-context.tsx';
import { VideoCard } from '../catalogue/video-card.tsx';
import { Avatar } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { PostCard } from '../posting/post-card.tsx';
import { MoreFocusModel, type MoreFocusViewModel } from './more-focus-view-model.ts';
import { MoreFocusTexts as T } from '../../core/focus/focus-texts.ts';
import './more-focus.css';

const Update = observer(function Update({ vm, item }: { vm: MoreFocusViewModel; item: FocusItem }) {
  if (item.kind === 'post') {
    return (
      <div className="focus-update" data-testid="focus-update" data-kind="post">
        <PostCard post={vm.postCardOf(item.post)} showAuthor onOpen={() => vm.postTapped(item.post)} />
      </div>
    );
  }
  const uploader = item.video.uploader;
  return (
    <div className="focus-update" data-testid="focus-update" data-kind="video">
      {uploader && (
        <button type="button" className="focus-update__author" onClick={() => vm.userTapped(uploader.uid)}>
          <Avatar src={uploader.avatar} size={24} />
          <span className="focus-update__name">{uploader.nickName}</span>
          <span className="focus-update__action">{T.postedVideo}</span>
        </button>
      )}
      <VideoCard video={item.video} layout="row" />
    </div>
  );
});

const Suggestions = observer(function Suggestions({ vm }: { vm: MoreFocusViewModel }) {
  return (
    <section className="focus-empty" data-testid="focus-no-follows">
      <p className="focus-empty__title">{T.noFollows}</p>
      <p className="focus-empty__hint">{T.noFollowsHint}</p>
      {vm.suggestionRows.length > 0 && (
        <>
          <h2 className="focus-suggested__title">{T.suggested}</h2>
          <ul className="focus-suggested">
            {vm.suggestionRows.map((row) => (
              <li key={row.uid}>
                <button type="button" className="focus-suggested__user" data-testid="focus-suggestion" onClick={() => vm.userTapped(row.uid)}>
                  <Avatar src={row.avatar} size={44} />
                  <span className="focus-suggested__text">
                    <span className="focus-suggested__name">{row.nickName}</span>
                    <span className="focus-suggested__intro">{row.introduce || row.worksText}</span>
                  </span>
                  <span className="focus-suggested__works">{row.worksText} ›</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
});

/** /moreFocus — 更多关注: what the followed users published, newest first (login required: a visitor goes to /login). */
export const MoreFocusScreen = observer(function MoreFocusScreen() {
  const vm = useViewModel(MoreFocusModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  return (
    <div className="page more-focus-page">
      <NavBar title={T.title} />
      {vm.loggedIn &&
        (vm.followsNobody && vm.list.empty ? (
          <Suggestions vm={vm} />
        ) : (
          <PagedListView model={vm.list} className="focus-updates" render={(item) => <Update key={item.key} vm={vm} item={item} />} emptyText={T.empty} />
        ))}
    </div>
  );
});
