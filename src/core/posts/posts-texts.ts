export const PostsTexts = {
  NotFound: '动态不存在或已删除',
  NotOwned: '只能删除自己的动态',
} as const;
