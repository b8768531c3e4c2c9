// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessCore, type HeadlessWorld } from '../../../src/composition/headless.ts';
import { ContainerProvider } from '../../../src/ui/app/container-context.tsx';
import { Avatar, Count, LevelIcon, SexIcon, TimeLabel } from '../../../src/ui/common/display.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement;

function render(node: React.ReactNode, start = Date.UTC(2026, 10, 22, 4)): HeadlessWorld {
  const { container, world } = createHeadlessCore();
  world.clock.advance(start - world.clock.now());
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<ContainerProvider container={container}>{node}</ContainerProvider>));
  return world;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

const img = () => host.querySelector('img');

describe('Avatar', () => {
  it('loads the picture at its display size, cropped, as jpg', () => {
    render(<Avatar src="/media/demo/poster-1.jpg" size={40} />);
    expect(img()?.getAttribute('src')).toBe('/media/demo/poster-1.jpg?x-oss-process=image/resize,m_fill,w_200,h_200/format,jpg');
  });

  it('shows the placeholder when there is no picture, a non-string one, or it fails to load', () => {
    render(<Avatar src="" />);
    expect(img()?.getAttribute('src')).toBe('/assets/avatar-default.svg');
    act(() => root?.render(null));
    render(<Avatar src={42} />);
    expect(img()?.getAttribute('src')).toBe('/assets/avatar-default.svg');
    act(() => root?.render(null));
    render(<Avatar src="/media/gone.jpg" />);
    act(() => {
      img()?.dispatchEvent(new Event('error'));
    });
    expect(img()?.getAttribute('src')).toBe('/assets/avatar-default.svg');
  });

  it('shows one badge: big-V, else customer service, else VIP', () => {
    render(<Avatar bigV kefu vipLevel={3} />);
    expect([...host.querySelectorAll('.avatar__badge')].map((b) => b.getAttribute('aria-label'))).toEqual(['认证用户']);
    act(() => root?.render(null));
    render(<Avatar kefu={1} vipLevel={3} />);
    expect(host.querySelector('.avatar__badge')?.textContent).toBe('客服');
    act(() => root?.render(null));
    render(<Avatar vipLevel={3} />);
    expect(host.querySelector('.avatar__badge')?.getAttribute('aria-label')).toBe('VIP3');
    act(() => root?.render(null));
    render(<Avatar vipLevel={0} />);
    expect(host.querySelector('.avatar__badge')).toBeNull();
  });

  it('an avatar with a uid opens that user\'s space; without one it is not tappable', () => {
    const world = render(<Avatar uid={12} />);
    act(() => (host.querySelector('button') as HTMLButtonElement).click());
    expect(world.navigator.current().path).toBe('/space/12');
    act(() => root?.render(null));
    render(<Avatar />);
    expect(host.querySelector('button')).toBeNull();
  });
});

describe('LevelIcon and SexIcon', () => {
  it('caps the level at 8 and shows nothing below 1', () => {
    render(<><LevelIcon level={12} /><LevelIcon level={3} /><LevelIcon level={0} /></>);
    expect([...host.querySelectorAll('.level-icon')].map((e) => e.textContent)).toEqual(['Lv8', 'Lv3']);
  });

  it('0 is female, otherwise male', () => {
    render(<><SexIcon sex={0} /><SexIcon sex={1} /></>);
    expect([...host.querySelectorAll('.sex-icon')].map((e) => e.getAttribute('aria-label'))).toEqual(['女', '男']);
  });
});

describe('TimeLabel', () => {
  it('labels a time relative to the clock and moves on with the 60 s tick', () => {
    const start = Date.UTC(2026, 10, 22, 4);
    const world = render(<><TimeLabel time={start - 59 * 60_000 - 30_000} /><TimeLabel time="2026-11-19 08:00:00" /><TimeLabel time={Math.floor((start - 2 * 86_400_000) / 1000)} /></>, start);
    const labels = () => [...host.querySelectorAll('.time-label')].map((e) => e.textContent);
    expect(labels()).toEqual(['刚刚', '11-19', '2天前']);
    act(() => world.clock.advance(60_000));
    expect(labels()).toEqual(['1小时前', '11-19', '2天前']);
  });
});

describe('Count', () => {
  it('shows counts from 10000 in 万 with one decimal', () => {
    render(<><Count value={9999} /><Count value={15300} /><Count value={123_456_789} /></>);
    expect([...host.querySelectorAll('.count')].map((e) => e.textContent)).toEqual(['9999', '1.5万', '12345.7万']);
  });
});
