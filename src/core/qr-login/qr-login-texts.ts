export const QrLoginTexts = {
  TicketNotFound: '二维码无效，请重新扫码',
  TicketExpired: '二维码已过期',
  TicketUsed: '二维码已使用',
  TicketCancelled: '已取消登录',
  OtherAccount: '该二维码已被其他账号扫描',
  /** Too many tickets from one address (ret 1005). */
  TooManyTickets: '获取二维码过于频繁，请稍后再试',
  Confirmed: '已确认登录',
  Cancelled: '已取消',
} as const;

export const QrLoginScreenTexts = {
  title: '扫码登录',
  hint: '打开奇遇视频App或手机网页，使用「扫一扫」扫描二维码登录',
  loading: '二维码加载中…',
  refresh: '刷新二维码',
  failed: '二维码获取失败',
  signedIn: '登录成功',
} as const;

/** The screen's caption for each state of its ticket (keyed by QrTicketState; the screen's lookup checks every state has one). */
export const QrStateTexts = {
  pending: '等待扫码',
  scanned: '已扫码，请在手机上确认',
  confirmed: '登录成功',
  cancelled: '已取消',
  expired: '二维码已过期',
} as const;

export const ScanTexts = {
  cameraStarting: '正在打开相机…',
  scanning: '将二维码放入框内，即可自动扫描',
  cameraDenied: '无法使用相机：请在浏览器设置中允许访问相机，或从相册选择二维码图片',
  cameraUnavailable: '当前设备不支持相机扫码，请从相册选择二维码图片',
  album: '从相册选择',
  reading: '正在识别…',
  noCode: '未识别到二维码，请换一张图片试试',
  foreign: '该二维码不是奇遇视频的二维码，内容如下：',
  ours: '已识别奇遇视频链接：',
  rescan: '重新扫码',
} as const;

export const AuthorizeTexts = {
  asking: '以下设备正在请求登录你的账号',
  confirm: '确认登录',
  cancel: '取消',
  confirmed: '已确认登录，请在大屏设备上继续使用',
  cancelled: '已取消登录',
  done: '完成',
  warning: '如非本人操作，请点击取消',
  missingTicket: '二维码无效，请重新扫码',
  failed: '操作失败，请稍后再试',
} as const;
