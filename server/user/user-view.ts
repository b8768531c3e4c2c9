import { levelFor } from '../../src/core/account/level-rules.ts';
import type { SessionToken } from '../auth/sessions.ts';
import type { UserRecord } from './user-repository.ts';

/** The user object of the API (field names as the client expects them). */
export interface UserView {
  id: number;
  uid: number;
  userNameRaw: string;
  nickName: string;
  avatar: string;
  vipLevel: number;
  vipCategoryId: number;
  vipTypeName: string;
  /** VIP expiry as YYYY-MM-DD (China time), '' when not a VIP. */
  eDate: string;
  email: string;
  phone: string;
  AreaCode: string;
  /** Saved region code, '' when none. */
  region: string;
  /** 0 female, 1 male, null not given. */
  gender: number | null;
  introduction: string;
  /** 1 to 8, from experience. */
  level: number;
  experience: number;
  /** Gold coin balance. */
  gold: number;
  newWorks: boolean;
  totalMsgCount: number;
  token: SessionToken;
}

/** Dates are shown as the product's users see them: China Standard Time. */
const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function formatDate(date: Date): string {
  const parts = Object.fromEntries(dateFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts['year']}-${parts['month']}-${parts['day']}`;
}

export interface UserViewExtras {
  newWorks?: boolean;
  totalMsgCount?: number;
}

/** A VIP whose time ran out is shown as level 0 without an expiry date. */
export function toUserView(user: UserRecord, token: SessionToken, nowMs: number, extras: UserViewExtras = {}): UserView {
  const vipActive = user.vipLevel > 0 && user.vipExpire !== null && user.vipExpire.getTime() > nowMs;
  return {
    id: user.id,
    uid: user.id,
    userNameRaw: user.userName,
    nickName: user.nickName,
    avatar: user.avatar,
    vipLevel: vipActive ? user.vipLevel : 0,
    vipCategoryId: vipActive ? user.vipCategoryId : 0,
    vipTypeName: vipActive ? user.vipTypeName : '',
    eDate: vipActive && user.vipExpire !== null ? formatDate(user.vipExpire) : '',
    email: user.email,
    phone: user.phone,
    AreaCode: user.areaCode,
    region: user.region ?? '',
    gender: user.gender,
    introduction: user.introduction,
    level: levelFor(user.experience),
    experience: user.experience,
    gold: user.gold,
    newWorks: extras.newWorks ?? false,
    totalMsgCount: extras.totalMsgCount ?? 0,
    token,
  };
}
