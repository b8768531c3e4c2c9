// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessCore, type HeadlessWorld } from '../../../src/composition/headless.ts';
import { bindVideoCard } from '../../../src/composition/video-card-bindings.ts';
import { CatalogueService } from '../../../src/core/catalogue/catalogue-service.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import type { Video } from '../../../src/core/shared-kernel/video.ts';
import { video as videoAnswer } from '../../../src/core/shared-kernel/video-wire.ts';
import { FooterState } from '../../../src/core/display/list-state.ts';
import { ContainerProvider } from '../../../src/ui/app/container-context.tsx';
import { SearchViewModel } from '../../../src/ui/catalogue/catalogue-view-models.ts';
import { VideoCard } from '../../../src/ui/catalogue/video-card.tsx';
import { ListFooter } from '../../../src/ui/common/list/list-footer.tsx';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement;
const NOW = Date.UTC(2026, 10, 22, 4);

function render(node: React.ReactNode): HeadlessWorld {
  const { container, world } = createHeadlessCore();
  // The card's view-model, as bindUi binds it (idempotent).
  bindVideoCard(container);
  world.clock.advance(NOW - world.clock.now());
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(<ContainerProvider container={container}>{node}</ContainerProvider>));
  return world;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

const video: Video = parsed(videoAnswer, { mediaKey: 'movie-01', title: '长河落日', cover: '/media/demo/cover-1.jpg', duration: 5521, playCount: 123456, updatedAt: NOW - 3 * 3600_000 })!;

describe('VideoCard', () => {
  it('shows the cover at its display size, title, plays in 万, the duration badge and the time label', () => {
    render(<VideoCard video={video} />);
    expect(host.querySelector('img')?.getAttribute('src')).toBe('/media/demo/cover-1.jpg?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg');
    expect(host.querySelector('.video-card__title')?.textContent).toBe('长河落日');
    expect(host.querySelector('.count')?.textContent).toBe('12.3万');
    expect(host.querySelector('.video-card__duration')?.textContent).toBe('1:32:01');
    expect(host.querySelector('.time-label')?.textContent).toBe('3小时前');
  });

  it('opens /play/<mediaKey> when tapped', () => {
    const world = render(<VideoCard video={video} layout="row" rank={1} />);
    expect(host.querySelector('.video-card__rank')?.textContent).toBe('1');
    act(() => host.querySelector<HTMLButtonElement>('.video-card')?.click());
    expect(world.navigator.current().path).toBe('/play/movie-01');
  });
});

describe('ListFooter', () => {
  it('reads 加载中..., 没有更多了哦~, and 加载失败 with a retry tap', () => {
    let retried = 0;
    render(<ListFooter state={FooterState.Loading} onRetry={() => (retried += 1)} />);
    expect(host.textContent).toBe('加载中...');
    act(() => root?.render(<ListFooter state={FooterState.NoMore} onRetry={() => (retried += 1)} />));
    expect(host.textContent).toBe('没有更多了哦~');
    act(() => root?.render(<ListFooter state={FooterState.Failed} onRetry={() => (retried += 1)} />));
    expect(host.textContent).toBe('加载失败');
    act(() => host.querySelector('button')?.click());
    expect(retried).toBe(1);
  });
});

describe('SearchViewModel', () => {
  it('searches 300 ms after typing stops, once', async () => {
    const { container, world } = createHeadlessCore();
    world.http.route('GET', '/api/list/Search', ({ params }) => ({ body: { ret: 200, msg: '成功', data: { list: [{ mediaKey: 'k', title: String(params['keyword']) }], total: 1 } } }));
    const vm = new SearchViewModel(container.get(CatalogueService), world.clock, world.navigator);
    vm.typed('长');
    world.clock.advance(200);
    vm.typed('长安');
    world.clock.advance(299);
    expect(vm.list).toBeNull();
    world.clock.advance(1);
    expect(vm.keyword).toBe('长安');
    vm.list?.opened();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(vm.list?.items.map((v) => v.title)).toEqual(['长安']);
    expect(world.http.requests.filter((r) => r.url === '/api/list/Search')).toHaveLength(1);
  });
});
