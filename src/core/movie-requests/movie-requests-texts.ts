/** A movie request's limits (beside the texts that quote them; the protocol, the rules and the server read them from here). */
export const MovieRequestLimits = {
  /** A title has 1 to 30 characters once trimmed (code points). */
  maxTitle: 30,
  /** A note has at most 100 characters. */
  maxNote: 100,
  minYear: 1900,
  maxYear: 2100,
  /** New requests a user may file per day (China time); joining an open one does not count. */
  perDay: 5,
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 1000,
} as const;

export const MovieRequestTexts = {
  Filed: '求片成功，上线后会通知你',
  Merged: '已有相同求片，已为你+1',
  AlreadyWanted: '你已经求过这部片了',
  Exists: '片库已有这部片，快去看看吧',
  DayLimit: `今日求片次数已用完（每天${MovieRequestLimits.perDay}次）`,
  NotFound: '求片不存在或已处理',
  Wanted: '同求成功',
  TitleInvalid: '请输入正确的片名',
  TitleLong: `片名最多${MovieRequestLimits.maxTitle}个字`,
  NoteLong: `备注最多${MovieRequestLimits.maxNote}个字`,
  YearInvalid: `年份为${MovieRequestLimits.minYear}-${MovieRequestLimits.maxYear}`,
  KindInvalid: '请选择正确的类型',
  TooFrequent: '操作太频繁，请稍后再试',
} as const;

export const SeekingMoviesTexts = {
  title: '求片',
  formTitle: '我要求片',
  titleLabel: '片名',
  titlePlaceholder: '请输入片名（必填）',
  yearLabel: '年份',
  yearPlaceholder: '选填，如2019',
  kindLabel: '类型',
  noteLabel: '备注',
  notePlaceholder: '选填，如导演、主演、想看的版本',
  submit: '提交求片',
  submitting: '提交中…',
  hot: '热门求片',
  mine: '我的求片',
  hotEmpty: '还没有人求片，快来第一个求片吧',
  mineEmpty: '你还没有求过片',
  want: '同求',
  wanted: '已同求',
  own: '我发起的',
  watch: '去观看',
} as const;
