import type { Container } from 'inversify';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { LazyMessageTipModel, LazyMessageTipViewModel } from '../ui/messaging/lazy-message-tip-view-model.ts';
import { LoadFeatures } from './lazy-features.ts';

/**
 * The shell's lazy message tip, bound at start (bindUi): its load fetches the tip's code and binds the features
 * (messaging among them) beside it, so the home route's first JavaScript holds neither. Idempotent; keep this module tiny.
 */
export function bindMessageTipLoader(container: Container): void {
  if (container.isBound(LazyMessageTipModel.id)) return;
  bindViewModel(
    container,
    LazyMessageTipModel,
    (c) =>
      new LazyMessageTipViewModel(c.get(SessionModel), () =>
        Promise.all([import('../ui/messaging/message-tip.tsx'), c.get<LoadFeatures>(LoadFeatures)()]).then(([module]) => module.MessageTip),
      ),
  );
}
