import {
  InteractionKind,
  InteractionsCalls,
  InteractionsLimits,
  type InteractionActor,
  type InteractionTarget,
  type InteractionUnread,
  type LikeGroup,
  type LikedKind,
  type ReceivedReply,
  type ReplyKind,
} from '../../src/core/interactions/interactions-protocol.ts';
import { fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** One like someone gave one of the recipient's comments or barrages. */
interface FakeLike {
  /** Whose comment or barrage. */
  recipient: number;
  kind: LikedKind;
  id: number;
  content: string;
  liker: InteractionActor;
  time: number;
  target: InteractionTarget;
}

/** One comment concerning the recipient. */
interface FakeReply {
  recipient: number;
  kind: ReplyKind;
  id: number;
  author: InteractionActor;
  content: string;
  original: string;
  time: number;
  target: InteractionTarget;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeInteractionsState {
  /** Every like received, in any order (one's own likes are not the imitation's to filter: leave them out). */
  readonly likes: FakeLike[];
  readonly replies: FakeReply[];
  /** `${uid}:${kind}` → read up to (Unix ms). */
  readonly reads: Map<string, number>;
}

export interface FakeInteractionsApiOptions {
  caller: (call: FakeHttpCall) => number | null;
  now?: () => number;
}

/**
 * An in-memory imitation of the reference server's 收到的赞 and 评论和回复 calls (interactions-protocol.ts): likes grouped
 * per liked thing, newest first, read markers per user and kind (test/contract/interactions-protocol.test.ts runs one
 * suite against it and the server).
 */
export function installFakeInteractionsApi(http: FakeHttp, options: FakeInteractionsApiOptions): FakeInteractionsState {
  const state: FakeInteractionsState = { likes: [], replies: [], reads: new Map() };
  const now = options.now ?? (() => Date.now());
  const readAt = (uid: number, kind: InteractionKind): number => state.reads.get(`${uid}:${kind}`) ?? -Infinity;

  const { serve } = fakeApi(http, { caller: options.caller });

  const groupsOf = (uid: number): LikeGroup[] => {
    const groups = new Map<string, FakeLike[]>();
    for (const like of state.likes.filter((l) => l.recipient === uid)) {
      const key = `${like.kind}:${like.id}`;
      groups.set(key, [...(groups.get(key) ?? []), like]);
    }
    const read = readAt(uid, InteractionKind.Like);
    return [...groups.values()]
      .map((likes): LikeGroup => {
        const newest = [...likes].sort((a, b) => b.time - a.time || b.liker.uid - a.liker.uid);
        const first = newest[0] as FakeLike;
        return {
          kind: first.kind,
          id: first.id,
          content: first.content,
          likerCount: likes.length,
          latestLikers: newest.slice(0, InteractionsLimits.latestLikers).map((like) => like.liker),
          time: first.time,
          unread: first.time > read,
          target: first.target,
        };
      })
      .sort((a, b) => b.time - a.time || a.kind.localeCompare(b.kind) || b.id - a.id);
  };

  const repliesOf = (uid: number): ReceivedReply[] => {
    const read = readAt(uid, InteractionKind.Reply);
    return state.replies
      .filter((reply) => reply.recipient === uid)
      .sort((a, b) => b.time - a.time || b.id - a.id)
      .map(({ recipient: _recipient, ...reply }) => ({ ...reply, unread: reply.time > read }));
  };

  const unread = (uid: number): InteractionUnread => ({
    likes: state.likes.filter((like) => like.recipient === uid && like.time > readAt(uid, InteractionKind.Like)).length,
    replies: state.replies.filter((reply) => reply.recipient === uid && reply.time > readAt(uid, InteractionKind.Reply)).length,
  });

  const paged = <T>(all: T[], page: number, pageSize: number) => ({ list: all.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: all.length });

  serve(InteractionsCalls.likes, 'required', ({ page, pageSize }, uid) => ok(paged(groupsOf(uid), page, pageSize)));
  serve(InteractionsCalls.replies, 'required', ({ page, pageSize }, uid) => ok(paged(repliesOf(uid), page, pageSize)));
  serve(InteractionsCalls.unread, 'required', (_input, uid) => ok(unread(uid)));
  serve(InteractionsCalls.markRead, 'required', ({ kind }, uid) => {
    const key = `${uid}:${kind === InteractionKind.Reply ? InteractionKind.Reply : InteractionKind.Like}`;
    state.reads.set(key, Math.max(state.reads.get(key) ?? -Infinity, now()));
    return ok(unread(uid));
  });
  return state;
}
