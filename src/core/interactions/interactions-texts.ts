export const InteractionTexts = {
  likesTitle: '收到的赞',
  repliesTitle: '评论和回复',
  noLikes: '暂无收到的赞',
  noReplies: '暂无评论和回复',
  reply: '回复',
} as const;
