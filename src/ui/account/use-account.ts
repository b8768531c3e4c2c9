import type { Container } from 'inversify';
import { ProfileService } from '../../core/account/profile-service.ts';
import { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel as SessionModelType } from '../app/session-model.ts';
import { SessionModel } from '../app/session-model.ts';

/** What every edit screen's view-model is built from. */
export function profileDeps(c: Container): [SessionModelType, ProfileService, Navigator] {
  return [c.get(SessionModel), c.get(ProfileService), c.get<Navigator>(Navigator)];
}
