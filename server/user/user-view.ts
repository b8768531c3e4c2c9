import { levelFor } from '../../src/core/shared-kernel/levels.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import type { SessionToken } from '../auth/sessions.ts';
import { formatDate } from '../clock.ts';
import type { UserRecord } from './user-repository.ts';

export interface UserViewExtras {
  newWorks?: boolean;
  totalMsgCount?: number;
}

/** A VIP whose time ran out is shown as level 0 without an expiry date. */
export function toUserView(user: UserRecord, token: SessionToken, nowMs: number, extras: UserViewExtras = {}): UserAnswer {
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
    gender: user.gender === 0 || user.gender === 1 ? user.gender : null,
    introduction: user.introduction,
    level: levelFor(user.experience),
    experience: user.experience,
    gold: user.gold,
    newWorks: extras.newWorks ?? false,
    totalMsgCount: extras.totalMsgCount ?? 0,
    token,
  };
}
