// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from 'inversify';
import { ContainerProvider } from '../../../src/ui/app/container-context.tsx';
import { bindUi } from '../../../src/ui/app/ui-bindings.ts';
import { GoldGate } from '../../../src/ui/gold/gold-gate.tsx';
import { MyGoldScreen } from '../../../src/ui/gold/my-gold-screen.tsx';
import { InsertedAd, PauseAd } from '../../../src/ui/gold/play-ads.tsx';
import { ok, refused, settle, setup } from './gold-support.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

function uiSetup(path = '/play/movie-02') {
  const base = setup(path);
  bindUi(base.container);
  return base;
}

async function render(container: Container, node: ReactNode): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <ContainerProvider container={container}>
        <MemoryRouter>{node}</MemoryRouter>
      </ContainerProvider>,
    );
    await settle();
  });
}

const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => byTestId(id)?.textContent ?? null;

const PAY = '/api/video/PayVideoByGold';

describe('GoldGate', () => {
  function gateSetup(balance: number | null) {
    const base = uiSetup();
    base.world.http.route('GET', '/api/video/FilterVideoByGold', () =>
      ok({ list: [{ mediaKey: 'movie-02', price: 30, unlocked: false, cover: '/media/demo/cover-3.jpg' }], balance }),
    );
    return base;
  }

  it('shows the price and the balance; two fast taps send one payment and report the unlock once', async () => {
    const { container, world, logIn, calls } = gateSetup(100);
    logIn({ gold: 100 });
    world.http.route('GET', PAY, () => ok({ mediaKey: 'movie-02', price: 30, paid: 30, balance: 70, alreadyUnlocked: false }, '解锁成功'));
    let unlocked = 0;
    await render(container, <GoldGate mediaKey="movie-02" title="片名" price={30} onUnlocked={() => (unlocked += 1)} />);
    expect(host.querySelector('.gold-gate__text')?.textContent).toBe('该视频需要30金币解锁');
    expect(text('gold-price')).toBe('30金币');
    expect(text('gold-balance')).toBe('当前余额100金币');
    expect(host.querySelector('.gold-gate__cover')?.getAttribute('src')).toMatch(/^\/media\/demo\/cover-3\.jpg\?/);
    await act(async () => {
      byTestId('gold-unlock')?.click();
      byTestId('gold-unlock')?.click();
      await settle();
    });
    expect(calls('GET', PAY)).toHaveLength(1);
    expect(unlocked).toBe(1);
  });

  it('shows the refusal for too little gold with 去赚金币, which opens the sign-in page', async () => {
    const { container, world, logIn } = gateSetup(10);
    logIn({ gold: 10 });
    world.http.route('GET', PAY, () => refused(7030, '金币不足，当前余额10金币', { mediaKey: 'movie-02', price: 30, balance: 10 }));
    let unlocked = 0;
    await render(container, <GoldGate mediaKey="movie-02" title="片名" price={30} onUnlocked={() => (unlocked += 1)} />);
    await act(async () => {
      byTestId('gold-unlock')?.click();
      await settle();
    });
    expect(text('gold-refusal')).toBe('金币不足，当前余额10金币去赚金币');
    expect(unlocked).toBe(0);
    act(() => byTestId('gold-earn')?.click());
    expect(world.navigator.current().path).toBe('/signIn');
  });

  it('sends a visitor to /login, coming back to the video', async () => {
    const { container, world, calls } = gateSetup(null);
    await render(container, <GoldGate mediaKey="movie-02" title="片名" price={30} onUnlocked={() => undefined} />);
    expect(byTestId('gold-balance')).toBeNull();
    expect(text('gold-unlock')).toBe('登录后解锁');
    await act(async () => {
      byTestId('gold-unlock')?.click();
      await settle();
    });
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/play/movie-02' } });
    expect(calls('GET', PAY)).toHaveLength(0);
  });

  it('reports a video bought meanwhile (FilterVideoByGold says unlocked) as unlocked', async () => {
    const base = uiSetup();
    base.logIn();
    base.world.http.route('GET', '/api/video/FilterVideoByGold', () => ok({ list: [{ mediaKey: 'movie-02', price: 30, unlocked: true }], balance: 0 }));
    let unlocked = 0;
    await render(base.container, <GoldGate mediaKey="movie-02" title="" price={30} onUnlocked={() => (unlocked += 1)} />);
    expect(unlocked).toBe(1);
  });
});

