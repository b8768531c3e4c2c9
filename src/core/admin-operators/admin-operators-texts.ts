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
} as const;

/** Limits of operator names and passwords (the texts above quote them). */
export const OperatorLimits = {
  nameMin: 2,
  nameMax: 32,
  passwordMin: 10,
  passwordMax: 128,
} as const;
