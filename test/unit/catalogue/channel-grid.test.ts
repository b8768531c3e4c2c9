import { describe, expect, it } from 'vitest';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { channelTiles } from '../../../src/core/catalogue/channels.ts';
import type { Channel } from '../../../src/core/shared-kernel/video.ts';
import { ChannelGridViewModel } from '../../../src/ui/catalogue/channel-grid-view-model.ts';

const CHANNELS: Channel[] = [
  { key: 'movie', name: '电影', kind: 'long', alias: 'movie', subChannels: [] },
  { key: 'music', name: '音乐', kind: 'long', alias: 'music', subChannels: [{ id: 1, name: '流行' }] },
  { key: 'games', name: '游戏', kind: 'short', alias: 'game', subChannels: [{ id: 1, name: '手游' }, { id: 2, name: '端游' }] },
  { key: 'sport', name: '体育', kind: 'long', alias: 'sport', subChannels: [{ id: 9, name: '足球' }] },
];

describe('channelTiles (/navigation)', () => {
  it('leads each channel to its page as the channel bar opens it, and the ChannelNavigation categories’ sub-channels by tag', () => {
    expect(channelTiles(CHANNELS)).toEqual([
      { key: 'movie', name: '电影', location: { path: '/movie', query: {} }, tags: [] },
      { key: 'music', name: '音乐', location: { path: '/music', query: {} }, tags: [{ name: '流行', location: { path: '/channelNavigation/music', query: { tag: '1' } } }] },
      {
        key: 'games',
        name: '游戏',
        location: { path: '/game', query: {} },
        tags: [
          { name: '手游', location: { path: '/channelNavigation/game', query: { tag: '1' } } },
          { name: '端游', location: { path: '/channelNavigation/game', query: { tag: '2' } } },
        ],
      },
      // Not a ChannelNavigation category: no tags.
      { key: 'sport', name: '体育', location: { path: '/sport', query: {} }, tags: [] },
    ]);
  });
});

describe('ChannelGridViewModel', () => {
  it('loads the channels once, opens a tile’s page, and shows the error state only when nothing was loaded', async () => {
    let calls = 0;
    let fail = true;
    const navigator = new MemoryNavigator('/navigation');
    const vm = new ChannelGridViewModel(
      {
        channels: async () => {
          calls += 1;
          if (fail) throw new Error('offline');
          return CHANNELS;
        },
      },
      navigator,
    );
    await vm.refresh();
    expect(vm.failed).toBe(true);
    fail = false;
    await vm.refresh();
    expect(vm.failed).toBe(false);
    expect(vm.tiles.map((t) => t.name)).toEqual(['电影', '音乐', '游戏', '体育']);
    expect(vm.tagged.map((t) => t.key)).toEqual(['music', 'games']);
    vm.opened();
    expect(calls).toBe(2);
    vm.tileTapped(vm.tiles[2]!.location);
    expect(navigator.current()).toEqual({ path: '/game', query: {} });
    fail = true;
    await vm.refresh();
    expect(vm.failed).toBe(false);
  });
});
