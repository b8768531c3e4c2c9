import type { Container } from 'inversify';
import { InvitationService } from '../core/invitation/invitation-service.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { InputInvitationCodeModel, InputInvitationCodeViewModel, InvitationModel, InvitationViewModel } from '../ui/invitation/invitation-view-models.ts';
import { renderPosterPng } from '../ui/invitation/poster-canvas.ts';

/** The page's own origin, which invitation links open ('' headless: the link stays a path). */
const pageOrigin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

/** Invitations: /invitation (邀请好友), /inputInvitationCode (填写邀请码), and /register's code from an invitation link. */
export function bindInvitation(container: Container): void {
  container
    .bind(InvitationService)
    .toDynamicValue((c) => new InvitationService(c.get(ApiClient), c.get(UserSession), c.get<KeyValueStore>(LocalStore), pageOrigin()))
    .inSingletonScope();
  bindViewModel(
    container,
    InvitationModel,
    (c) => new InvitationViewModel(c.get(SessionModel), c.get(InvitationService), c.get<Clipboard>(Clipboard), c.get<Notifier>(Notifier), c.get<Navigator>(Navigator), renderPosterPng),
  );
  bindViewModel(container, InputInvitationCodeModel, (c) => new InputInvitationCodeViewModel(c.get(SessionModel), c.get(InvitationService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
}
