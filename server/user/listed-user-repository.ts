import type { ListedUser } from '../../src/core/shared-kernel/listed-user.ts';
import type { Queryable } from '../db/database.ts';

/** A user as follow/block lists, the chat partner and GetUserRelation show them (the type the app reads too). */
export type { ListedUser } from '../../src/core/shared-kernel/listed-user.ts';

export interface ListedUserRow {
  id: number;
  nick_name: string;
  avatar: string;
  vip_level: number;
  big_v: boolean;
  kefu: boolean;
  introduce: string;
  focus: boolean;
  blacklisted: boolean;
  blocked_me: boolean;
}

/** SQL: is `uidExpr` a customer-service account (vip_customer_service)? */
export const isKefuSql = (uidExpr: string): string => `EXISTS (SELECT 1 FROM vip_customer_service k WHERE k.user_id = ${uidExpr})`;

/**
 * The select list of a ListedUser for `users u` (joined to `user_profiles p`), seen by the viewer whose id is
 * the SQL expression `viewer` (0 for a visitor) at the time `now` (an expired VIP reads level 0).
 */
export function listedUserSelect(viewer: string, now: string): string {
  return `u.id, u.nick_name, u.avatar,
    CASE WHEN u.vip_level > 0 AND u.vip_expire IS NOT NULL AND u.vip_expire > ${now} THEN u.vip_level ELSE 0 END AS vip_level,
    coalesce(p.big_v, false) AS big_v,
    ${isKefuSql('u.id')} AS kefu,
    coalesce(nullif(u.introduction, ''), p.introduce, '') AS introduce,
    EXISTS (SELECT 1 FROM user_follows f WHERE f.follower_uid = ${viewer} AND f.followed_uid = u.id) AS focus,
    EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = ${viewer} AND b.blocked_uid = u.id) AS blacklisted,
    EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = u.id AND b.blocked_uid = ${viewer}) AS blocked_me`;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function toListedUser(row: ListedUserRow): ListedUser {
  return {
    userId: row.id,
    nickName: row.nick_name,
    avatar: row.avatar,
    vipLevel: Number(row.vip_level),
    bigV: row.big_v,
    kefu: row.kefu,
    introduce: row.introduce,
    focusStatus: flag(row.focus),
    isBlackList: flag(row.blacklisted),
    blockedMe: flag(row.blocked_me),
  };
}

/** The users of `uids` as the viewer sees them, in a map by id; unknown ids are missing. */
export async function listedUsers(db: Queryable, viewer: number, uids: readonly number[], now: Date): Promise<Map<number, ListedUser>> {
  const result = new Map<number, ListedUser>();
  if (uids.length === 0) return result;
  const rows = await db.query<ListedUserRow>(
    `SELECT ${listedUserSelect('$1', '$3')} FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id WHERE u.id = ANY($2::int[])`,
    [viewer, [...new Set(uids)], now],
  );
  for (const row of rows) result.set(row.id, toListedUser(row));
  return result;
}

/** One user as the viewer sees them (viewer 0: a visitor, every flag 0), or null when there is no such user. */
export async function findListedUser(db: Queryable, viewer: number, uid: number, now: Date): Promise<ListedUser | null> {
  return (await listedUsers(db, viewer, [uid], now)).get(uid) ?? null;
}
