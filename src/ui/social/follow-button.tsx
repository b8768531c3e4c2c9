import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { ListedUser } from '../../core/shared-kernel/listed-user.ts';
import { useViewModel } from '../app/container-context.tsx';
import { FollowButtonModel } from './follow-button-view-model.ts';
import './social.css';

/**
 * The follow button of a user (spec: 关注 / 已关注 / 已拉黑), for any screen: hidden on the user's own id, a
 * visitor's tap goes to /login and comes back. Give `initial` when the relation is known (a list row); without
 * it the button reads it from the server.
 */
export const FollowButton = observer(function FollowButton({
  uid,
  initial,
  className,
}: {
  uid: number;
  initial?: Pick<ListedUser, 'focusStatus' | 'isBlackList'>;
  className?: string;
}) {
  const vm = useViewModel(FollowButtonModel, { uid, initial });
  useEffect(() => vm.opened(), [vm]);
  if (!vm.visible) return null;
  const modifier = vm.state.relation === 'none' ? 'follow' : vm.state.relation;
  return (
    <button
      type="button"
      className={`follow-button follow-button--${modifier} ${className ?? ''}`}
      data-testid="follow-button"
      aria-busy={vm.busy}
      onClick={() => void vm.tapped()}
    >
      {vm.label}
    </button>
  );
});
