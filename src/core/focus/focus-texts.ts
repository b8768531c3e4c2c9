export const MoreFocusTexts = {
  title: '更多关注',
  noFollows: '你还没有关注任何人',
  noFollowsHint: '关注喜欢的UP主，第一时间看到TA的新作品',
  suggested: '推荐关注',
  empty: '你关注的人还没有发布内容',
  postedVideo: '发布了视频',
  postedPost: '发布了动态',
} as const;
