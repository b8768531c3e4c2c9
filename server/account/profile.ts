import type { SessionToken } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { hasNewWorks } from '../posts/posts-repository.ts';
import { findUserById } from '../user/user-repository.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { toUserView } from '../user/user-view.ts';
import { updateProfileColumns, type ProfileChange } from './account-repository.ts';

/** Saves the profile changes (at least one, already checked) of the signed-in user; answers the user as GetUserInfo does. */
export async function saveProfile(
  db: Queryable,
  clock: Clock,
  auth: { user: { id: number }; token: SessionToken },
  changes: readonly ProfileChange[],
): Promise<UserAnswer> {
  await updateProfileColumns(db, auth.user.id, changes);
  const user = await findUserById(db, auth.user.id);
  if (!user) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
  return toUserView(user, auth.token, clock.now(), { newWorks: await hasNewWorks(db, user.id) });
}
