import { SocialLimits } from '../../src/core/social/social-rules.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { countReportsSince, insertReport, lockUser, userExists } from './social-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a report of a user (reason and content already checked; not oneself), in one transaction: both users
 * must exist (1006 用户不存在), and a reporter files at most SocialLimits.reportsPerDay reports a day (TooManyReports).
 */
export async function reportUser(db: Database, clock: Clock, report: { reporter: number; reported: number; reason: string; content: string }): Promise<void> {
  const { reporter, reported } = report;
  await db.transaction(async (tx) => {
    // Locks the reporter's row so parallel reports cannot pass the daily limit together.
    if (!(await lockUser(tx, reporter))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    if (!(await userExists(tx, reported))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    const at = new Date(clock.now());
    if ((await countReportsSince(tx, reporter, new Date(at.getTime() - DAY_MS))) >= SocialLimits.reportsPerDay) {
      throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyReports);
    }
    await insertReport(tx, { reporter, reported, reason: report.reason, content: report.content, at });
  });
}
