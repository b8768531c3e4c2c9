import type { Navigator } from '../../core/ports/navigator.ts';
import { decideBack, type BackAction, type RouteTrail } from '../../core/shell/back-rule.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** An avatar's tap: to the user's space. */
export class AvatarViewModel {
  constructor(private readonly navigator: Pick<Navigator, 'push'>) {}

  spaceTapped(uid: number): void {
    this.navigator.push(`/space/${uid}`);
  }
}

/** The back arrow's rule (core/shell/back-rule.ts), told where the user came from by the shell's route trail. */
export class BackViewModel {
  constructor(private readonly trail: Pick<RouteTrail, 'previousPath'>) {}

  /** Where back leads: `target` is the page's own way back, `canGoBack` whether the history holds an earlier page of the app. */
  action(target: string | undefined, canGoBack: boolean): BackAction {
    return decideBack({ previousPath: this.trail.previousPath(), target, canGoBack });
  }
}

/** The avatar's view-model, bound by the composition root (start-screen-bindings.ts: avatars show on home). */
export const AvatarModel = viewModelToken<AvatarViewModel>('AvatarViewModel');
/** The nav bar's back rule, bound by the composition root (start-screen-bindings.ts). */
export const BackModel = viewModelToken<BackViewModel>('BackViewModel');
