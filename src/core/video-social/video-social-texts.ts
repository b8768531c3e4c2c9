import { VideoSocialProtocolLimits } from './video-social-protocol.ts';

export const VideoSocialTexts = {
  commentNotFound: '评论不存在',
  commentNotOwned: '只能删除自己的评论',
  commentTooFrequent: '评论太频繁，请稍后再试',
  replyTargetInvalid: '回复的用户不在该评论下',
  contentEmpty: '请输入评论内容',
  contentTooLong: `评论最多${VideoSocialProtocolLimits.contentMax}个字`,
  contentBadCharacters: '评论含有不支持的字符',
  starsInvalid: `评分为${VideoSocialProtocolLimits.minStars}-${VideoSocialProtocolLimits.maxStars}星`,
  posted: '评论成功',
  replied: '回复成功',
  deleted: '删除成功',
  rated: '评分成功',
  // Spec (the download page): the copied link.
  copied: '链接已复制',
  copyFailed: '复制失败',
  // The screen.
  comments: '评论',
  placeholder: '说点什么吧~',
  replyPrefix: '回复 @',
  send: '发送',
  reply: '回复',
  remove: '删除',
  removeTitle: '删除评论',
  removeMessage: '确定删除这条评论吗？删除后其回复也会一并删除。',
  confirm: '确定',
  cancel: '取消',
  noComments: '还没有评论，快来抢沙发吧~',
  collect: '收藏',
  collected: '已收藏',
  share: '分享',
  like: '点赞',
  dislike: '踩',
  score: '评分',
  ratingCount: '人评分',
  noRating: '暂无评分',
  sortNew: '最新',
  sortHot: '最热',
  loadFailed: '加载失败',
} as const;

export const CollectTexts = { collected: '收藏成功', uncollected: '已取消收藏' } as const;
export const CommentUiTexts = {
  sending: '发送中',
  cancelReply: '取消回复',
  loadingReplies: '加载中...',
  repliesFailed: '加载失败',
  firstPageFailed: '评论加载失败，点击重试',
} as const;
