import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';
import { RechargeActivityType } from '../../src/core/vip/vip-protocol.ts';
import { ACTIVITY_RUNNING } from './activities.ts';
import { seedConfig } from './config.ts';

export const DEMO_ACTIVITY = {
  title: '充值享优惠',
  type: RechargeActivityType.Share,
  activityRule:
    '1. 活动期间分享活动文案给好友，返回本页即可领取充值优惠。\n2. 每个账号每天可参与一次，优惠仅限本人使用。\n3. 如有疑问请联系在线客服，本活动最终解释权归奇遇视频所有。',
} as const;

export const WELCOME_MESSAGE = {
  title: '欢迎来到奇遇视频',
  content: '感谢您注册奇遇视频！海量影视、综艺、动漫与直播等您发现，开通VIP会员还可享受免广告、抢先看等特权。',
} as const;

/**
 * Idempotent: the global configuration entries, one running share activity when the table holds none, and the
 * welcome message for the demo account when it has not received it yet.
 */
export async function seedShell(db: Database): Promise<void> {
  await seedConfig(db);
  await db.query(
    `INSERT INTO recharge_activities (title, type, status, activity_rule)
     SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM recharge_activities)`,
    [DEMO_ACTIVITY.title, DEMO_ACTIVITY.type, ACTIVITY_RUNNING, DEMO_ACTIVITY.activityRule],
  );
  await db.query(
    `INSERT INTO system_messages (uid, title, content)
     SELECT u.id, $1, $2 FROM users u
     WHERE lower(u.user_name) = lower($3)
       AND NOT EXISTS (SELECT 1 FROM system_messages m WHERE m.uid = u.id AND m.title = $1)`,
    [WELCOME_MESSAGE.title, WELCOME_MESSAGE.content, DEMO_ACCOUNT.userName],
  );
}
