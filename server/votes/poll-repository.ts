import type { Poll, PollOption, PollPage, PollSummary, PollTarget } from '../../src/core/votes/votes-protocol.ts';
import type { Queryable } from '../db/database.ts';

/** What a poll may be attached to, as found: its row id and owner (null: a catalogue video nobody uploaded). */
export interface TargetRow {
  /** posts.id or videos.id. */
  id: number;
  ownerId: number | null;
}

/** A poll's own row, as VoteLike, EndVote and DelVote check it. */
export interface PollRow {
  id: number;
  owner_id: number;
  multiple: boolean;
  ends_at: Date;
  option_count: number;
}

const TARGET_ID = `CASE WHEN p.post_id IS NOT NULL THEN p.post_id::text ELSE (SELECT media_key FROM videos WHERE id = p.video_id) END`;

export async function findTarget(db: Queryable, type: PollTarget, targetId: string): Promise<TargetRow | undefined> {
  if (type === 'post') {
    if (!/^[1-9]\d{0,9}$/.test(targetId) || Number(targetId) > 2_147_483_647) return undefined;
    const rows = await db.query<{ id: number; user_id: number }>('SELECT id, user_id FROM posts WHERE id = $1', [Number(targetId)]);
    return rows[0] && { id: rows[0].id, ownerId: rows[0].user_id };
  }
  const rows = await db.query<{ id: number; uploader_uid: number | null }>('SELECT id, uploader_uid FROM videos WHERE media_key = $1', [targetId]);
  return rows[0] && { id: rows[0].id, ownerId: rows[0].uploader_uid };
}

/**
 * Inserts a poll with its options on the target, in one transaction; null when the target has a poll already (the
 * unique index decides, so two parallel creations make one).
 */
export async function insertPoll(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  poll: { ownerId: number; type: PollTarget; targetRowId: number; question: string; options: readonly string[]; multiple: boolean; endsAt: Date; at: Date },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO polls (owner_id, post_id, video_id, question, multiple, ends_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING RETURNING id`,
      [poll.ownerId, poll.type === 'post' ? poll.targetRowId : null, poll.type === 'video' ? poll.targetRowId : null, poll.question, poll.multiple, poll.endsAt, poll.at],
    );
    const id = rows[0]?.id;
    if (id === undefined) return null;
    for (const [index, text] of poll.options.entries()) {
      await tx.query('INSERT INTO poll_options (poll_id, position, text) VALUES ($1, $2, $3)', [id, index + 1, text]);
    }
    return id;
  });
}

export async function findPollRow(db: Queryable, id: number): Promise<PollRow | undefined> {
  const rows = await db.query<PollRow>(
    'SELECT p.id, p.owner_id, p.multiple, p.ends_at, (SELECT count(*)::int FROM poll_options o WHERE o.poll_id = p.id) AS option_count FROM polls p WHERE p.id = $1',
    [id],
  );
  return rows[0];
}

/** The poll of a post or video, if any. */
export async function findPollIdOf(db: Queryable, type: PollTarget, targetRowId: number): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM polls WHERE ${type === 'post' ? 'post_id' : 'video_id'} = $1`, [targetRowId]);
  return rows[0]?.id;
}

/**
 * Casts the user's ballot while the poll is open: true when this call cast it, false when the user had voted already
 * or the poll ended (or is gone) meanwhile. The primary key (poll, user) makes parallel calls cast one.
 */
export async function castBallot(db: Queryable, pollId: number, userId: number, options: readonly number[], at: Date): Promise<boolean> {
  const rows = await db.query<{ poll_id: number }>(
    `INSERT INTO poll_ballots (poll_id, user_id, options, created_at)
     SELECT id, $2, $3::smallint[], $4 FROM polls WHERE id = $1 AND ends_at > $4
     ON CONFLICT DO NOTHING RETURNING poll_id`,
    [pollId, userId, options, at],
  );
  return rows.length > 0;
}

export async function hasVoted(db: Queryable, pollId: number, userId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM poll_ballots WHERE poll_id = $1 AND user_id = $2', [pollId, userId]);
  return rows.length > 0;
}

