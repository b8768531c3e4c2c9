import { check, object, optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
/** Flags of a listed user (focusStatus, isBlackList, blockedMe): 1 yes, 0 no. */
export const Flag = { No: 0, Yes: 1 } as const;
export type Flag = (typeof Flag)[keyof typeof Flag];

const flagOf = (value: unknown): Flag => (wire.flagOf(value) ? Flag.Yes : Flag.No);
const flag = wire.lenientAnswer(flagOf);

/**
 * A user in follow/block lists, the chat partner and GetUserRelation, as seen by the caller: focusStatus 1 when I
 * follow them, isBlackList 1 when I blocked them, blockedMe 1 when they blocked me. The id may come as userId, uid or
 * id (spec: "userId or another id key"), the follow flag as focusStatus or focus; without a usable id it is
 * unreadable (left out of a list).
 */
export const listedUser = pipe(
  object({
    userId: optional(unknown()),
    uid: optional(unknown()),
    id: optional(unknown()),
    nickName: wire.text,
    avatar: wire.text,
    vipLevel: wire.wholeAtLeast(0),
    bigV: wire.flag,
    kefu: wire.flag,
    introduce: wire.text,
    focusStatus: optional(unknown()),
    focus: optional(unknown()),
    isBlackList: flag,
    blockedMe: flag,
  }),
  transform(({ userId, uid, id, focusStatus, focus, ...user }) => ({ userId: wire.idOf(userId ?? uid ?? id), ...user, focusStatus: flagOf(focusStatus ?? focus) })),
  check((user) => user.userId !== null, 'no user id'),
  transform((user) => ({ ...user, userId: user.userId as number })),
);

export type ListedUser = InferOutput<typeof listedUser>;

/** A page of listed users (unreadable rows left out); its total the list's length when the answer gives none. */
export const userPage = pipe(
  object({ list: wire.items(listedUser), total: optional(unknown()) }),
  transform(({ list, total }) => {
    const given = Number(total);
    return { list, total: Number.isInteger(given) && given >= 0 ? given : list.length };
  }),
);

export type UserPage = InferOutput<typeof userPage>;
