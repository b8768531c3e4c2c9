export const HomeTexts = { recommend: '推荐', watching: '继续观看', more: '更多', search: '搜索片名', allChannels: '全部频道' } as const;
