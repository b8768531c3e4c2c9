import { fieldsOf, flagOf, textOf } from '../request/answer-values.ts';
/** Flags of a listed user (focusStatus, isBlackList, blockedMe): 1 yes, 0 no. */
export const Flag = { No: 0, Yes: 1 } as const;
export type Flag = (typeof Flag)[keyof typeof Flag];

/** A user in follow/block lists, the chat partner and GetUserRelation, as seen by the caller. */
export interface ListedUser {
  userId: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  bigV: boolean;
  kefu: boolean;
  introduce: string;
  /** 1 when I follow them. */
  focusStatus: Flag;
  /** 1 when I blocked them. */
  isBlackList: Flag;
  /** 1 when they blocked me. */
  blockedMe: Flag;
}

const flag = (value: unknown): Flag => (flagOf(value) ? Flag.Yes : Flag.No);

/** Reads a listed user; the id may come as userId, uid or id (spec: "userId or another id key"). Null without a usable id. */
export function parseListedUser(value: unknown): ListedUser | null {
  const raw = fieldsOf(value);
  const userId = Number(raw.userId ?? raw.uid ?? raw.id);
  if (!Number.isInteger(userId) || userId <= 0) return null;
  const vipLevel = Number(raw.vipLevel);
  return {
    userId,
    nickName: textOf(raw.nickName),
    avatar: textOf(raw.avatar),
    vipLevel: Number.isFinite(vipLevel) && vipLevel > 0 ? Math.floor(vipLevel) : 0,
    bigV: flagOf(raw.bigV),
    kefu: flagOf(raw.kefu),
    introduce: textOf(raw.introduce),
    // The spec names the follow flag focusStatus or focus.
    focusStatus: flag(raw.focusStatus ?? raw.focus),
    isBlackList: flag(raw.isBlackList),
    blockedMe: flag(raw.blockedMe),
  };
}

export interface UserPage {
  list: ListedUser[];
  total: number;
}

/** Reads `{ list, total }`; unreadable rows are left out. */
export function parseUserPage(value: unknown): UserPage {
  const raw = fieldsOf(value);
  const list = (Array.isArray(raw.list) ? raw.list : []).map(parseListedUser).filter((user): user is ListedUser => user !== null);
  const total = Number(raw.total);
  return { list, total: Number.isInteger(total) && total >= 0 ? total : list.length };
}
