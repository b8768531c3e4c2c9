export const GoldTexts = {
  unlock: '立即解锁',
  unlocking: '解锁中…',
  loginToUnlock: '登录后解锁',
  earn: '去赚金币',
  myGold: '我的金币',
  empty: '还没有金币记录',
  unlockFailed: '解锁失败，请稍后再试',
  signIn: '每日签到',
  unlockVideo: '解锁视频',
  grant: '系统赠送',
  other: '金币变动',
} as const;
