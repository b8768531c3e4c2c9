import { describe, expect, it } from 'vitest';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { installFakeRegionApi } from '../../../adapters/http/fake-region-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { RegionService, type PickedState, type RegionState } from '../../../src/core/region/region-service.ts';
import { hasSubdivisions, SUBDIVISION_COUNTRIES } from '../../../src/core/region/subdivision-countries.ts';
import { subdivisionOf, subdivisionsOf } from '../../../src/core/region/subdivisions.ts';
import { COUNTRIES } from '../../../src/core/shared-kernel/countries.ts';
import type { SessionModel } from '../../../src/ui/app/session-model.ts';
import { CountryStateListViewModel, RegionRowViewModel, SelectAreaViewModel } from '../../../src/ui/region/select-area-view-model.ts';

describe('the regions inside a country (subdivisions.ts)', () => {
  it('China: all 34 provincial-level divisions in the official order, 北京市 first', () => {
    const china = subdivisionsOf('CN');
    expect(china).toHaveLength(34);
    expect(china.slice(0, 3).map((each) => each.name)).toEqual(['北京市', '天津市', '河北省']);
    expect(china.map((each) => each.name)).toEqual(expect.arrayContaining(['上海市', '广东省', '新疆维吾尔自治区', '台湾省', '香港特别行政区', '澳门特别行政区']));
    expect(subdivisionOf('CN', ' gd ')).toEqual({ code: 'GD', name: '广东省' });
  });

  it('the other countries: 51 US entries, 47 prefectures, every list with unique ISO codes and Chinese names', () => {
    expect(subdivisionsOf('US')).toHaveLength(51);
    expect(subdivisionsOf('JP')).toHaveLength(47);
    expect(subdivisionOf('JP', '13')?.name).toBe('东京都');
    expect(subdivisionsOf('CA')).toHaveLength(13);
    expect(subdivisionsOf('AU')).toHaveLength(8);
    for (const country of SUBDIVISION_COUNTRIES) {
      const list = subdivisionsOf(country);
      expect(list.length, country).toBeGreaterThan(0);
      expect(new Set(list.map((each) => each.code)).size, country).toBe(list.length);
      expect(new Set(list.map((each) => each.name)).size, country).toBe(list.length);
      for (const each of list) {
        expect(each.code).toMatch(/^[A-Z0-9]{1,3}$/);
        expect(each.name).toMatch(/^[\u4e00-\u9fff-]+$/);
      }
      expect(COUNTRIES.some((each) => each.code === country)).toBe(true);
    }
  });

  it('a country without a list has none; hasSubdivisions agrees with the table', () => {
    expect(subdivisionsOf('FR')).toEqual([]);
    expect(subdivisionOf('FR', 'IDF')).toBeUndefined();
    expect(subdivisionOf('CN', 'NSW')).toBeUndefined();
    for (const country of COUNTRIES) expect(hasSubdivisions(country.code), country.code).toBe(subdivisionsOf(country.code).length > 0);
  });

  it('lists the foreign ones by pinyin (亚拉巴马州 after 阿拉斯加州)', () => {
    const us = subdivisionsOf('US').map((each) => each.name);
    expect(us[0]).toBe('阿肯色州');
    expect(us.indexOf('阿拉斯加州')).toBeLessThan(us.indexOf('亚拉巴马州'));
  });
});

/** A region service as the view-models use it: what is in use, and the picks made. */
function regionWorld(start: { code: string; state?: PickedState } = { code: 'CN' }) {
  const picks: { code: string; signedIn: boolean; state?: PickedState }[] = [];
  let chosen: { code: string; state?: PickedState } | null = null;
  let refuse = false;
  const region = {
    state: (): RegionState => ({ userArea: '中国', userAreaCode: start.code, userAreaState: start.state ?? null, isMalaysia: false }),
    chosen: () => chosen?.code ?? null,
    chosenState: () => chosen?.state ?? null,
    choose: async (code: string, signedIn: boolean, state?: PickedState) => {
      picks.push(state === undefined ? { code, signedIn } : { code, signedIn, state });
      if (refuse) return false;
      chosen = state === undefined ? { code } : { code, state };
      return true;
    },
  } satisfies Pick<RegionService, 'state' | 'chosen' | 'chosenState' | 'choose'>;
  return { region, picks, refuseNext: () => (refuse = true) };
}

const signedIn = { loggedIn: true } as SessionModel;

