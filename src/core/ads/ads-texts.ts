export const PlayAdTexts = {
  skip: '跳过广告',
  vipFree: '会员免广告',
  adBadge: '广告',
  close: '关闭广告',
} as const;
