import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import type { TabKey } from '../../core/shell/tab-bar.ts';
import type { ShellViewModel } from './shell-view-model.ts';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinejoin: 'round', strokeLinecap: 'round' } as const;

const ICONS: Record<TabKey, ReactNode> = {
  home: <path {...stroke} d="M4 11l8-7 8 7v9h-5v-6h-6v6H4z" />,
  discovery: (
    <>
      <circle {...stroke} cx="12" cy="12" r="8.5" />
      <path {...stroke} d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  vip: <path {...stroke} d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />,
  rank: <path {...stroke} d="M5 20V11M12 20V5M19 20v-6" />,
  user: (
    <>
      <circle {...stroke} cx="12" cy="8" r="4" />
      <path {...stroke} d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>
  ),
};

/** The bottom tab bar of the five root pages. */
export const TabBar = observer(function TabBar({ vm, onScrollTop }: { vm: ShellViewModel; onScrollTop: () => void }) {
  return (
    <nav className="tab-bar" aria-label="主导航">
      {vm.tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          className={`tab-bar__item${tab.active ? ' tab-bar__item--active' : ''}${tab.animated ? ' tab-bar__item--activity' : ''}`}
          aria-current={tab.active ? 'page' : undefined}
          data-tab={tab.key}
          onClick={() => {
            if (vm.tabTapped(tab.key) === 'scrollTop') onScrollTop();
          }}
        >
          <span className="tab-bar__icon">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">{ICONS[tab.key]}</svg>
            {tab.dot ? <span className="tab-bar__dot" data-testid={`tab-dot-${tab.key}`} aria-label="有新内容" /> : null}
          </span>
          <span className="tab-bar__label">{tab.label}</span>
        </button>
      ))}
    </nav>
  );
});