describe('/selectArea and /countryStateList', () => {
  it('a country with regions leads on to /countryStateList; one without is chosen at once', async () => {
    const { region, picks } = regionWorld();
    const navigator = new MemoryNavigator('/settings');
    navigator.push('/selectArea');
    const notifier = new FakeNotifier();
    const vm = new SelectAreaViewModel(region, signedIn, navigator, notifier);
    expect(vm.current).toBe('中国');
    expect(vm.leadsOn('CN')).toBe(true);
    expect(vm.leadsOn('FR')).toBe(false);
    await vm.picked('CN');
    expect(navigator.current()).toEqual({ path: '/countryStateList', query: { country: 'CN' } });
    expect(picks).toEqual([]);
    navigator.back();
    await vm.picked('FR');
    expect(picks).toEqual([{ code: 'FR', signedIn: true }]);
    expect(navigator.current().path).toBe('/settings');
    expect(notifier.toasts.map((toast) => toast.message)).toEqual(['地区已更新']);
  });

  it('picking 广东省 keeps 中国 with it, back to /selectArea, which shows 中国 广东省 as does 设置', async () => {
    const { region, picks } = regionWorld();
    const navigator = new MemoryNavigator('/settings');
    navigator.push('/selectArea');
    navigator.push('/countryStateList', { country: 'CN' });
    const notifier = new FakeNotifier();
    const vm = new CountryStateListViewModel(region, signedIn, navigator, notifier, async () => subdivisionsOf, 'CN');
    expect(vm.status).toBe('loading');
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.countryName).toBe('中国');
    expect(vm.states).toHaveLength(34);
    expect(vm.chosen).toBe('');
    await vm.picked({ code: 'GD', name: '广东省' });
    expect(picks).toEqual([{ code: 'CN', signedIn: true, state: { code: 'GD', name: '广东省' } }]);
    expect(vm.chosen).toBe('GD');
    expect(navigator.current().path).toBe('/selectArea');
    expect(notifier.toasts.map((toast) => toast.message)).toEqual(['地区已更新']);
    expect(new SelectAreaViewModel(region, signedIn, navigator, notifier).current).toBe('中国 广东省');
    expect(new RegionRowViewModel(region).name).toBe('中国 广东省');
  });

  it('marks the region the account keeps; a refused pick stays; a country without a list or a failed load says so', async () => {
    const { region, refuseNext } = regionWorld({ code: 'JP', state: { code: '13', name: '东京都' } });
    expect(new RegionRowViewModel(region).name).toBe('日本 东京都');
    const navigator = new MemoryNavigator('/countryStateList', { country: 'JP' });
    const vm = new CountryStateListViewModel(region, signedIn, navigator, new FakeNotifier(), async () => subdivisionsOf, 'JP');
    await vm.load();
    expect(vm.chosen).toBe('13');
    refuseNext();
    await vm.picked({ code: '27', name: '大阪府' });
    expect(vm.chosen).toBe('13');
    expect(navigator.current().path).toBe('/countryStateList');
    const none = new CountryStateListViewModel(region, signedIn, navigator, new FakeNotifier(), async () => subdivisionsOf, 'FR');
    await none.load();
    expect(none.empty).toBe(true);
    const failing = new CountryStateListViewModel(region, signedIn, navigator, new FakeNotifier(), () => Promise.reject(new Error('chunk')), 'CN');
    await failing.load();
    expect(failing.status).toBe('failed');
  });
});

describe('RegionService keeps the region inside the country', () => {
  it('a hand pick keeps its state locally; the server\'s answer (GetUserRegion\'s state) is kept as the account\'s', async () => {
    const { container, world } = createHeadlessCore();
    const fake = installFakeRegionApi(world.http);
    const region = container.get(RegionService);
    fake.region = { country: '中国', code: 'CN', state: '广东省', stateCode: 'GD' };
    await region.refresh();
    expect(region.state().userAreaState).toEqual({ code: 'GD', name: '广东省' });
    expect(region.chosenState()).toBeNull();
    expect(await region.choose('JP', false, { code: '13', name: '东京都' })).toBe(true);
    expect(region.chosen()).toBe('JP');
    expect(region.chosenState()).toEqual({ code: '13', name: '东京都' });
    expect(await region.choose('FR', false)).toBe(true);
    expect(region.chosenState()).toBeNull();
    fake.region = { country: '中国', code: 'CN' };
    await region.refresh();
    expect(region.state().userAreaState).toBeNull();
  });
});
