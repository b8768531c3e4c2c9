import { BarrageLimits } from '../../src/core/playback/barrage-rules.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { countShieldedUsers, isUserShielded, listShieldedUsers, lockShieldOwner, shieldUser, userExists, } from './barrage-repository.ts';
import type { WireShieldedUser } from '../../src/core/playback/barrage-protocol.ts';

/**
 * Adds a user (not oneself, already checked) to the owner's barrage shield list, in one transaction with the
 * owner's row locked: the user must exist (1006 用户不存在); one already shielded stays as is; a full list
 * (BarrageLimits.shieldListMax) is refused. Answers the list after.
 */
export async function addShieldedUser(db: Database, clock: Clock, owner: number, target: number): Promise<WireShieldedUser[]> {
  await db.transaction(async (tx) => {
    await lockShieldOwner(tx, owner);
    if (!(await userExists(tx, target))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    if (await isUserShielded(tx, owner, target)) return;
    if ((await countShieldedUsers(tx, owner)) >= BarrageLimits.shieldListMax) throw new ApiError(Ret.ShieldListFull, RetMessage.ShieldListFull);
    await shieldUser(tx, owner, target, new Date(clock.now()));
  });
  return listShieldedUsers(db, owner);
}
