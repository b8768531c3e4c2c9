/** The operator console's words for ads (广告). */
export const ConsoleAdTexts = {
  page: '广告',
  /** By the ad lists' names. */
  positions: { kaiping: '开屏', zanting: '暂停', chaBo: '插播', danmu: '弹幕' },
  notFound: '广告不存在',
  badSchedule: '结束时间须晚于开始时间',
  linkInvalid: '链接须以 http:// 或 https:// 开头',
  titleLong: '标题最多60字',
  position: '位置',
  picture: '图片',
  title: '标题',
  link: '链接',
  schedule: '排期',
  always: '长期',
  views: '展示',
  tracks: '点击',
  enabled: '启用',
  edit: '编辑',
  save: '保存',
  saved: '已保存',
  allPositions: '全部位置',
} as const;

/** Limits of an ad's fields in the console (the texts above quote them). */
export const ConsoleAdLimits = {
  maxTitle: 60,
  maxLink: 500,
} as const;
