export const InvitationTexts = {
  CodeNotFound: '邀请码不存在',
  OwnCode: '不能填写自己的邀请码',
  AlreadyEntered: '已填写过邀请码',
  WindowClosed: '注册超过7天，无法填写邀请码',
  Circle: '不能填写你邀请的好友的邀请码',
  /** Too many entries from the account or its address (ret 1005). */
  TooManyAttempts: '尝试次数过多，请稍后再试',
  CodeMissing: '请输入邀请码',
  Entered: '填写成功，奖励已到账',
} as const;
