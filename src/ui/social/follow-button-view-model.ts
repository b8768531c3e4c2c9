import { makeAutoObservable, runInAction } from 'mobx';
import type { FollowController } from '../../core/social/follow-controller.ts';
import { followLabel, type FollowState } from '../../core/social/follow-machine.ts';
import type { SocialService } from '../../core/social/social-service.ts';
import type { ListedUser } from '../../core/shared-kernel/listed-user.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The follow button of one user as MobX state: label, visibility, busy, and the tap. */
export class FollowButtonViewModel {
  state: FollowState;

  constructor(
    private readonly controller: FollowController,
    private readonly session: SessionModel,
    private readonly service: Pick<SocialService, 'relation'>,
    /** Whether the relation was given (a list row); else it is read from the server. */
    private readonly known: boolean,
  ) {
    this.state = controller.current();
    makeAutoObservable<FollowButtonViewModel, 'controller' | 'session' | 'service' | 'known'>(
      this,
      { controller: false, session: false, service: false, known: false },
      { autoBind: true },
    );
  }

  get uid(): number {
    return this.controller.uid;
  }

  /** Hidden on the user's own id. */
  get visible(): boolean {
    return this.session.user?.id !== this.controller.uid;
  }

  get label(): string {
    return followLabel(this.state.relation);
  }

  get busy(): boolean {
    return this.state.pending !== 'none';
  }

  /** Mounted: mirror the controller, hear changes made elsewhere and read the relation when unknown. */
  opened(): () => void {
    const stopState = this.controller.subscribe((next) => runInAction(() => (this.state = next)));
    const stopChanges = this.controller.watchChanges();
    if (!this.known && this.session.loggedIn && this.visible) void this.load();
    return () => {
      stopState();
      stopChanges();
    };
  }

  async load(): Promise<void> {
    try {
      const user = await this.service.relation(this.controller.uid, { suppressTips: true });
      if (user) this.controller.loaded(user);
    } catch {
      // The button keeps 关注; a tap asks the server anyway.
    }
  }

  tapped(): Promise<void> {
    return this.controller.tapped();
  }
}

/** What a screen hands a follow button: the user, and the relation when it knows it (a list row). */
export interface FollowButtonInput {
  uid: number;
  initial?: Pick<ListedUser, 'focusStatus' | 'isBlackList'>;
}

/** The follow button's view-model, bound by the composition root (social-bindings.ts). */
export const FollowButtonModel = viewModelToken<FollowButtonViewModel, FollowButtonInput>('FollowButtonViewModel');
