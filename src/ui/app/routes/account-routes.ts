import { createElement } from 'react';
import type { AppRoute } from '../route-table.ts';

/** The account's own pages. */
export const accountRoutes: AppRoute[] = [
  { path: '/editInfo', title: '编辑资料', depth: 1, load: () => import('../../account/edit-profile-screens.tsx').then((m) => ({ default: m.EditInfoScreen })) },
  { path: '/editGender', title: '修改性别', depth: 2, load: () => import('../../account/edit-profile-screens.tsx').then((m) => ({ default: m.EditGenderScreen })) },
  { path: '/editIntroduce', title: '个人简介', depth: 2, load: () => import('../../account/edit-profile-screens.tsx').then((m) => ({ default: m.EditIntroduceScreen })) },
  { path: '/editNickname', title: '修改昵称', depth: 2, load: () => import('../../account/edit-profile-screens.tsx').then((m) => ({ default: m.EditNicknameScreen })) },
  {
    path: '/settings',
    title: '设置',
    depth: 1,
    // The settings with the region's 地区 row: the two features meet here, not in each other.
    load: () =>
      Promise.all([import('../../account/settings-screen.tsx'), import('../../region/region-row.tsx')]).then(([settings, region]) => ({
        default: function SettingsWithRegion() {
          return createElement(settings.SettingsScreen, { regionRow: createElement(region.RegionRow) });
        },
      })),
  },
  { path: '/accountSecurity', title: '账号与安全', depth: 2, load: () => import('../../account-security/account-security-screens.tsx').then((m) => ({ default: m.AccountSecurityScreen })) },
  { path: '/emailMobileSetting', title: '邮箱/手机', depth: 3, load: () => import('../../account-security/binding-screens.tsx').then((m) => ({ default: m.EmailMobileSettingScreen })) },
  { path: '/verifyPassword', title: '验证密码', depth: 4, load: () => import('../../account-security/binding-screens.tsx').then((m) => ({ default: m.VerifyPasswordScreen })) },
  { path: '/setEmailMobile', title: '绑定邮箱/手机', depth: 4, load: () => import('../../account-security/binding-screens.tsx').then((m) => ({ default: m.SetEmailMobileScreen })) },
  { path: '/setEmailMobileSuccess', title: '绑定成功', depth: 5, load: () => import('../../account-security/binding-screens.tsx').then((m) => ({ default: m.SetEmailMobileSuccessScreen })) },
  { path: '/voteManage', title: '投票管理', depth: 1, load: () => import('../../votes/vote-manage-screen.tsx').then((m) => ({ default: m.VoteManageScreen })) },
  { path: '/myGold', title: '我的金币', depth: 1, playFeatures: true, load: () => import('../../gold/my-gold-screen.tsx').then((m) => ({ default: m.MyGoldScreen })) },
  { path: '/taskCenter', title: '任务中心', depth: 1, load: () => import('../../tasks/task-screens.tsx').then((m) => ({ default: m.TaskCenterScreen })) },
  { path: '/newHandTask', title: '新手任务', depth: 2, load: () => import('../../tasks/task-screens.tsx').then((m) => ({ default: m.NewHandTaskScreen })) },
  { path: '/myLevel', title: '我的等级', depth: 1, load: () => import('../../tasks/task-screens.tsx').then((m) => ({ default: m.MyLevelScreen })) },
  { path: '/signIn', title: '签到', depth: 1, load: () => import('../../account/sign-in-screen.tsx').then((m) => ({ default: m.SignInScreen })) },
  { path: '/seekingMovies', title: '求片', depth: 1, load: () => import('../../movie-requests/movie-requests-screen.tsx').then((m) => ({ default: m.SeekingMoviesScreen })) },
  { path: '/invitation', title: '邀请好友', depth: 1, load: () => import('../../invitation/invitation-screens.tsx').then((m) => ({ default: m.InvitationScreen })) },
  { path: '/inputInvitationCode', title: '填写邀请码', depth: 2, load: () => import('../../invitation/invitation-screens.tsx').then((m) => ({ default: m.InputInvitationCodeScreen })) },
  { path: '/selectArea', title: '选择地区', depth: 2, load: () => import('../../region/select-area-screen.tsx').then((m) => ({ default: m.SelectAreaScreen })) },
];
