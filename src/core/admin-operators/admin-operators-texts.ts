/** The operator console's words for operators: role names and the refusals of operator names and passwords. */
export const OperatorTexts = {
  /** By OperatorRole. */
  roles: { owner: '所有者', editor: '编辑', moderator: '审核员', finance: '财务' },
  nameInvalid: '操作员名为2-32位字母、数字、下划线、点或连字符',
  nameTaken: '操作员名已存在',
  passwordInvalid: '密码为10-128位',
  notFound: '操作员不存在',
  /** Who made a change from the command line (npm run admin), in the audit log. */
  commandLine: '命令行',
  /** ConsoleRet's messages. */
  signInRequired: '请先登录控制台',
  wrongCredentials: '操作员名或密码错误',
  disabled: '该操作员已停用',
  forbidden: '无权进行此操作',
  badOrigin: '请求来源无效',
  sessionNotFound: '会话不存在',
} as const;

/** Limits of operator names and passwords (the texts above quote them). */
export const OperatorLimits = {
  nameMin: 2,
  nameMax: 32,
  passwordMin: 10,
  passwordMax: 128,
} as const;

/** The console's own words (its pages, menus and tables). */
export const ConsoleTexts = {
  brand: '奇遇视频 运营后台',
  signInTitle: '运营后台登录',
  name: '操作员名',
  password: '密码',
  captcha: '验证码',
  captchaHint: '请输入图中字符',
  refreshCaptcha: '换一张',
  signIn: '登录',
  signOut: '退出登录',
  nameRequired: '请输入操作员名',
  passwordRequired: '请输入密码',
  captchaRequired: '请输入验证码',
  overview: '概览',
  welcome: (name: string, role: string) => `${name}，欢迎回来（${role}）`,
  sessions: '登录会话',
  audit: '审计日志',
  browser: '浏览器',
  signedInAt: '登录时间',
  lastSeenAt: '最近使用',
  current: '当前会话',
  endSession: '结束',
  endSessionConfirm: '结束该会话？在那台设备上需要重新登录。',
  sessionEnded: '会话已结束',
  at: '时间',
  actor: '操作人',
  action: '操作',
  target: '对象',
  change: '变更',
  actionFilter: '按操作筛选',
  operatorFilter: '操作员编号',
  search: '查询',
  forbidden: '无权访问',
  forbiddenHint: '你的角色不能查看此页面。',
  notFound: '页面不存在',
  backHome: '返回概览',
  loadFailed: '加载失败，请重试',
  retry: '重试',
  /** Audit actions by name. */
  actions: {
    'operators.create': '新建操作员',
    'operators.disable': '停用操作员',
    'operators.reset-password': '重设密码',
    'operators.sign-in': '登录',
    'operators.sign-out': '退出登录',
    'operators.end-session': '结束会话',
  } as Readonly<Record<string, string>>,
} as const;
