import { AccountLimits, ProfileRefusals } from '../../src/core/account/account-protocol.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import type { SessionToken } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, badParam, missingParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { checkNickName } from '../login/credentials.ts';
import { DEMO_AVATAR_URLS } from '../media/demo-images.ts';
import { findUserById, hasNewWorks } from '../user/user-repository.ts';
import { toUserView } from '../user/user-view.ts';
import { updateProfileColumns, type ProfileChange } from './account-repository.ts';

const DEFAULT_AVATAR = '/assets/avatar-default.svg';

/** Avatars a user may pick until real uploads exist: the placeholder and the demo avatars. */
const CHOOSABLE_AVATARS: readonly string[] = [DEFAULT_AVATAR, ...DEMO_AVATAR_URLS];

const { introductionMax: INTRODUCTION_MAX } = AccountLimits;

/**
 * The profile changes UpdateUserInfo gives (trimmed by the declaration; an empty nick name or introduction given is
 * '', an absent one undefined): each checked as a person counts characters; 1001 缺少参数：nickName when none is given.
 */
export function profileChanges(
  input: { nickName?: string; gender?: string; introduction?: string; avatar?: string },
  userName: string,
): ProfileChange[] {
  const changes: ProfileChange[] = [];
  if (input.nickName !== undefined) {
    if (input.nickName === '') throw badParam('nickName', ProfileRefusals.nickName);
    changes.push({ column: 'nick_name', value: checkNickName(input.nickName, userName) });
  }
  if (input.gender !== undefined) changes.push({ column: 'gender', value: Number(input.gender) });
  if (input.introduction !== undefined) {
    if ([...input.introduction].length > INTRODUCTION_MAX || /[^\P{Cc}\n]/u.test(input.introduction)) {
      throw badParam('introduction', ProfileRefusals.introduction);
    }
    changes.push({ column: 'introduction', value: input.introduction });
  }
  if (input.avatar !== undefined) {
    if (!CHOOSABLE_AVATARS.includes(input.avatar)) throw badParam('avatar', ProfileRefusals.avatar);
    changes.push({ column: 'avatar', value: input.avatar });
  }
  if (changes.length === 0) throw missingParam('nickName');
  return changes;
}

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
