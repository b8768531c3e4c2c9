export const TasksTexts = {
  NotFinished: '任务尚未完成',
  AlreadyClaimed: '奖励已领取',
  Claimed: '领取成功',
  BadOffset: '时区参数错误',
} as const;

export const TaskTexts = {
  taskCenter: '任务中心',
  newHandTask: '新手任务',
  myLevel: '我的等级',
  daily: '每日任务',
  dailyReset: '每日任务在你所在时区的0点重置',
  newbieNote: '新手任务每项只能领取一次',
  go: '去完成',
  claim: '领取',
  claiming: '领取中…',
  claimed: '已领取',
  loadFailed: '加载失败，点击重试',
  loading: '正在加载',
  levels: '等级说明',
  ways: '如何获得经验',
} as const;
