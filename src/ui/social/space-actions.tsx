import { observer } from 'mobx-react-lite';
import { useViewModel } from '../app/container-context.tsx';
import { FollowButton } from './follow-button.tsx';
import { SpaceActionsModel } from './social-view-models.ts';
import { SocialUiTexts } from '../../core/social/social-texts.ts';
import './social.css';

/** The space header's actions: the follow button and 私信 (both hidden on one's own space). */
export const SpaceSocialActions = observer(function SpaceSocialActions({ uid, nickName, avatar }: { uid: number; nickName: string; avatar: string }) {
  const vm = useViewModel(SpaceActionsModel, { uid });
  if (!vm.messageVisible) return null;
  return (
    <div className="space-actions" data-testid="space-actions">
      <FollowButton uid={uid} />
      <button type="button" className="space-actions__message" onClick={() => vm.messageTapped({ nickName, avatar })}>
        {SocialUiTexts.privateMessage}
      </button>
    </div>
  );
});
