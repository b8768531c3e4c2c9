import type { Queryable } from '../db/database.ts';
import { mentionedNicknames } from '../../src/core/interactions/interaction-rules.ts';
import { insertMentions } from './interactions-repository.ts';

/**
 * Records whom a newly posted comment mentions (@昵称): each nickname that exactly one user has (a shared nickname
 * names no one for sure), never the author. Called by the comment feature inside the posting transaction.
 */
export async function recordMentions(tx: Queryable, comment: { id: number; authorUid: number; content: string }): Promise<void> {
  const names = mentionedNicknames(comment.content);
  if (names.length === 0) return;
  await insertMentions(tx, comment.id, names, comment.authorUid);
}
