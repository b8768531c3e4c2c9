import { useEffect, useRef, type ReactNode } from 'react';
import './channel-tabs.css';

export interface ChannelTab {
  key: string;
  name: string;
}

/**
 * A row of channel tabs that scrolls sideways, the active one underlined and kept in view: home's channels, drawn
 * without antd-mobile's Tabs (and the animation and gesture libraries it brings) so the home route stays small.
 */
export function ChannelTabs({
  tabs,
  active,
  onChange,
  className,
  end,
}: {
  tabs: readonly ChannelTab[];
  active: string;
  onChange: (key: string) => void;
  className?: string;
  /** Kept at the row's right edge, beside the scrolling tabs and never over one (home's 全部频道 button). */
  end?: ReactNode;
}) {
  const row = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Centre the active tab (a channel chosen by its alias path may lie off screen), after the paint: reading the
    // layout during the commit would force the whole first page's layout into the same task. The first tab needs
    // no scrolling, and no layout read at all.
    if (tabs[0]?.key === active) return;
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    list.scrollLeft = Math.max(0, tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2);
  }, [active, tabs]);

  const classes = (base: string) => (className ? `${base} ${className}` : base);
  const list = (
    <div className={end === undefined ? classes('channel-tabs') : 'channel-tabs'} role="tablist" ref={row}>
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={selected}
            className={selected ? 'channel-tabs__tab channel-tabs__tab--active' : 'channel-tabs__tab'}
            onClick={() => {
              if (!selected) onChange(tab.key);
            }}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
  if (end === undefined) return list;
  // The end button sits beside the tab list (outside it: it is not a tab), which scrolls in the room left.
  return (
    <div className={classes('channel-tabs-bar')}>
      {list}
      {end}
    </div>
  );
}
