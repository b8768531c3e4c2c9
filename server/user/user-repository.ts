import type { Queryable } from '../db/database.ts';

/** A row of the users table. */
export interface UserRecord {
  id: number;
  userName: string;
  passwordHash: string;
  nickName: string;
  avatar: string;
  vipLevel: number;
  vipCategoryId: number;
  vipTypeName: string;
  vipExpire: Date | null;
  email: string;
  phone: string;
  areaCode: string;
  /** Saved region code, or null when the user never chose one. */
  region: string | null;
  /** 0 female, 1 male, null not given. */
  gender: number | null;
  introduction: string;
  experience: number;
  gold: number;
  createdAt: Date;
}

export interface UserRow {
  id: number;
  user_name: string;
  password_hash: string;
  nick_name: string;
  avatar: string;
  vip_level: number;
  vip_category_id: number;
  vip_type_name: string;
  vip_expire: Date | null;
  email: string;
  phone: string;
  area_code: string;
  region: string | null;
  gender: number | null;
  introduction: string;
  experience: number;
  gold: number;
  created_at: Date;
}

/** Column list for `SELECT ${userColumns('u')} FROM users u`. */
export function userColumns(alias: string): string {
  return [
    'id', 'user_name', 'password_hash', 'nick_name', 'avatar', 'vip_level', 'vip_category_id', 'vip_type_name',
    'vip_expire', 'email', 'phone', 'area_code', 'region', 'gender', 'introduction',
    'experience', 'gold', 'created_at',
  ].map((column) => `${alias}.${column}`).join(', ');
}

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    userName: row.user_name,
    passwordHash: row.password_hash,
    nickName: row.nick_name,
    avatar: row.avatar,
    vipLevel: row.vip_level,
    vipCategoryId: row.vip_category_id,
    vipTypeName: row.vip_type_name,
    vipExpire: row.vip_expire,
    email: row.email,
    phone: row.phone,
    areaCode: row.area_code,
    region: row.region,
    gender: row.gender,
    introduction: row.introduction,
    experience: row.experience,
    gold: row.gold,
    createdAt: row.created_at,
  };
}

export async function findUserById(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${userColumns('u')} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] === undefined ? undefined : toUserRecord(rows[0]);
}

/** Case-insensitive lookup by account name. */
export async function findUserByName(db: Queryable, userName: string): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${userColumns('u')} FROM users u WHERE lower(u.user_name) = lower($1)`, [
    userName,
  ]);
  return rows[0] === undefined ? undefined : toUserRecord(rows[0]);
}

export interface NewUser {
  userName: string;
  passwordHash: string;
  nickName: string;
  region?: string | null;
}

/** Inserts an account; a taken name (any case) fails with a unique violation (see isUniqueViolation). */
export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users AS u (user_name, password_hash, nick_name, region) VALUES ($1, $2, $3, $4)
     RETURNING ${userColumns('u')}`,
    [user.userName, user.passwordHash, user.nickName, user.region ?? null],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO users returned no row');
  return toUserRecord(row);
}

/**
 * Whether a user the caller follows posted after the caller last listed the followed users' posts (and after the
 * caller began following them): the user's newWorks flag (the posts feature keeps the posts and when they were seen).
 */
export async function hasNewWorks(db: Queryable, uid: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM user_follows f JOIN posts p ON p.user_id = f.followed_uid
     WHERE f.follower_uid = $1
       AND p.created_at > f.created_at
       AND p.created_at > coalesce((SELECT s.seen_at FROM post_feed_seen s WHERE s.user_id = $1), '-infinity'::timestamptz)
     LIMIT 1`,
    [uid],
  );
  return rows.length > 0;
}
