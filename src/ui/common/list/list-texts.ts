/** Pull-to-refresh texts (spec: states — pull-to-refresh). */
export const PullTexts = { pulling: '下拉可以刷新', canRelease: '释放立即刷新', refreshing: '加载中...', complete: '刷新完成' } as const;
