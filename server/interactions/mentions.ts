import type { Queryable } from '../db/database.ts';
import { mentionedNicknames } from '../../src/core/interactions/interaction-rules.ts';

/**
 * Records whom a newly posted comment mentions (@昵称): each nickname that exactly one user has (a shared nickname
 * names no one for sure), never the author. Called by the comment feature inside the posting transaction.
 */
export async function recordMentions(tx: Queryable, comment: { id: number; authorUid: number; content: string }): Promise<void> {
  const names = mentionedNicknames(comment.content);
  if (names.length === 0) return;
  await tx.query(
    `INSERT INTO comment_mentions (comment_id, user_id)
     SELECT $1, min(u.id) FROM users u WHERE u.nick_name = ANY($2::text[]) GROUP BY u.nick_name
     HAVING count(*) = 1 AND min(u.id) <> $3
     ON CONFLICT DO NOTHING`,
    [comment.id, names, comment.authorUid],
  );
}
