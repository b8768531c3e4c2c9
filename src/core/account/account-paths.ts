/** The account calls of the API. */
export const AccountPaths = {
  updateUserInfo: '/api/User/UpdateUserInfo',
  getSettings: '/api/User/GetSettings',
  updateSettings: '/api/User/UpdateSettings',
  signInInfo: '/api/SignIn/GetSignInInfo',
  signIn: '/api/SignIn/SignIn',
} as const;

/** Answer codes of the account calls. */
export const AccountRet = {
  /** The user already signed in today. */
  AlreadySignedIn: 1050,
} as const;

export const AccountTexts = {
  loading: '正在加载',
  saved: '保存成功',
} as const;
