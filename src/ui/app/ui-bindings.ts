import type { Container } from 'inversify';
import { bindMessageTipLoader } from '../../composition/message-tip-bindings.ts';
import { bindStartScreens } from '../../composition/start-screen-bindings.ts';
import { bindVideoCard } from '../../composition/video-card-bindings.ts';
import { UserSession } from '../../core/shared-kernel/user-session.ts';
import { SessionModel } from './session-model.ts';

/** UI-level services: MobX mirrors of core state shared by several screens, and the shell's lazy message tip. */
export function bindUi(container: Container): void {
  container
    .bind(SessionModel)
    .toDynamicValue((ctx) => new SessionModel(ctx.get(UserSession)))
    .inSingletonScope();
  bindMessageTipLoader(container);
  bindVideoCard(container);
  bindStartScreens(container);
}
