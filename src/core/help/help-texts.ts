export const HelpTexts = {
  center: '帮助中心',
  loading: '正在加载',
  onlineFeedback: '在线反馈',
  empty: '暂无帮助内容',
  articleMissing: '帮助内容不存在',
  loadFailed: '加载失败',
  retry: '重新加载',
} as const;

export const FramePageTexts = {
  /** The bar's title when the link gave none. */
  defaultTitle: '详情',
  unavailable: '该页面无法在应用内打开',
} as const;
