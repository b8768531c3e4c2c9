import { BlockStatus } from '../../src/core/social/social-protocol.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { userFacts } from '../messaging/user-facts.ts';
import { block, isBlocking, toggleFollow, unblock, userExists } from './social-repository.ts';

const userNotFound = () => new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);

/**
 * Follows the target, or unfollows one already followed, in one transaction; answers whether the caller follows
 * afterwards. Not oneself (8020), not a user the caller blocked (8021), not one who blocked the caller (8024;
 * unfollowing stays possible), and the target must exist (1006).
 */
export async function followOrUnfollow(db: Database, clock: Clock, me: number, target: number): Promise<boolean> {
  if (target === me) throw new ApiError(Ret.FollowSelf, RetMessage.FollowSelf);
  return db.transaction(async (tx) => {
    if (!(await userExists(tx, target))) throw userNotFound();
    if (await isBlocking(tx, me, target)) throw new ApiError(Ret.FollowBlockedUser, RetMessage.FollowBlockedUser);
    const following = await toggleFollow(tx, me, target, new Date(clock.now()));
    // Throwing rolls the insert back.
    if (following && (await isBlocking(tx, target, me))) throw new ApiError(Ret.FollowBlockedByUser, RetMessage.FollowBlockedByUser);
    return following;
  });
}

/**
 * Blocks (a block ends follows both ways) or unblocks the target: not oneself (8022), and the target must exist
 * (1006). SendMessage's cached block list (server/messaging/user-facts.ts) learns of it.
 */
export async function setBlock(db: Database, clock: Clock, me: number, target: number, status: BlockStatus): Promise<void> {
  if (target === me) throw new ApiError(Ret.BlockSelf, RetMessage.BlockSelf);
  await db.transaction(async (tx) => {
    if (!(await userExists(tx, target))) throw userNotFound();
    if (status === BlockStatus.Blocked) await block(tx, me, target, new Date(clock.now()));
    else await unblock(tx, me, target);
  });
  userFacts(db).blocksChanged(me);
}
