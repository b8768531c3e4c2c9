import { sqlStateOf, type Queryable } from '../db/database.ts';
import { isKefuSql } from '../user/listed-user-repository.ts';
import { MessageType, type ChatMessage } from '../../src/core/messaging/messaging-protocol.ts';

/** SQLSTATE foreign_key_violation: a message to a user that does not exist (any more). */
const FOREIGN_KEY_VIOLATION = '23503';

/** private_messages.type: the protocol's message types. */
export { MessageType };

/** A private message as HTTP answers and socket events carry it (avatar, nickname, kefu: the sender's). */
export type MessageView = ChatMessage;

interface MessageRow {
  id: number;
  from_uid: number;
  to_uid: number;
  type: number;
  content: string;
  created_at: Date;
  client_id: string | null;
  avatar: string;
  nick_name: string;
  kefu: boolean;
}

/** `SELECT ${MESSAGE_SELECT} WHERE …` (alias m for the message). */
const MESSAGE_SELECT = `m.id, m.from_uid, m.to_uid, m.type, m.content, m.created_at, m.client_id,
  s.avatar, s.nick_name, ${isKefuSql('m.from_uid')} AS kefu
  FROM private_messages m JOIN users s ON s.id = m.from_uid`;

function toView(row: MessageRow): MessageView {
  return {
    id: Number(row.id),
    fromUid: row.from_uid,
    toUid: row.to_uid,
    type: row.type,
    content: row.content,
    createdAt: row.created_at.getTime(),
    clientId: row.client_id,
    avatar: row.avatar,
    nickname: row.nick_name,
    kefu: row.kefu,
  };
}

