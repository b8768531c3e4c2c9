import type { ListedUser } from '../shared-kernel/listed-user.ts';
import { BlockStatus, SocialRet } from './social-protocol.ts';
import { Flag } from './social-rules.ts';
import { SocialTexts } from './social-texts.ts';

/** The relation a follow button shows: not followed, followed, or blocked by me (a block ends any follow). */
export type Relation = 'none' | 'followed' | 'blocked';

/** Who looks at the button: the user it is about (hidden), a visitor (sent to /login) or another user. */
export type Viewer = 'self' | 'visitor' | 'user';

/** What the button waits for: nothing, the follow call, the unblock question, or the unblock call. */
type Pending = 'none' | 'follow' | 'confirm' | 'unblock';

export interface FollowState {
  relation: Relation;
  pending: Pending;
}

export type FollowEvent =
  | { kind: 'tapped'; viewer: Viewer }
  | { kind: 'confirmAnswered'; yes: boolean }
  | { kind: 'followAnswered'; selected: boolean }
  | { kind: 'followFailed'; ret: number }
  | { kind: 'unblockAnswered'; status: number }
  | { kind: 'unblockFailed' }
  /** The relation read from the server (GetUserRelation, a list row). */
  | { kind: 'loaded'; user: Pick<ListedUser, 'focusStatus' | 'isBlackList'> }
  /** Blocked or unblocked elsewhere in the app (the chat settings, the blacklist). */
  | { kind: 'blockChanged'; status: number }
  /** Followed or unfollowed by another button for the same user. */
  | { kind: 'followChanged'; selected: boolean };

/** What to do after a step: ask the server to toggle the follow, ask the unblock question, unblock, or log in. */
export type FollowEffect = 'none' | 'requestFollow' | 'askUnblock' | 'requestUnblock' | 'goLogin';

export interface FollowStep {
  state: FollowState;
  effect: FollowEffect;
}

export const initialFollowState: FollowState = { relation: 'none', pending: 'none' };

export function relationOf(user: Pick<ListedUser, 'focusStatus' | 'isBlackList'>): Relation {
  if (user.isBlackList === Flag.Yes) return 'blocked';
  return user.focusStatus === Flag.Yes ? 'followed' : 'none';
}

/** The button text: 已拉黑, 已关注 or 关注. */
export function followLabel(relation: Relation): string {
  if (relation === 'blocked') return SocialTexts.blocked;
  return relation === 'followed' ? SocialTexts.followed : SocialTexts.follow;
}

const stay = (state: FollowState): FollowStep => ({ state, effect: 'none' });

/**
 * Spec section 4, follow button: 关注 toggles to 已关注 and back through the server's data.selected; a blocked
 * user shows 已拉黑 and a tap asks 取消拉黑 first, then the server's status decides; blocking clears the follow.
 * One call at a time: taps while something is pending are ignored. The viewer's own button does nothing and a
 * visitor's tap goes to /login.
 */
export function followStep(state: FollowState, event: FollowEvent): FollowStep {
  switch (event.kind) {
    case 'tapped':
      if (event.viewer === 'self') return stay(state);
      if (event.viewer === 'visitor') return { state, effect: 'goLogin' };
      if (state.pending !== 'none') return stay(state);
      if (state.relation === 'blocked') return { state: { ...state, pending: 'confirm' }, effect: 'askUnblock' };
      return { state: { ...state, pending: 'follow' }, effect: 'requestFollow' };
    case 'confirmAnswered':
      if (state.pending !== 'confirm') return stay(state);
      return event.yes ? { state: { ...state, pending: 'unblock' }, effect: 'requestUnblock' } : stay({ ...state, pending: 'none' });
    case 'followAnswered':
      if (state.pending !== 'follow') return stay(state);
      return stay({ relation: event.selected ? 'followed' : 'none', pending: 'none' });
    case 'followFailed':
      if (state.pending !== 'follow') return stay(state);
      // 8021: the user is blocked after all (blocked on another device): show it.
      return stay({ relation: event.ret === SocialRet.FollowBlockedUser ? 'blocked' : state.relation, pending: 'none' });
    case 'unblockAnswered':
      if (state.pending !== 'unblock') return stay(state);
      // The server's status decides; a block ended the follow, so an unblocked user is not followed.
      return stay({ relation: event.status === BlockStatus.Blocked ? 'blocked' : 'none', pending: 'none' });
    case 'unblockFailed':
      if (state.pending !== 'unblock') return stay(state);
      return stay({ ...state, pending: 'none' });
    case 'loaded':
      return stay({ ...state, relation: relationOf(event.user) });
    case 'blockChanged':
      if (event.status === BlockStatus.Blocked) return stay({ ...state, relation: 'blocked' });
      return stay({ ...state, relation: state.relation === 'blocked' ? 'none' : state.relation });
    case 'followChanged':
      if (state.relation === 'blocked') return stay(state);
      return stay({ ...state, relation: event.selected ? 'followed' : 'none' });
  }
}
