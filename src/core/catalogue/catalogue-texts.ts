export const SearchTexts = { placeholder: '搜索视频', cancel: '取消', hint: '输入片名搜索', empty: '没有找到相关视频' } as const;
export const ChannelGridTexts = {
  title: '频道导航',
  channels: '全部频道',
  tags: '热门分类',
} as const;