describe('PauseAd and InsertedAd', () => {
  const AD = { id: 9, showURL: '/media/demo/cover-2.jpg', linkURL: '', viewURL: '/api/Video/AdView?id=9', trackingURL: '', title: '广告词', appParam: {} };
  function adSetup() {
    const base = uiSetup('/play/movie-07');
    base.world.http.route('GET', '/api/Video/GetAdsDataList', () => ok({ kaiping: [], zanting: [AD], chaBo: [AD], danmu: [] }));
    base.world.http.route('POST', '/api/Video/AdView', () => ok(null));
    return base;
  }

  it('the pause ad shows while visible, counts its view once, and closes with ×', async () => {
    const { container, calls } = adSetup();
    const view = (visible: boolean) => <PauseAd mediaKey="movie-07" visible={visible} />;
    await render(container, view(false));
    expect(byTestId('pause-ad')).toBeNull();
    await act(async () => root?.render(<ContainerProvider container={container}><MemoryRouter>{view(true)}</MemoryRouter></ContainerProvider>));
    expect(byTestId('pause-ad')?.querySelector('img')?.getAttribute('src')).toBe('/media/demo/cover-2.jpg');
    await act(async () => {
      byTestId('pause-ad')?.querySelector('img')?.dispatchEvent(new Event('load'));
      await settle();
    });
    expect(calls('POST', '/api/Video/AdView')).toHaveLength(1);
    act(() => byTestId('pause-ad-close')?.click());
    expect(byTestId('pause-ad')).toBeNull();
  });

  it('the inserted ad counts down, skips with 跳过广告 and calls onFinished exactly once', async () => {
    const { container, world } = adSetup();
    let finished = 0;
    await render(container, <InsertedAd mediaKey="movie-07" onFinished={() => (finished += 1)} />);
    expect(text('inserted-ad-countdown')).toBe('5秒');
    act(() => world.clock.advance(2_000));
    expect(text('inserted-ad-countdown')).toBe('3秒');
    expect(text('inserted-ad-skip')).toBe('跳过广告');
    act(() => byTestId('inserted-ad-skip')?.click());
    expect(byTestId('inserted-ad')).toBeNull();
    act(() => world.clock.advance(10_000));
    expect(finished).toBe(1);
  });

  it('a VIP user gets no inserted ad: onFinished at once', async () => {
    const { container, logIn } = adSetup();
    logIn({ vipLevel: 1 });
    let finished = 0;
    await render(container, <InsertedAd mediaKey="movie-07" onFinished={() => (finished += 1)} />);
    expect(byTestId('inserted-ad')).toBeNull();
    expect(finished).toBe(1);
  });
});

describe('/myGold', () => {
  it('shows the balance and the history with signed amounts, loading more pages', async () => {
    const { container, world, logIn } = uiSetup('/myGold');
    logIn();
    const entry = (id: number, amount: number, reason: string) => ({ id, amount, balance: 70, reason, videoTitle: '片名', note: '', time: world.clock.now() });
    world.http.route('GET', '/api/user/GetGoldRecords', (call) =>
      ok({ balance: 70, total: 21, list: call.params.page === '1' ? Array.from({ length: 20 }, (_, i) => entry(100 - i, i === 0 ? -30 : 5, i === 0 ? 'unlock' : 'sign_in')) : [entry(1, 100, 'grant')] }),
    );
    await render(container, <MyGoldScreen />);
    expect(text('my-gold-balance')).toBe('70');
    // The page has no height here, so the end of the list is in view at once: the second page follows.
    const rows = [...host.querySelectorAll('[data-testid="gold-record"]')];
    expect(rows).toHaveLength(21);
    expect(rows[20]?.querySelector('[data-testid="gold-record-amount"]')?.textContent).toBe('+100');
    expect(text('list-footer')).toBe('没有更多了哦~');
    expect(rows[0]?.querySelector('.gold-record__label')?.textContent).toBe('解锁《片名》');
    expect(rows[0]?.querySelector('[data-testid="gold-record-amount"]')?.textContent).toBe('-30');
    expect(rows[1]?.querySelector('[data-testid="gold-record-amount"]')?.textContent).toBe('+5');
    expect(rows[0]?.textContent).toContain('刚刚');
  });

  it('shows the empty state, and sends a visitor to /login', async () => {
    const empty = uiSetup('/myGold');
    empty.logIn();
    empty.world.http.route('GET', '/api/user/GetGoldRecords', () => ok({ balance: 0, total: 0, list: [] }));
    await render(empty.container, <MyGoldScreen />);
    expect(text('my-gold-balance')).toBe('0');
    expect(host.textContent).toContain('还没有金币记录');
    act(() => root?.unmount());
    root = null;
    host.remove();

    const visitor = uiSetup('/myGold');
    await render(visitor.container, <MyGoldScreen />);
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/myGold' } });
  });
});