async function select(db: Queryable, where: string, params: readonly unknown[], tail = ''): Promise<MessageView[]> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_SELECT} WHERE ${where} ${tail}`, params);
  return rows.map(toView);
}

async function findMessage(db: Queryable, id: number): Promise<MessageView | undefined> {
  return (await select(db, 'm.id = $1', [id]))[0];
}

export async function findByClientId(db: Queryable, fromUid: number, clientId: string): Promise<MessageView | undefined> {
  return (await select(db, 'm.from_uid = $1 AND m.client_id = $2', [fromUid, clientId]))[0];
}

export interface NewMessage {
  fromUid: number;
  toUid: number;
  type: number;
  content: string;
  clientId: string | null;
  createdAt: Date;
}

/** The sender as a message view shows it (MessageView's avatar, nickname and kefu). */
export interface MessageSender {
  avatar: string;
  nickname: string;
  kefu: boolean;
}

/**
 * Stores a message. With the sender's view at hand (SendMessage has it from the session check and its cache)
 * that is one statement: the INSERT, its answer built from what was stored. With a clientId already used by that
 * sender nothing is stored: `created` is false and the stored message is answered (the unique index makes
 * concurrent duplicates one message). Undefined: the recipient does not exist.
 */
export async function insertMessage(
  db: Queryable, message: NewMessage, sender?: MessageSender,
): Promise<{ message: MessageView; created: boolean } | undefined> {
  let rows: { id: number }[];
  try {
    rows = await db.query<{ id: number }>(
      `INSERT INTO private_messages (from_uid, to_uid, type, content, client_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (from_uid, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id`,
      [message.fromUid, message.toUid, message.type, message.content, message.clientId, message.createdAt],
    );
  } catch (error) {
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) return undefined;
    throw error;
  }
  const inserted = rows[0];
  if (inserted === undefined) {
    const stored = message.clientId !== null ? await findByClientId(db, message.fromUid, message.clientId) : undefined;
    return stored === undefined ? undefined : { message: stored, created: false };
  }
  const id = Number(inserted.id);
  if (sender === undefined) {
    const stored = await findMessage(db, id);
    if (stored === undefined) throw new Error('private message vanished after insert');
    return { message: stored, created: true };
  }
  const { fromUid, toUid, type, content, clientId, createdAt } = message;
  return { message: { id, fromUid, toUid, type, content, createdAt: createdAt.getTime(), clientId, ...sender }, created: true };
}

/**
 * Stores sends with a clientId in one statement, in the order given; a (sender, clientId) stored before, or twice in
 * the group, is stored once (the unique index). Answers the rows stored: id, sender and clientId. One bad row (a
 * recipient that does not exist) fails them all.
 */
export async function insertMessageGroup(
  db: Queryable,
  messages: readonly (NewMessage & { clientId: string })[],
): Promise<{ id: number; from_uid: number; client_id: string }[]> {
  return db.query<{ id: number; from_uid: number; client_id: string }>(
    `INSERT INTO private_messages (from_uid, to_uid, type, content, client_id, created_at)
     SELECT f, t, ty, c, ci, ca FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
       WITH ORDINALITY AS m(f, t, ty, c, ci, ca, n) ORDER BY n
     ON CONFLICT (from_uid, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id, from_uid, client_id`,
    [
      messages.map((m) => m.fromUid),
      messages.map((m) => m.toUid),
      messages.map((m) => m.type),
      messages.map((m) => m.content),
      messages.map((m) => m.clientId),
      messages.map((m) => m.createdAt.toISOString()),
    ],
  );
}

/** Marks delivered, in one statement, the messages each (uid, id) names that are messages to that uid. */
export async function markDeliveredBatch(db: Queryable, acks: readonly { uid: number; id: number; at: number }[]): Promise<void> {
  if (acks.length === 0) return;
  await db.query(
    `UPDATE private_messages m SET delivered_at = to_timestamp(a.ms / 1000.0)
     FROM unnest($1::int[], $2::bigint[], $3::float8[]) AS a(uid, id, ms)
     WHERE m.id = a.id AND m.to_uid = a.uid AND m.delivered_at IS NULL`,
    [acks.map((a) => a.uid), acks.map((a) => a.id), acks.map((a) => a.at)],
  );
}

const PAIR = '((m.from_uid = $1 AND m.to_uid = $2) OR (m.from_uid = $2 AND m.to_uid = $1))';

/** The conversation of uid and otherUid: the newest `pageSize` before `beforeId` (all when absent), ascending. */
export async function historyPage(
  db: Queryable, uid: number, otherUid: number, beforeId: number | undefined, pageSize: number,
): Promise<{ list: MessageView[]; hasMore: boolean }> {
  const rows = beforeId === undefined
    ? await select(db, PAIR, [uid, otherUid, pageSize + 1], 'ORDER BY m.id DESC LIMIT $3')
    : await select(db, `${PAIR} AND m.id < $3`, [uid, otherUid, beforeId, pageSize + 1], 'ORDER BY m.id DESC LIMIT $4');
  return { list: rows.slice(0, pageSize).reverse(), hasMore: rows.length > pageSize };
}

/** Messages to or from uid with an id above sinceId, ascending. */
export async function messagesSince(db: Queryable, uid: number, sinceId: number, limit: number): Promise<{ list: MessageView[]; hasMore: boolean }> {
  const rows = await select(db, '(m.to_uid = $1 OR m.from_uid = $1) AND m.id > $2', [uid, sinceId, limit + 1], 'ORDER BY m.id ASC LIMIT $3');
  return { list: rows.slice(0, limit), hasMore: rows.length > limit };
}

export interface ConversationRow {
  partner: number;
  lastId: number;
  unread: number;
}

/** The caller's conversations, newest (highest last message id) first, with the count of all of them. */
export async function conversationPage(
  db: Queryable, uid: number, page: number, pageSize: number,
): Promise<{ rows: ConversationRow[]; total: number; messages: Map<number, MessageView> }> {
  const rows = await db.query<{ partner: number; last_id: number; unread: number; total: number }>(
    `WITH mine AS (
       SELECT CASE WHEN m.from_uid = $1 THEN m.to_uid ELSE m.from_uid END AS partner, m.id, m.to_uid, m.read_at
       FROM private_messages m WHERE m.from_uid = $1 OR m.to_uid = $1
     ), convo AS (
       SELECT partner, max(id) AS last_id, count(*) FILTER (WHERE to_uid = $1 AND read_at IS NULL) AS unread
       FROM mine GROUP BY partner
     )
     SELECT partner, last_id, unread, count(*) OVER () AS total FROM convo ORDER BY last_id DESC LIMIT $2 OFFSET $3`,
    [uid, pageSize, (page - 1) * pageSize],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await db.query<{ total: number }>(
      `SELECT count(DISTINCT CASE WHEN from_uid = $1 THEN to_uid ELSE from_uid END) AS total
       FROM private_messages WHERE from_uid = $1 OR to_uid = $1`,
      [uid],
    );
    total = Number(counted[0]?.total ?? 0);
  }
  const ids = rows.map((row) => Number(row.last_id));
  const messages = new Map((ids.length === 0 ? [] : await select(db, 'm.id = ANY($1::bigint[])', [ids])).map((m) => [m.id, m]));
  return {
    rows: rows.map((row) => ({ partner: row.partner, lastId: Number(row.last_id), unread: Number(row.unread) })),
    total,
    messages,
  };
}

/** Private messages to uid not read yet. */
export async function privateUnreadCount(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count(*) AS count FROM private_messages WHERE to_uid = $1 AND read_at IS NULL', [uid]);
  return Number(rows[0]?.count ?? 0);
}

/** Marks read (and delivered) what fromUid sent to uid. */
export async function markConversationRead(db: Queryable, uid: number, fromUid: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE private_messages SET read_at = $3, delivered_at = coalesce(delivered_at, $3)
     WHERE to_uid = $1 AND from_uid = $2 AND read_at IS NULL`,
    [uid, fromUid, now],
  );
}

/** Sets delivered_at of those ids that are messages to uid (others are ignored). */
export async function markDelivered(db: Queryable, uid: number, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    'UPDATE private_messages SET delivered_at = $3 WHERE to_uid = $1 AND id = ANY($2::bigint[]) AND delivered_at IS NULL',
    [uid, ids, now],
  );
}

/** What SendMessage checks of these users (user-facts.ts): whether each is a kefu account, and whom each blocks. */
export async function userFactRows(db: Queryable, uids: readonly number[]): Promise<{ id: number; kefu: boolean; blocks: unknown[] | null }[]> {
  return db.query<{ id: number; kefu: boolean; blocks: unknown[] | null }>(
    `SELECT u.id, EXISTS (SELECT 1 FROM vip_customer_service k WHERE k.user_id = u.id) AS kefu,
       (SELECT array_agg(b.blocked_uid) FROM user_blocks b WHERE b.blocker_uid = u.id) AS blocks
     FROM users u WHERE u.id = ANY($1::int[])`,
    [uids],
  );
}

export async function userExists(db: Queryable, uid: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1', [uid]);
  return rows.length > 0;
}

/** Unread system messages of a user. */
export async function unreadMessageCount(db: Queryable, uid: number): Promise<number> {
  const rows = await db.query<{ count: string | number }>('SELECT count(*) AS count FROM system_messages WHERE uid = $1 AND read_at IS NULL', [uid]);
  return Number(rows[0]?.count ?? 0);
}
