import { describe, expect, it } from 'vitest';
import { RegexKeywordTexts } from '../../../src/core/playback/playback-texts.ts';
import { type BarrageItem } from '../../../src/core/playback/barrage-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { barrageViewModel, barrageWorld, flush, stored, user } from './barrage-support.ts';

/** The play screen's barrages over three identical ones within 2 s, one of them from a user the viewer may block. */
async function setup() {
  const { container, world, api } = barrageWorld([stored(1, 1, '哈哈哈'), stored(2, 2, '哈哈哈', 50), stored(3, 3, ' 哈哈哈 '), stored(4, 9, '哈哈哈'), stored(5, 4, '666')]);
  container.get(UserSession).signedIn(user());
  const vm = barrageViewModel({ container, world });
  vm.opened('/play/movie-04', 'movie-04');
  await flush();
  vm.filters.timelineLoaded();
  const { timeline } = vm.timeline.session;
  const item = (id: number): BarrageItem => {
    for (let index = 0; index < timeline.size(); index++) if (timeline.at(index)?.id === id) return timeline.at(index) as BarrageItem;
    throw new Error(`no barrage ${id}`);
  };
  return { vm, api, world, item };
}

describe('the barrage filters of the play screen', () => {
  it('merges identical barrages of the loaded episode into the first, written ×N; a later one stands alone', async () => {
    const { vm, item } = await setup();
    const filter = vm.filters.viewerFilter;
    expect([...filter.merge.merged].sort()).toEqual([2, 3]);
    expect(vm.filters.label(item(1))).toBe('哈哈哈 ×3');
    expect(vm.filters.label(item(4))).toBe('哈哈哈');
  });

  it('leaves out what the lists block, and merges nothing when 合并重复弹幕 is off', async () => {
    const { vm, item } = await setup();
    await vm.filters.userShielded(item(2));
    expect(vm.filters.label(item(1))).toBe('哈哈哈 ×2');
    await vm.configChanged({ merge: false });
    expect(vm.filters.viewerFilter.merge.merged.size).toBe(0);
    expect(vm.filters.label(item(1))).toBe('哈哈哈');
  });

  it('a change of opacity or speed keeps the filter as it is (nothing laid out again, live counts kept)', async () => {
    const { vm } = await setup();
    const before = vm.filters.viewerFilter;
    await vm.configChanged({ opacity: 0.5, speed: 'fast' });
    expect(vm.filters.viewerFilter).toBe(before);
  });

  it('follows the settings: types blocked and density', async () => {
    const { vm } = await setup();
    await vm.configChanged({ blockColor: true, blockTop: true, density: 0.3 });
    expect(vm.filters.viewerFilter.types).toEqual({ scroll: false, top: true, bottom: false, color: true });
    expect(vm.filters.viewerFilter.density).toBe(0.3);
  });

  it('a live twin of one shown on screen within 5 s merges into it; one too late, off screen or one’s own flies', async () => {
    const { vm, item } = await setup();
    const live = (id: number, own = false) => ({ ...item(4), id, own, content: '哈哈哈' });
    vm.filters.shown(item(4), 9);
    expect(vm.filters.liveArrived(live(20), 12, () => true)).toBe(4);
    expect(vm.filters.label(item(4))).toBe('哈哈哈 ×2');
    expect(vm.filters.viewerFilter.merge.merged.has(20)).toBe(true);
    expect(vm.filters.liveArrived(live(21), 15, () => true)).toBeNull();
    expect(vm.filters.liveArrived(live(22), 12, () => false)).toBeNull();
    expect(vm.filters.liveArrived(live(23, true), 12, () => true)).toBeNull();
  });

  it('a /regex/ keyword is kept as written; an unsafe one is refused with its reason', async () => {
    const { vm, api, world } = await setup();
    vm.filters.keywordInputChanged(' /^6+$/ ');
    await vm.filters.keywordSubmitted();
    expect(vm.filters.shieldKeywords).toEqual(['/^6+$/']);
    expect(api.shieldKeywords).toEqual(['/^6+$/']);
    expect(vm.filters.viewerFilter.shields.patterns.has('/^6+$/')).toBe(true);
    vm.filters.keywordInputChanged('/(a+)+$/');
    await vm.filters.keywordSubmitted();
    expect(vm.filters.shieldKeywords).toEqual(['/^6+$/']);
    expect(vm.filters.keywordInput).toBe('/(a+)+$/');
    expect(world.notifier.lastToast()?.message).toBe(RegexKeywordTexts.unsafe);
  });
});
