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
