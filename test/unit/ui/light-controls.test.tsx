// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoadingState } from '../../../src/ui/common/list/paged-list-view.tsx';
import { PullRefresh } from '../../../src/ui/common/list/pull-refresh.tsx';
import { PullTexts } from '../../../src/ui/common/list/list-texts.ts';
import { ChannelTabs } from '../../../src/ui/common/tabs/channel-tabs.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement;

function render(node: React.ReactNode): void {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  vi.useRealTimers();
});

function touch(target: Element, type: 'touchstart' | 'touchmove' | 'touchend', y: number): void {
  const event = new Event(type, { bubbles: true, cancelable: true }) as Event & { touches: { clientY: number }[] };
  Object.defineProperty(event, 'touches', { value: type === 'touchend' ? [] : [{ clientY: y }] });
  act(() => void target.dispatchEvent(event));
}

describe('ChannelTabs', () => {
  it('marks the active tab, and a tap on another one reports its key (a tap on the active one does nothing)', () => {
    const chosen: string[] = [];
    render(<ChannelTabs tabs={[{ key: 'recommend', name: '推荐' }, { key: 'movie', name: '电影' }]} active="recommend" onChange={(key) => chosen.push(key)} />);
    const tabs = [...host.querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).toEqual(['推荐', '电影']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    act(() => (tabs[0] as HTMLElement).click());
    act(() => (tabs[1] as HTMLElement).click());
    expect(chosen).toEqual(['movie']);
  });
});

describe('PullRefresh', () => {
  it('pulling shows 下拉可以刷新, past the threshold 释放立即刷新; release refreshes with 加载中... then 刷新完成, then closes', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <PullRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullRefresh>,
    );
    const area = host.querySelector('.pull-refresh')!;
    const head = () => host.querySelector('.pull-refresh__head')!.textContent;
    expect(head()).toBe('');
    touch(area, 'touchstart', 100);
    touch(area, 'touchmove', 160);
    expect(head()).toBe(PullTexts.pulling);
    touch(area, 'touchmove', 260);
    expect(head()).toBe(PullTexts.canRelease);
    touch(area, 'touchend', 260);
    expect(head()).toBe(PullTexts.refreshing);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(head()).toBe(PullTexts.complete);
    act(() => void vi.advanceTimersByTime(500));
    expect(head()).toBe('');
  });

  it('a short pull, or a pull up, refreshes nothing', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    render(
      <PullRefresh onRefresh={onRefresh}>
        <p>list</p>
      </PullRefresh>,
    );
    const area = host.querySelector('.pull-refresh')!;
    touch(area, 'touchstart', 100);
    touch(area, 'touchmove', 150);
    touch(area, 'touchend', 150);
    touch(area, 'touchstart', 300);
    touch(area, 'touchmove', 100);
    touch(area, 'touchend', 100);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(host.querySelector('.pull-refresh__head')!.textContent).toBe('');
  });
});

describe('LoadingState', () => {
  it('with a layout, shows that many placeholder cards in the list’s own grid and still reads 正在加载', () => {
    render(<LoadingState skeleton="grid" />);
    const skeleton = host.querySelector('[data-testid="list-skeleton"]')!;
    expect(skeleton.classList.contains('video-grid')).toBe(true);
    expect(skeleton.querySelectorAll('.skeleton-card')).toHaveLength(6);
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(skeleton.textContent).toBe('正在加载');
  });
});
