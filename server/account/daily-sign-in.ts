import type { SignedIn, SignInInfo } from '../../src/core/account/account-protocol.ts';
import {
  SIGN_IN_EXPERIENCE,
  currentStreak,
  dayNumber,
  nextStreak,
  rewardFor,
  weekCalendar,
} from '../../src/core/account/sign-in-rules.ts';
import type { Clock } from '../clock.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { GoldReason, recordGoldChange } from '../gold/gold-repository.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findUserById } from '../user/user-repository.ts';
import { creditGoldAndExperience, insertSignIn, lastSignIn } from './account-repository.ts';

/** The daily sign-in (China time days): today's state, and signing in once a day for a reward that rises with the streak. */

/** Today's sign-in state: signed?, the live streak, the seven-day calendar and the gold balance. */
export async function signInInfo(db: Queryable, clock: Clock, uid: number): Promise<SignInInfo> {
  const today = dayNumber(clock.now());
  const last = await lastSignIn(db, uid);
  const signedToday = last?.day === today;
  const streak = currentStreak(last, today);
  const user = await findUserById(db, uid);
  return {
    signedToday,
    streak,
    todayReward: signedToday ? rewardFor(streak) : rewardFor(streak + 1),
    calendar: weekCalendar(streak, signedToday),
    gold: user?.gold ?? 0,
  };
}

/**
 * Signs the user in for today, in one transaction: the sign-in row, the reward's gold and experience, the gold
 * ledger. A second sign-in the same day (seen first, or by the unique day) is 1050 今天已经签到过了…
 */
export async function signIn(db: Database, clock: Clock, uid: number): Promise<SignedIn> {
  const today = dayNumber(clock.now());
  try {
    const result = await db.transaction(async (tx) => {
      const streak = nextStreak(await lastSignIn(tx, uid), today);
      if (streak === null) return null;
      const reward = rewardFor(streak);
      await insertSignIn(tx, { uid, day: today, streak, reward, at: new Date(clock.now()) });
      const gold = (await creditGoldAndExperience(tx, uid, reward, SIGN_IN_EXPERIENCE)) ?? reward;
      await recordGoldChange(tx, { userId: uid, amount: reward, balanceAfter: gold, reason: GoldReason.SignIn, at: clock.now() });
      return { streak, reward, gold };
    });
    if (result === null) throw new ApiError(Ret.AlreadySignedIn, RetMessage.AlreadySignedIn);
    return { ...result, signedToday: true, todayReward: result.reward, calendar: weekCalendar(result.streak, true) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(Ret.AlreadySignedIn, RetMessage.AlreadySignedIn);
    throw error;
  }
}
