import { BarrageStyleTexts } from '../../src/core/playback/playback-texts.ts';
import { AddressRet } from '../../src/core/vip/address-protocol.ts';
import { AccountSecurityRet } from '../../src/core/account-security/account-security-protocol.ts';
import { CaptchaRet } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../src/core/shared-kernel/captcha-texts.ts';
import { MovieRequestRet } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { PostsRet } from '../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../src/core/posts/posts-texts.ts';
import { UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { InvitationRet } from '../../src/core/invitation/invitation-protocol.ts';
import { VipRedeemRet } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { QrLoginRet } from '../../src/core/qr-login/qr-login-protocol.ts';
import { PollRet } from '../../src/core/votes/votes-protocol.ts';
import { TasksRet } from '../../src/core/tasks/tasks-protocol.ts';
import { ConsoleRet } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { ConsoleAdRet } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleMediaRet } from '../../src/core/admin-media/admin-media-protocol.ts';

/** Answer codes (`ret`) of the API. Every /api answer is `{ ret, msg, data }`. */
export const Ret = {
  Ok: 200,
  /** Session missing, expired, revoked or forged: the client clears the user and opens /login. */
  SessionInvalid: 201,
  NotFound: 404,
  /** The flood guard: too many /api requests from one address (HTTP 429, with Retry-After). */
  TooManyRequests: 429,
  Internal: 500,
  MissingParam: 1001,
  BadParam: 1002,
  UserNameTaken: 1003,
  BadCredentials: 1004,
  TooManyAttempts: 1005,
  UserNotFound: 1006,
  /** Login: this account had failures; send an image captcha (captchaId, captchaCode from GET /api/Captcha/Get). */
  CaptchaRequired: CaptchaRet.Required,
  /** A captcha wrong, already used or expired (the client fetches a new one). */
  CaptchaWrong: CaptchaRet.Wrong,
  /** IsMalaysia: the region is Malaysia (the client treats this error as "is Malaysian"). */
  MalaysiaRegion: 1010,
  /** Daily sign-in: the user already signed in today (China time). */
  AlreadySignedIn: 1050,
  /** Catalogue: no video with that media key. */
  VideoNotFound: 1030,
  /** Playback: a paid video the caller has not unlocked with gold (GetPlayAddress). */
  VideoLocked: 1031,
  /** Playback (1032-1039, server/playback). A play address whose token is forged, for another file or expired (HTTP 403). */
  PlayUrlInvalid: 1032,
  /** Media files: a Range header that cannot be satisfied (HTTP 416). */
  MediaRangeInvalid: 1033,
  /** AppDownload: the operator does not allow this video (or a live channel) to be downloaded. */
  DownloadNotAllowed: 1034,
  /** AdView: no ad with that id. */
  AdNotFound: 1070,
  /** VIP: no package on sale with that ProductID. */
  VipProductNotFound: 7001,
  /** VIP: the package is not in the category asked for. */
  VipProductNotInCategory: 7002,
  /** VIP sale closed in the region (the client shows the message in a dialog, then opens /user). */
  PurchaseBlocked: 7003,
  /** VIP: payType unknown or not offered for this category and region. */
  PayTypeUnavailable: 7004,
  /** VIP: a price param differs from the server's price (the client's price is never trusted). */
  PriceMismatch: 7005,
  /** VIP: the gift recipient (ToUID) does not exist. */
  RecipientNotFound: 7006,
  /** VIP order: no such order, or not the caller's. */
  OrderNotFound: 7007,
  /** VIP order: cancelled or expired, cannot be paid. */
  OrderClosed: 7008,
  /** VIP order: already paid (cannot be cancelled or declined). */
  OrderAlreadyPaid: 7009,
  /** VIP order: the IdempotencyKey was used for a different order. */
  IdempotencyKeyReused: 7010,
  /** VIP: a promotion code that the package does not offer. */
  PromotionInvalid: 7011,
  /** Payment callback: bad signature, stale timestamp or wrong amount. */
  PaymentCallbackRejected: 7012,
  /** GetCusService: no customer-service account for the region. */
  CustomerServiceUnavailable: 7013,
  /** Bargain: the package is not a bargain package. */
  NotBargainPackage: 7014,
  /** Bargain: the user already has a running bargain. */
  BargainAlreadyJoined: 7015,
  /** Bargain: no such bargain, or (GiveUp, ReceiveForFree, orders) not the caller's. */
  BargainNotFound: 7016,
  /** Bargain help: the owner cannot cut their own price, or the helper already cut it. */
  BargainHelpRefused: 7017,
  /** Bargain: abandoned, claimed, bought or expired. */
  BargainClosed: 7018,
  /** ReceiveForFree while the price is above 0 (or an order while it is 0). */
  BargainPriceNotZero: 7019,
  /** Share activity: none running, or no unused discount for the order. */
  ShareDiscountUnavailable: 7020,
  /** Redeem codes (7040-7045, server/vip-redeem; codes and texts from src/core/vip-redeem/vip-redeem-protocol.ts). */
  RedeemCodeNotFound: VipRedeemRet.NotFound,
  RedeemCodeUsed: VipRedeemRet.Used,
  RedeemCodeExpired: VipRedeemRet.Expired,
  RedeemTooManyTries: VipRedeemRet.TooManyTries,
  RedeemChoosePackage: VipRedeemRet.ChoosePackage,
  RedeemPackageNotAllowed: VipRedeemRet.PackageNotAllowed,
  ConsoleSignInRequired: ConsoleRet.SignInRequired,
  ConsoleWrongCredentials: ConsoleRet.WrongCredentials,
  ConsoleDisabled: ConsoleRet.Disabled,
  ConsoleForbidden: ConsoleRet.Forbidden,
  ConsoleBadOrigin: ConsoleRet.BadOrigin,
  ConsoleSessionNotFound: ConsoleRet.SessionNotFound,
  ConsoleNameTaken: ConsoleRet.NameTaken,
  ConsoleOperatorNotFound: ConsoleRet.OperatorNotFound,
  ConsoleNotYourself: ConsoleRet.NotYourself,
  ConsoleAdNotFound: ConsoleAdRet.NotFound,
  ConsoleAdBadSchedule: ConsoleAdRet.BadSchedule,
  ConsoleAdBadPicture: ConsoleAdRet.BadPicture,
  ConsoleAdPictureNotOurs: ConsoleAdRet.PictureNotOurs,
  ConsoleMediaNotFound: ConsoleMediaRet.NotFound,
  ConsoleMediaTooLarge: ConsoleMediaRet.TooLarge,
  ConsoleMediaQuotaFull: ConsoleMediaRet.QuotaFull,
  ConsoleMediaNotVideo: ConsoleMediaRet.NotVideo,
  ConsoleMediaChunkRefused: ConsoleMediaRet.ChunkRefused,
  ConsoleMediaIncomplete: ConsoleMediaRet.Incomplete,
  ConsoleMediaNotCancellable: ConsoleMediaRet.NotCancellable,
  ConsoleMediaNotRetryable: ConsoleMediaRet.NotRetryable,
  /** Gold (7030-7039, server/gold). PayVideoByGold: the balance is below the price (msg names the balance). */
  GoldInsufficient: 7030,
  /** PayVideoByGold: the video is free, there is nothing to unlock. */
  VideoNotForSale: 7031,
  /** Messaging (8001-8019, server/messaging). Chat: the sender has blocked the recipient. */
  YouBlockedRecipient: 8001,
  /** Chat: the recipient has blocked the sender. */
  RecipientBlockedYou: 8002,
  /** Chat: a message to oneself. */
  ChatWithSelf: 8003,
  /** System message: no such message, or not the caller's. */
  SystemMessageNotFound: 8004,
  /** SendMessage: the sender's per-user limit (server/rate-limit/send-limits.ts). */
  ChatTooFrequent: 8005,
  /** Social (8020-8039, server/social). Follow: oneself. */
  FollowSelf: 8020,
  /** Follow: the caller has blocked that user (unblock first). */
  FollowBlockedUser: 8021,
  /** Block: oneself. */
  BlockSelf: 8022,
  /** Report: oneself. */
  ReportSelf: 8023,
  /** Follow: that user has blocked the caller. */
  FollowBlockedByUser: 8024,
  /** Barrages (8040-8059, server/barrage). No barrage with that id. */
  BarrageNotFound: 8040,
  /** AddBarrages: empty after trimming. */
  BarrageContentEmpty: 8041,
  /** AddBarrages: more than 50 characters. */
  BarrageContentTooLong: 8042,
  /** AddBarrages: line breaks or other control characters. */
  BarrageContentInvalid: 8043,
  /** AddBarrages: time below 0 or beyond the video's duration. */
  BarrageTimeOutOfRange: 8044,
  /** AddBarrages: more than one barrage per second from one user, or over the per-user limit (send-limits.ts). */
  BarrageTooFrequent: 8045,
  /** AccusationBarrage: the caller already reported that barrage. */
  BarrageAlreadyReported: 8046,
  /** AccusationBarrage: one's own barrage. */
  BarrageReportOwn: 8047,
  /** ShieldUser: oneself. */
  ShieldSelf: 8048,
  /** ShieldUser / ShieldKeyWord: the list already holds 100 entries. */
  ShieldListFull: 8049,
  /** ShieldKeyWord: empty, longer than 20 characters or with control characters. */
  ShieldKeywordInvalid: 8050,
  /** PutBarrageCofig: a value out of its range, or nothing to save. */
  BarrageConfigInvalid: 8051,
  /** AddBarrages: a colour on no palette (src/core/playback/barrage-style.ts). */
  BarrageColorUnknown: 8058,
  /** AddBarrages: a VIP-only colour from a sender who is not VIP. */
  BarrageColorVipOnly: 8059,
  /** Video social (8060-8079, server/video-social). No such comment (or not on that video). */
  CommentNotFound: 8060,
  /** DelReply: the comment is someone else's. */
  CommentNotOwned: 8061,
  /** Replys: a second comment within 3 s, or over the per-user limit (send-limits.ts). */
  CommentTooFrequent: 8062,
  /** Replys: replyToUid wrote neither the comment nor one of its replies. */
  ReplyTargetInvalid: 8063,
  /** Video posts and uploads (8100-8139, server/upload and server/posts; codes and texts from src/core/upload/upload-protocol.ts and src/core/posts/posts-protocol.ts). */
  PublishLimitReached: UploadRet.PublishLimitReached,
  LabelInvalid: UploadRet.LabelInvalid,
  DescriptionTooLong: UploadRet.DescriptionTooLong,
  PostNotFound: PostsRet.NotFound,
  /** ChangePassword: the current password is wrong (5 per 15 minutes, then 1005). */
  WrongPassword: AccountSecurityRet.WrongPassword,
  /** ChangePassword: the new password is the current one. */
  SamePassword: AccountSecurityRet.SamePassword,
  /** Password recovery (6210-6216, src/core/account-security/account-security-protocol.ts). */
  RecoveryExpired: AccountSecurityRet.RecoveryExpired,
  CodeTooSoon: AccountSecurityRet.CodeTooSoon,
  CodeDayLimit: AccountSecurityRet.CodeDayLimit,
  CodeNotSent: AccountSecurityRet.CodeNotSent,
  CodeWrong: AccountSecurityRet.CodeWrong,
  CodeExpired: AccountSecurityRet.CodeExpired,
  CodeExhausted: AccountSecurityRet.CodeExhausted,
  /** Binding an email or phone (6220-6222). */
  ProofExpired: AccountSecurityRet.ProofExpired,
  TargetTaken: AccountSecurityRet.TargetTaken,
  TargetSame: AccountSecurityRet.TargetSame,
  /** EndLoginDevice: no other live session with that id. */
  DeviceNotFound: AccountSecurityRet.DeviceNotFound,
  /** The task centre (6301-6302, src/core/tasks/tasks-protocol.ts): the task is not finished; its reward was taken. */
  TaskNotFinished: TasksRet.NotFinished,
  TaskAlreadyClaimed: TasksRet.AlreadyClaimed,
  /** QR-code sign-in (6240-6244, src/core/qr-login/qr-login-protocol.ts; messages in QrLoginTexts). */
  QrTicketNotFound: QrLoginRet.TicketNotFound,
  QrTicketExpired: QrLoginRet.TicketExpired,
  QrTicketUsed: QrLoginRet.TicketUsed,
  QrTicketCancelled: QrLoginRet.TicketCancelled,
  QrOtherAccount: QrLoginRet.OtherAccount,
  PostNotOwned: PostsRet.NotOwned,
  UploadNotFound: UploadRet.UploadNotFound,
  ChunkOutOfRange: UploadRet.ChunkOutOfRange,
  ChunkSizeInvalid: UploadRet.ChunkSizeInvalid,
  NotAVideo: UploadRet.NotAVideo,
  FileNameInvalid: UploadRet.FileNameInvalid,
  VideoTooLarge: UploadRet.VideoTooLarge,
  QuotaExceeded: UploadRet.QuotaExceeded,
  AssembledSizeMismatch: UploadRet.AssembledSizeMismatch,
  NotAnImage: UploadRet.NotAnImage,
  CoverTooLarge: UploadRet.CoverTooLarge,
  UploadIncomplete: UploadRet.UploadIncomplete,
  VideoAlreadySaved: UploadRet.VideoAlreadySaved,
  VideoNotSaved: UploadRet.VideoNotSaved,
  PlaceSearchInvalid: UploadRet.PlaceSearchInvalid,
  /** Invitations (6401-6405, server/invitation; messages in InvitationTexts). InputInvitationCode: no account has the code. */
  InviteCodeNotFound: InvitationRet.CodeNotFound,
  InviteOwnCode: InvitationRet.OwnCode,
  InviteAlreadyEntered: InvitationRet.AlreadyEntered,
  InviteWindowClosed: InvitationRet.WindowClosed,
  InviteCircle: InvitationRet.Circle,
  /** Polls (8200-8209, server/votes; messages in PollTexts). No such poll. */
  PollNotFound: PollRet.NotFound,
  PollEnded: PollRet.Ended,
  PollAlreadyVoted: PollRet.AlreadyVoted,
  PollNotOwner: PollRet.NotOwner,
  PollTargetHasPoll: PollRet.TargetHasPoll,
  PollTargetNotFound: PollRet.TargetNotFound,
  PollTooMany: PollRet.TooMany,
  /** Movie requests (8240-8249, server/movie-requests; messages in MovieRequestTexts). Today's new requests used up. */
  MovieRequestDayLimit: MovieRequestRet.DayLimit,
  MovieRequestNotFound: MovieRequestRet.NotFound,
  MovieRequestAlreadyWanted: MovieRequestRet.AlreadyWanted,
  MovieRequestTitleInvalid: MovieRequestRet.TitleInvalid,
  /** Delivery addresses (7060-7069, server/address; messages in AddressTexts). */
  AddressNotFound: AddressRet.NotFound,
  AddressLimitReached: AddressRet.LimitReached,
  AddressRequired: AddressRet.Required,
  /** Help (9001-9009, server/help). No enabled article with that id. */
  HelpArticleNotFound: 9001,
  /** Help: no enabled category at that cid ({path},{id}). */
  HelpCategoryNotFound: 9002,
  /** Feedback (9010-9029, server/support). ProblemCollect: a required choice missing (请选择 + the section title). */
  FeedbackSelectionMissing: 9010,
  /** ProblemCollect / AddSuggestion: an option not offered, a text too long or with control characters. */
  FeedbackInvalid: 9011,
  /** Too many feedbacks or suggestions from one address or user within an hour. */
  TooManyFeedback: 9012,
  /** /download: no such file. */
  DownloadNotFound: 9013,
} as const;

