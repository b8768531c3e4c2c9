import { observer } from 'mobx-react-lite';
import { InteractionTexts } from '../../core/interactions/interactions-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CommentAndReplyModel, ReceivedLikesModel } from './interactions-view-models.ts';
import './interactions.css';

/** /getLike (收到的赞): one row per liked comment or barrage, the latest likers' avatars, newest first. */
export const ReceivedLikesScreen = observer(function ReceivedLikesScreen() {
  const vm = useViewModel(ReceivedLikesModel);
  return (
    <div className="page">
      <NavBar title={InteractionTexts.likesTitle} />
      <PagedListView
        model={vm.list}
        emptyText={InteractionTexts.noLikes}
        render={(row) => (
          <div key={row.key} className={`interaction${row.unread ? ' interaction--unread' : ''}`} data-testid="received-like" role="button" tabIndex={0} onClick={() => vm.rowTapped(row)}>
            <div className="interaction__avatars">
              {row.likers.map((liker) => (
                <Avatar key={liker.uid} src={liker.avatar} size={row.likers.length > 1 ? 28 : 40} className="interaction__avatar" />
              ))}
            </div>
            <div className="interaction__main">
              <div className="interaction__headline">
                {row.headline}
                {row.unread && <span className="interaction__dot" aria-label="未读" />}
              </div>
              <TimeLabel time={row.time} />
            </div>
            <div className="interaction__original" data-testid="received-like-content">
              <span className="interaction__what">{row.what}</span>
              {row.content}
            </div>
          </div>
        )}
      />
    </div>
  );
});

/** /commentAndReply (评论和回复): who replied, commented on one's video or mentioned one, newest first. */
export const CommentAndReplyScreen = observer(function CommentAndReplyScreen() {
  const vm = useViewModel(CommentAndReplyModel);
  return (
    <div className="page">
      <NavBar title={InteractionTexts.repliesTitle} />
      <PagedListView
        model={vm.list}
        emptyText={InteractionTexts.noReplies}
        render={(row) => (
          <div key={row.key} className={`interaction${row.unread ? ' interaction--unread' : ''}`} data-testid="received-reply" role="button" tabIndex={0} onClick={() => vm.rowTapped(row)}>
            <Avatar src={row.author.avatar} size={40} />
            <div className="interaction__main">
              <div className="interaction__headline">
                <b className="interaction__nick">{row.author.nickName}</b> {row.action}
                {row.unread && <span className="interaction__dot" aria-label="未读" />}
              </div>
              <p className="interaction__content" data-testid="received-reply-content">
                {row.content}
              </p>
              <div className="interaction__foot">
                <TimeLabel time={row.time} />
                <button
                  type="button"
                  className="interaction__reply"
                  data-testid="received-reply-button"
                  onClick={(event) => {
                    event.stopPropagation();
                    vm.replyTapped(row);
                  }}
                >
                  {InteractionTexts.reply}
                </button>
              </div>
            </div>
            <div className="interaction__original">{row.original}</div>
          </div>
        )}
      />
    </div>
  );
});
