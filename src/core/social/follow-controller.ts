import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import { ApiError } from '../request/api-error.ts';
import { followLabel, followStep, initialFollowState, type FollowEffect, type FollowEvent, type FollowState, type Viewer } from './follow-machine.ts';
import type { ListedUser } from '../shared-kernel/listed-user.ts';
import { returnAddress } from '../shared-kernel/login-redirect.ts';
import { BlockStatus } from './social-protocol.ts';
import { SocialPaths } from './social-rules.ts';
import { SocialTexts } from './social-texts.ts';
import type { SocialService } from './social-service.ts';

export interface FollowControllerDeps {
  service: SocialService;
  navigator: Navigator;
  notifier: Notifier;
  /** The logged-in user's id, null for a visitor. */
  viewerId: () => number | null;
}

/**
 * The follow button of one user: runs the follow machine and carries out its effects (the calls, the
 * 取消拉黑 question, the way to /login with the current path as the return target). watchChanges() follows
 * changes made elsewhere through the service; dispose() stops everything when the button goes.
 */
export class FollowController {
  private state: FollowState = initialFollowState;
  private readonly listeners = new Set<(state: FollowState) => void>();
  private readonly watchers = new Set<() => void>();

  constructor(
    readonly uid: number,
    private readonly deps: FollowControllerDeps,
    initial?: Pick<ListedUser, 'focusStatus' | 'isBlackList'>,
  ) {
    if (initial) this.state = followStep(this.state, { kind: 'loaded', user: initial }).state;
  }

  /** Follows changes made elsewhere through the service (blocked in the chat settings: 已拉黑) until the returned stop. */
  watchChanges(): () => void {
    const stop = this.deps.service.onRelationChanged((change) => {
      if (change.uid !== this.uid) return;
      this.apply(change.kind === 'block' ? { kind: 'blockChanged', status: change.status } : { kind: 'followChanged', selected: change.selected });
    });
    this.watchers.add(stop);
    return () => {
      stop();
      this.watchers.delete(stop);
    };
  }

  current(): FollowState {
    return this.state;
  }

  subscribe(listener: (state: FollowState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const stop of [...this.watchers]) stop();
    this.watchers.clear();
    this.listeners.clear();
  }

  viewer(): Viewer {
    const id = this.deps.viewerId();
    if (id === null) return 'visitor';
    return id === this.uid ? 'self' : 'user';
  }

  /** Hidden on the user's own page. */
  visible(): boolean {
    return this.viewer() !== 'self';
  }

  label(): string {
    return followLabel(this.state.relation);
  }

  /** Sets the relation read from the server. */
  loaded(user: Pick<ListedUser, 'focusStatus' | 'isBlackList'>): void {
    this.apply({ kind: 'loaded', user });
  }

  /** The button was tapped; resolves when what it started is done. */
  async tapped(): Promise<void> {
    await this.run(this.apply({ kind: 'tapped', viewer: this.viewer() }));
  }

  private apply(event: FollowEvent): FollowEffect {
    const step = followStep(this.state, event);
    if (step.state !== this.state) {
      this.state = step.state;
      for (const listener of [...this.listeners]) listener(this.state);
    }
    return step.effect;
  }

  private async run(effect: FollowEffect): Promise<void> {
    switch (effect) {
      case 'goLogin':
        this.deps.navigator.push(SocialPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
        return;
      case 'requestFollow':
        try {
          const selected = await this.deps.service.toggleFollow(this.uid);
          // The service's change event already moved a pending button; this settles it in any case.
          this.apply({ kind: 'followAnswered', selected });
        } catch (error) {
          this.apply({ kind: 'followFailed', ret: error instanceof ApiError ? error.ret : 0 });
        }
        return;
      case 'askUnblock': {
        const yes = await this.deps.notifier.confirm({
          title: SocialTexts.unblockTitle,
          message: SocialTexts.unblockMessage,
          confirmText: SocialTexts.confirm,
          cancelText: SocialTexts.cancel,
        });
        await this.run(this.apply({ kind: 'confirmAnswered', yes }));
        return;
      }
      case 'requestUnblock':
        try {
          const status = await this.deps.service.setBlocked(this.uid, BlockStatus.Unblocked);
          this.apply({ kind: 'unblockAnswered', status });
        } catch {
          this.apply({ kind: 'unblockFailed' });
        }
        return;
      case 'none':
        return;
    }
  }
}

/** Makes the follow controller of one user (the container binds it with the app's ports). */
export type FollowControllerFactory = (uid: number, initial?: Pick<ListedUser, 'focusStatus' | 'isBlackList'>) => FollowController;
export const FollowControllerFactory = Symbol('FollowControllerFactory');
