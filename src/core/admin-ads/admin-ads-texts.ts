/** The operator console's words for ads (广告). */
export const ConsoleAdTexts = {
  page: '广告',
  /** By the ad lists' names. */
  positions: { kaiping: '开屏', zanting: '暂停', chaBo: '插播', danmu: '弹幕' },
  notFound: '广告不存在',
  badSchedule: '结束时间须晚于开始时间',
  linkInvalid: '链接须以 http://、https:// 或 / 开头',
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
  create: '新建广告',
  created: '已新建',
  appPage: '应用内页面',
  noAppPage: '不跳转',
  pickPicture: '上传图片',
  changePicture: '更换图片',
  pictureHint: {
    kaiping: '开屏图：竖版 9:16，裁切为 1080×1920',
    zanting: '暂停图：横版 16:9，裁切为 1280×720',
    chaBo: '插播图：横版 16:9，裁切为 1280×720',
    danmu: '弹幕图：方形，裁切为 240×240',
  },
  pictureRequired: '请先上传图片',
  pictureInvalid: '图片格式不支持（只支持 JPG、PNG、WebP）',
  pictureTooLarge: '图片不能超过10MB',
  pictureNotOurs: '图片须在此上传',
  /** The in-app pages an ad may lead to, by path. */
  appPages: {
    '/openVip': '开通VIP',
    '/vip': 'VIP会员',
    '/rank': '排行榜',
    '/invitation': '邀请好友',
    '/myGold': '我的金币',
    '/app-download': '下载APP',
  } as Readonly<Record<string, string>>,
} as const;

/** Limits of an ad's fields in the console (the texts above quote them). */
export const ConsoleAdLimits = {
  maxTitle: 60,
  maxLink: 500,
  /** Largest picture an operator may upload. */
  maxPictureBytes: 10 * 1024 * 1024,
} as const;

/** What each list's picture is cropped to (the app then asks /media for its display size). */
export const AD_PICTURE_SIZES = {
  kaiping: { width: 1080, height: 1920 },
  zanting: { width: 1280, height: 720 },
  chaBo: { width: 1280, height: 720 },
  danmu: { width: 240, height: 240 },
} as const;