/** Ends the owner's open poll at `at`; false when it is not theirs, gone or already ended. */
export async function endPoll(db: Queryable, pollId: number, ownerId: number, at: Date): Promise<boolean> {
  const rows = await db.query('UPDATE polls SET ends_at = $3 WHERE id = $1 AND owner_id = $2 AND ends_at > $3 RETURNING id', [pollId, ownerId, at]);
  return rows.length > 0;
}

/** Deletes the owner's poll with its options and ballots; false when it is not theirs or gone. */
export async function deletePoll(db: Queryable, pollId: number, ownerId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM polls WHERE id = $1 AND owner_id = $2 RETURNING id', [pollId, ownerId]);
  return rows.length > 0;
}

interface PollViewRow {
  id: number;
  owner_id: number;
  is_post: boolean;
  target_id: string;
  question: string;
  multiple: boolean;
  ends_at: Date;
  voters: number;
  mine: number[] | null;
}

/**
 * The poll as `viewerId` (null: a visitor) sees it at `now`: the counts only once the viewer voted, the poll ended,
 * or to its owner.
 */
export async function pollView(db: Queryable, pollId: number, viewerId: number | null, now: Date): Promise<Poll | undefined> {
  const rows = await db.query<PollViewRow>(
    `SELECT p.id, p.owner_id, p.post_id IS NOT NULL AS is_post, ${TARGET_ID} AS target_id, p.question, p.multiple, p.ends_at,
       (SELECT count(*)::int FROM poll_ballots b WHERE b.poll_id = p.id) AS voters,
       (SELECT b.options FROM poll_ballots b WHERE b.poll_id = p.id AND b.user_id = $2) AS mine
     FROM polls p WHERE p.id = $1`,
    [pollId, viewerId ?? 0],
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  const options = await db.query<{ position: number; text: string; count: number }>(
    `SELECT o.position, o.text, (SELECT count(*)::int FROM poll_ballots b WHERE b.poll_id = o.poll_id AND o.position = ANY(b.options)) AS count
     FROM poll_options o WHERE o.poll_id = $1 ORDER BY o.position`,
    [pollId],
  );
  const myChoice = (row.mine ?? []).map(Number).sort((a, b) => a - b);
  const ended = row.ends_at.getTime() <= now.getTime();
  const visible = ended || myChoice.length > 0 || (viewerId !== null && viewerId === row.owner_id);
  return {
    id: row.id,
    targetType: row.is_post ? 'post' : 'video',
    targetId: row.target_id,
    ownerUid: row.owner_id,
    question: row.question,
    multiple: row.multiple,
    endTime: row.ends_at.getTime(),
    ended,
    voters: visible ? row.voters : null,
    options: options.map((option): PollOption => ({ id: option.position, text: option.text, count: visible ? option.count : null })),
    myChoice,
  };
}

interface SummaryRow {
  id: number;
  is_post: boolean;
  target_id: string;
  target_title: string | null;
  question: string;
  voters: number;
  ends_at: Date;
  created_at: Date;
  total: number;
}

/** The owner's polls, newest first, with what each is attached to. */
export async function ownPolls(db: Queryable, ownerId: number, page: number, pageSize: number, now: Date): Promise<PollPage> {
  const rows = await db.query<SummaryRow>(
    `SELECT p.id, p.post_id IS NOT NULL AS is_post, ${TARGET_ID} AS target_id,
       CASE WHEN p.post_id IS NOT NULL THEN (SELECT contxt FROM posts WHERE id = p.post_id) ELSE (SELECT title FROM videos WHERE id = p.video_id) END AS target_title,
       p.question, p.ends_at, p.created_at,
       (SELECT count(*)::int FROM poll_ballots b WHERE b.poll_id = p.id) AS voters,
       count(*) OVER ()::int AS total
     FROM polls p WHERE p.owner_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT $2 OFFSET $3`,
    [ownerId, pageSize, (page - 1) * pageSize],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const counted = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM polls WHERE owner_id = $1', [ownerId]);
    total = counted[0]?.n ?? 0;
  }
  const list = rows.map(
    (row): PollSummary => ({
      id: row.id,
      targetType: row.is_post ? 'post' : 'video',
      targetId: row.target_id,
      targetTitle: row.target_title ?? '',
      question: row.question,
      voters: row.voters,
      ended: row.ends_at.getTime() <= now.getTime(),
      endTime: row.ends_at.getTime(),
      createdTime: row.created_at.getTime(),
    }),
  );
  return { list, page, pageSize, total };
}
