import type { SystemMessage } from '../../src/core/messaging/messaging-protocol.ts';
import type { Queryable } from '../db/database.ts';

/** A system message as the API answers it (the protocol's). */
export type SystemMessageView = SystemMessage;

interface SystemMessageRow {
  id: number;
  title: string;
  content: string;
  created_at: Date;
  read_at: Date | null;
}

const toView = (row: SystemMessageRow): SystemMessageView => ({
  id: row.id,
  title: row.title,
  content: row.content,
  createdAt: row.created_at.getTime(),
  read: row.read_at !== null,
});

/** The user's system messages, newest first. */
export async function systemMessagePage(db: Queryable, uid: number, page: number, pageSize: number): Promise<{ list: SystemMessageView[]; total: number }> {
  const rows = await db.query<SystemMessageRow>(
    `SELECT id, title, content, created_at, read_at FROM system_messages WHERE uid = $1
     ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [uid, pageSize, (page - 1) * pageSize],
  );
  const counted = await db.query<{ total: number }>('SELECT count(*) AS total FROM system_messages WHERE uid = $1', [uid]);
  return { list: rows.map(toView), total: Number(counted[0]?.total ?? 0) };
}

/** One of the user's system messages, marked read (undefined when missing or someone else's). */
export async function readSystemMessage(db: Queryable, uid: number, id: number, now: Date): Promise<SystemMessageView | undefined> {
  const rows = await db.query<SystemMessageRow>(
    `UPDATE system_messages SET read_at = coalesce(read_at, $3) WHERE id = $1 AND uid = $2
     RETURNING id, title, content, created_at, read_at`,
    [id, uid, now],
  );
  return rows[0] === undefined ? undefined : toView(rows[0]);
}

export async function latestSystemMessage(db: Queryable, uid: number): Promise<{ title: string; createdAt: number } | null> {
  const rows = await db.query<{ title: string; created_at: Date }>(
    'SELECT title, created_at FROM system_messages WHERE uid = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [uid],
  );
  return rows[0] === undefined ? null : { title: rows[0].title, createdAt: rows[0].created_at.getTime() };
}

/** Follows of uid created after `since`. */
export async function newFollowerCount(db: Queryable, uid: number, since: Date): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*) AS count FROM user_follows WHERE followed_uid = $1 AND created_at > $2', [uid, since]);
  return Number(rows[0]?.count ?? 0);
}