export type RetCode = (typeof Ret)[keyof typeof Ret];

/** Fixed messages (at most 30 characters: the client replaces longer ones with 加载失败). */
export const RetMessage = {
  Ok: '成功',
  LoginRequired: '请先登录',
  SessionInvalid: '登录已失效，请重新登录',
  NotFound: '接口不存在',
  TooManyRequests: '操作过于频繁，请稍后再试',
  Internal: '服务器繁忙，请稍后再试',
  BadRequest: '请求格式错误',
  BodyTooLarge: '请求内容过大',
  UnsupportedMediaType: '不支持的请求格式',
  UserNameTaken: '该账号已被注册',
  BadCredentials: '账号或密码错误',
  TooManyLoginAttempts: '登录尝试过于频繁，请稍后再试',
  TooManyRegistrations: '注册过于频繁，请稍后再试',
  CaptchaRequired: CaptchaTexts.Required,
  CaptchaWrong: CaptchaTexts.Wrong,
  UserNotFound: '用户不存在',
  MalaysiaRegion: '当前地区为马来西亚',
  AdNotFound: '广告不存在',
  VideoNotFound: '视频不存在',
  AlreadySignedIn: '今天已经签到过了，明天再来吧',
  VipProductNotFound: '套餐不存在或已下架',
  VipProductNotInCategory: '该套餐不属于所选分类',
  PurchaseBlocked: '当前地区暂未开放VIP购买',
  PayTypeUnavailable: '不支持该支付方式',
  PriceMismatch: '价格已变动，请刷新后重试',
  RecipientNotFound: '赠送的用户不存在',
  OrderNotFound: '订单不存在',
  OrderCancelled: '订单已取消，无法支付',
  OrderExpired: '订单已过期，请重新下单',
  OrderAlreadyPaid: '订单已支付',
  IdempotencyKeyReused: '请求编号已用于其他订单',
  PromotionInvalid: '优惠不适用于该套餐',
  BadSignature: '支付回调签名无效',
  StaleCallback: '支付回调已过期',
  CallbackAmountMismatch: '支付回调金额不符',
  CustomerServiceUnavailable: '暂无可用客服',
  NotBargainPackage: '该套餐不参加砍价活动',
  BargainAlreadyJoined: '你已参加砍价活动，请勿重复参加',
  BargainNotFound: '砍价不存在或不属于你',
  BargainSelfHelp: '不能给自己砍价',
  BargainAlreadyHelped: '你已经帮TA砍过价了',
  BargainClosed: '砍价已结束',
  BargainPriceNotZero: '价格未砍到0元，无法免费领取',
  BargainPriceZero: '价格已砍到0元，请免费领取',
  ShareActivityMissing: '当前没有分享活动',
  ShareDiscountUnavailable: '没有可用的分享优惠',
  GoldInsufficient: '金币不足',
  VideoNotForSale: '该视频免费，无需解锁',
  GoldUnlocked: '解锁成功',
  GoldAlreadyUnlocked: '已解锁，无需重复支付',
  ShareDiscountUsed: '分享优惠已使用',
  YouBlockedRecipient: '你已拉黑对方，无法发送消息',
  RecipientBlockedYou: '对方已将你拉黑，消息发送失败',
  ChatWithSelf: '不能给自己发消息',
  SystemMessageNotFound: '消息不存在',
  ChatTooFrequent: '发送太频繁，请稍后再试',
  FollowSelf: '不能关注自己',
  FollowBlockedUser: '你已拉黑该用户，请先移出黑名单',
  BlockSelf: '不能拉黑自己',
  ReportSelf: '不能举报自己',
  FollowBlockedByUser: '对方已将你拉黑，无法关注',
  BarrageNotFound: '弹幕不存在',
  BarrageContentEmpty: '请输入弹幕内容',
  BarrageContentTooLong: '弹幕最多50个字',
  BarrageContentInvalid: '弹幕不能包含换行等特殊字符',
  BarrageTimeOutOfRange: '弹幕时间超出视频时长',
  BarrageTooFrequent: '发送太频繁，请1秒后再试',
  BarrageFlood: '弹幕发送太频繁，请稍后再试',
  BarrageAlreadyReported: '你已经举报过这条弹幕',
  BarrageReportOwn: '不能举报自己的弹幕',
  ShieldSelf: '不能屏蔽自己',
  ShieldListFull: '屏蔽列表已满，最多100个',
  ShieldKeywordInvalid: '关键词为1-20个字，不含特殊字符',
  BarrageConfigInvalid: '弹幕设置参数不正确',
  BarrageColorUnknown: BarrageStyleTexts.colorUnknown,
  BarrageColorVipOnly: BarrageStyleTexts.colorVipOnly,
  CommentNotFound: '评论不存在',
  CommentNotOwned: '只能删除自己的评论',
  CommentTooFrequent: '评论太频繁，请稍后再试',
  ReplyTargetInvalid: '回复的用户不在该评论下',
  TooManyReports: '举报过于频繁，请稍后再试',
  HelpArticleNotFound: '帮助内容不存在',
  HelpCategoryNotFound: '帮助分类不存在',
  FeedbackThanks: '感谢您的反馈，我们会尽快处理',
  SuggestionThanks: '感谢您的宝贵意见',
  TooManyFeedback: '反馈过于频繁，请稍后再试',
  DownloadNotFound: '安装包不存在',
  VideoLocked: '该视频需要金币解锁',
  DownloadNotAllowed: '该视频暂不支持下载',
  LiveNotDownloadable: '直播不支持下载',
  PlayUrlInvalid: '播放地址无效或已过期',
  MediaRangeInvalid: '请求的范围无效',
  MediaNotFound: '视频文件不存在',
  EpisodeNotFound: '该集不存在',
  PublishLimitReached: UploadTexts.PublishLimitReached,
  LabelInvalid: UploadTexts.LabelInvalid,
  DescriptionTooLong: UploadTexts.DescriptionTooLong,
  PostNotFound: PostsTexts.NotFound,
  PostNotOwned: PostsTexts.NotOwned,
  UploadNotFound: UploadTexts.UploadNotFound,
  ChunkOutOfRange: UploadTexts.ChunkOutOfRange,
  ChunkSizeInvalid: UploadTexts.ChunkSizeInvalid,
  NotAVideo: UploadTexts.NotAVideo,
  FileNameInvalid: UploadTexts.FileNameInvalid,
  VideoTooLarge: UploadTexts.VideoTooLarge,
  QuotaExceeded: UploadTexts.QuotaExceeded,
  AssembledSizeMismatch: UploadTexts.AssembledSizeMismatch,
  NotAnImage: UploadTexts.NotAnImage,
  CoverTooLarge: UploadTexts.CoverTooLarge,
  UploadIncomplete: UploadTexts.UploadIncomplete,
  VideoAlreadySaved: UploadTexts.VideoAlreadySaved,
  VideoNotSaved: UploadTexts.VideoNotSaved,
  PlaceSearchInvalid: UploadTexts.PlaceSearchInvalid,
} as const;

export function missingParamMessage(name: string): string {
  return `缺少参数：${name}`;
}

export function badParamMessage(name: string): string {
  return `参数格式错误：${name}`;
}
