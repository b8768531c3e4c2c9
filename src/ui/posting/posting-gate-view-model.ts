import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PostingRoutes } from './posting-routes.ts';

/** A posting page only a signed-in user sees (/myDynamic, /publishDynamic): a visitor goes to /login and comes back. */
export class PostingGateViewModel {
  constructor(
    private readonly session: Pick<SessionModel, 'loggedIn'>,
    private readonly navigator: Pick<Navigator, 'replace'>,
    /** The page to come back to after the login. */
    private readonly page: string,
  ) {}

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor (or a user whose session ended) goes to /login, to come back to the page. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace(PostingRoutes.login, { redirect: this.page });
  }
}

/** The gate of a posting page; `page`: the page's route (PostingRoutes). Bound by the composition root (posting-bindings.ts). */
export const PostingGateModel = viewModelToken<PostingGateViewModel, { page: string }>('PostingGateViewModel');
