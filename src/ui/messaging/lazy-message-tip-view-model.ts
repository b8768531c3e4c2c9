import type { ComponentType } from 'react';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export type MessageTipComponent = ComponentType<{ path: string }>;

/**
 * The shell's message tip before messaging is loaded: whether someone is logged in (only then is it loaded), and
 * the load of the tip with the messaging feature (message-tip-bindings.ts).
 */
export class LazyMessageTipViewModel {
  constructor(
    private readonly session: Pick<SessionModel, 'loggedIn'>,
    private readonly loadTip: () => Promise<MessageTipComponent>,
  ) {}

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** The tip's code and the messaging feature's bindings; rejects when either fails to load (offline). */
  load(): Promise<MessageTipComponent> {
    return this.loadTip();
  }
}

/** The lazy message tip's view-model, bound at start (message-tip-bindings.ts, from bindUi). */
export const LazyMessageTipModel = viewModelToken<LazyMessageTipViewModel>('LazyMessageTipViewModel');
