import type { User } from '../shared-kernel/user.ts';
import { VipIconState } from '../shared-kernel/vip-icon.ts';

export type TabKey = 'home' | 'discovery' | 'vip' | 'rank' | 'user';

export interface TabDef {
  key: TabKey;
  path: string;
  label: string;
}

/** The five tabs, in order (spec: tab bar). */
export const TABS: readonly TabDef[] = [
  { key: 'home', path: '/', label: '首页' },
  { key: 'discovery', path: '/discovery', label: '发现' },
  { key: 'vip', path: '/vip', label: 'VIP' },
  { key: 'rank', path: '/rank', label: '热播榜' },
  { key: 'user', path: '/user', label: '我的' },
];

/** The tab a tab-bar page belongs to: its own path, home for home's category aliases and anything else. */
export function tabForPath(path: string): TabKey {
  const clean = path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : path;
  return TABS.find((tab) => tab.path.toLowerCase() === clean)?.key ?? 'home';
}

export type TabAction = { kind: 'scrollTop' } | { kind: 'push'; path: string } | { kind: 'replace'; path: string };

export interface TabEnvironment {
  /** iOS Safari outside a native web view. */
  iosSafari: boolean;
}

/**
 * A tab tap: the current tab scrolls its page to the top; discovery is pushed on iOS Safari (not in a native
 * web view); every other switch replaces the route.
 */
export function decideTabTap(currentPath: string, tab: TabKey, env: TabEnvironment): TabAction {
  const target = TABS.find((t) => t.key === tab);
  if (!target) return { kind: 'scrollTop' };
  if (tabForPath(currentPath) === tab) return { kind: 'scrollTop' };
  if (tab === 'discovery' && env.iosSafari) return { kind: 'push', path: target.path };
  return { kind: 'replace', path: target.path };
}

/** Red dots: discovery when the user has new works, the account tab when unread messages exist. */
export function tabDots(user: User | null, unreadCount: number): Record<TabKey, boolean> {
  return { home: false, discovery: Boolean(user?.newWorks), vip: false, rank: false, user: user !== null && unreadCount > 0 };
}

/** The VIP tab shows the animated icon and the activity title while state is 1 and an activity title is known. */
export function vipTabLabel(state: VipIconState | null, activityTitle: string | null): { label: string; animated: boolean } {
  if (state === VipIconState.Activity && activityTitle) return { label: activityTitle, animated: true };
  return { label: 'VIP', animated: false };
}
