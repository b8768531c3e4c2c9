export const AccountSecurityTexts = {
  WrongPassword: '原密码错误',
  SamePassword: '新密码不能与原密码相同',
  /** Too many wrong current passwords for the account (ret 1005). */
  TooManyChecks: '密码错误次数过多，请15分钟后再试',
  /** What the account's other signed-in devices are told (userStateChange action 1). */
  SessionEndedByPasswordChange: '密码已修改，请重新登录',
  Changed: '密码修改成功',
  RecoveryExpired: '操作已过期，请重新找回密码',
  CodeTooSoon: '验证码发送太频繁，请稍后再试',
  CodeDayLimit: '今日获取验证码次数已达上限，请明天再试',
  CodeAddressLimit: '获取验证码过于频繁，请稍后再试',
  CodeNotSent: '验证码发送失败，请稍后再试',
  CodeWrong: '验证码错误',
  CodeExpired: '验证码已失效，请重新获取',
  CodeExhausted: '验证码错误次数过多，请重新获取',
  /** What the account's open pages are told once its password was reset. */
  SessionEndedByPasswordReset: '密码已重置，请重新登录',
  Reset: '密码已重置，请使用新密码登录',
  PasswordWrong: '密码错误',
  ProofExpired: '验证已过期，请重新验证密码',
  EmailTaken: '该邮箱已被其他账号绑定',
  PhoneTaken: '该手机号已被其他账号绑定',
  TargetSame: '已绑定该邮箱或手机号',
  EmailInvalid: '请输入正确的邮箱',
  PhoneInvalid: '请输入正确的手机号',
  Bound: '绑定成功',
  DeviceNotFound: '该设备已退出登录',
  /** What an ended device's open pages are told (userStateChange action 1). */
  SessionEndedByDevice: '你已在其他设备上被退出登录，请重新登录',
  DeviceEnded: '已退出该设备',
  /** DeleteAccount without the code an account with an email or phone needs (ret 6215). */
  CodeNeeded: '请先获取并输入验证码',
  /** What a deleted account's other open pages are told (userStateChange action 1). */
  SessionEndedByDeletion: '该账号已注销',
  Deleted: '账号已注销',
} as const;
