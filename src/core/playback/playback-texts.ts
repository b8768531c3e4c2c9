import type { BarrageMode, BarrageTextSize } from './barrage-style.ts';

/** A /regex/ keyword's limits (beside the texts that quote them; the protocol, the rules and the server read them from here). */
export const RegexKeywordLimits = {
  /** The whole keyword, slashes included. */
  maxLength: 50,
  /**
   * Quantifiers that repeat (*, +, {n,}, {n,m} with m > 1) in one pattern: consecutive ones over the same letters
   * split a text in C(n, k) ways (\d+\d+\d+\d+\d+\d+x takes seconds on 50 digits; three take under a millisecond).
   */
  maxRepeats: 3,
} as const;

/** What the play screens say. */
export const PlayTexts = {
  mobileData: '当前为移动网络，播放将消耗流量',
  continuePlaying: '继续播放',
  live: '直播',
  playFailed: '视频加载失败',
  retry: '点击重试',
  loadFailed: '加载失败',
  skipIntro: '跳过片头片尾',
  autoNext: '自动连播',
  moreFun: '更多功能',
  episodes: '选集',
  more: '更多',
  intro: '简介',
  related: '相关推荐',
  nextEpisode: '即将播放下一集',
  skippedIntro: '已为您跳过片头',
} as const;

export const PlayerControlsTexts = {
  speed: '倍速',
  quality: '清晰度',
  auto: '自动',
  holdHint: '2× 倍速播放中',
  volume: '音量',
} as const;

export const BarrageTexts = {
  contentEmpty: '请输入弹幕内容',
  contentTooLong: '弹幕最多50个字',
  contentInvalid: '弹幕不能包含换行等特殊字符',
} as const;

export const RegexKeywordTexts = {
  tooLong: `正则表达式不能超过${RegexKeywordLimits.maxLength}个字符`,
  empty: '正则表达式不能为空',
  invalid: '正则表达式格式不正确',
  unsafe: '正则表达式含嵌套重复或重复的分支，可能导致卡顿，请简化后再试',
  backReference: '正则表达式不支持反向引用',
  tooManyRepeats: `正则表达式最多含${RegexKeywordLimits.maxRepeats}处重复（* + {n,}），请简化后再试`,
} as const;

export const PlaybackPageTexts = {
  missingVideo: '缺少视频参数',
  watchingMine: '继续观看',
  watchingEveryone: '大家在看',
  watchingEmpty: '还没有人在看',
  play: '立即播放',
  episodes: '选集',
  description: '简介',
  download: '下载',
  downloadHls: '该视频为流媒体格式，需在奇遇视频 App 内缓存观看',
  downloadApp: '下载 App',
  downloadLocked: '需金币解锁后才能下载',
  unlock: '去解锁',
  downloadFailed: '获取下载地址失败',
  live: '直播频道不支持下载',
} as const;

export const BarrageStyleTexts = {
  colorUnknown: '不支持的弹幕颜色',
  colorVipOnly: '该颜色为VIP会员专属，开通VIP后即可使用',
  mode: '弹幕模式不正确',
  size: '弹幕字号不正确',
  modes: { scroll: '滚动', top: '顶部', bottom: '底部' } satisfies Record<BarrageMode, string>,
  sizes: { small: '小', normal: '标准' } satisfies Record<BarrageTextSize, string>,
} as const;
