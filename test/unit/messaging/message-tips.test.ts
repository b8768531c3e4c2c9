import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { FakeTonePlayer } from '../../../adapters/tone/fake-tone-player.ts';
import { badgeText, messagePreview } from '../../../src/core/messaging/message.ts';
import { IGNORE_USER_TIPS_KEY, MessageTips, TIP_VISIBLE_MS, tipCountText } from '../../../src/core/messaging/message-tips.ts';
import { message } from './fixtures.ts';

function setup(path = '/rank', query: Record<string, string> = {}) {
  const clock = new FakeClock();
  const store = new MemoryKeyValueStore();
  const tone = new FakeTonePlayer();
  const navigator = new MemoryNavigator(path, query);
  return { tips: new MessageTips(clock, store, tone, navigator), clock, store, tone, navigator };
}

describe('MessageTips', () => {
  it('an arrival joins the tip list, plays the tone and shows for 10 s', () => {
    const { tips, clock, tone } = setup();
    tips.arrived([message(1, 9)]);
    expect(tips.state()).toMatchObject({ visible: true, count: 1 });
    expect(tone.plays).toBe(1);
    clock.advance(TIP_VISIBLE_MS - 1);
    expect(tips.state().visible).toBe(true);
    clock.advance(1);
    expect(tips.state().visible).toBe(false);
    expect(tips.state().count).toBe(1);
  });

  it('does not show in that chat, nor on /privateMessage, but still counts and plays', () => {
    const chat = setup('/chat', { toUid: '9' });
    chat.tips.arrived([message(1, 9)]);
    expect(chat.tips.state()).toMatchObject({ visible: false, count: 1 });
    expect(chat.tone.plays).toBe(1);
    chat.tips.arrived([message(2, 8)]);
    expect(chat.tips.state().visible).toBe(true);
    const list = setup('/privateMessage');
    list.tips.arrived([message(1, 9)]);
    expect(list.tips.state().visible).toBe(false);
  });

  it('close hides and ignores normal messages for the session; other types still show; unsetting removes the flag', () => {
    const { tips, store } = setup();
    tips.arrived([message(1, 9)]);
    tips.closeTapped();
    expect(tips.state()).toMatchObject({ visible: false, ignored: true });
    expect(store.get(IGNORE_USER_TIPS_KEY)).toBe('1');
    tips.arrived([message(2, 9)]);
    expect(tips.state().visible).toBe(false);
    tips.arrived([message(3, 9, { type: 2 })]);
    expect(tips.state().visible).toBe(true);
    tips.setIgnored(false);
    expect(store.get(IGNORE_USER_TIPS_KEY)).toBeNull();
  });

  it('tap opens the chat with the single sender, or the list for several; the tips are cleared', () => {
    const one = setup();
    one.tips.arrived([message(1, 9), message(2, 9)]);
    one.tips.tapped();
    expect(one.navigator.current()).toEqual({ path: '/chat', query: { toUid: '9', nickName: '用户9', avatar: '/a/9.png' } });
    expect(one.tips.state()).toMatchObject({ visible: false, count: 0, senders: [] });
    const many = setup();
    many.tips.arrived([message(1, 9), message(2, 8)]);
    many.tips.tapped();
    expect(many.navigator.current().path).toBe('/privateMessage');
  });

  it('a route change to /privateMessage forces the popup hidden', () => {
    const { tips } = setup();
    tips.arrived([message(1, 9)]);
    tips.routeChanged('/privateMessage');
    expect(tips.state().visible).toBe(false);
  });

  it('counts read N条新消息 with 99+, badges 99+', () => {
    expect(tipCountText(3)).toBe('3条新消息');
    expect(tipCountText(100)).toBe('99+条新消息');
    expect(badgeText(0)).toBe('');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(120)).toBe('99+');
    expect(messagePreview({ type: 1, content: '{}' })).toBe('[订单信息]');
    expect(messagePreview({ type: 0, content: '你好' })).toBe('你好');
  });
});
