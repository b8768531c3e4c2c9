import { parse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import type { BarrageSession } from '../../../src/core/playback/barrage-session.ts';
import { BarrageStyleChoice } from '../../../src/core/playback/barrage-style-choice.ts';
import { BASIC_BARRAGE_COLORS, VIP_BARRAGE_COLORS, barragePalette, barrageStyle, colorAllowed, type BarrageStyle } from '../../../src/core/playback/barrage-style.ts';
import { BarrageSendViewModel } from '../../../src/ui/barrage/barrage-send-view-model.ts';

describe('barrage styles (core)', () => {
  it('8 basic colours for everyone, 16 for VIP users; a VIP colour is refused to others, an unknown one to all', () => {
    expect(barragePalette(false)).toHaveLength(8);
    expect(barragePalette(true)).toHaveLength(16);
    expect(new Set(barragePalette(true)).size).toBe(16);
    for (const color of barragePalette(true)) expect(color).toMatch(/^#[0-9A-F]{6}$/);
    expect(colorAllowed(BASIC_BARRAGE_COLORS[1], false)).toBe('ok');
    expect(colorAllowed(VIP_BARRAGE_COLORS[0], false)).toBe('vip-only');
    expect(colorAllowed(VIP_BARRAGE_COLORS[0], true)).toBe('ok');
    expect(colorAllowed('#123456', true)).toBe('unknown');
  });

  it('reads loose fields as a style: uppercase colour, unknown values back to scroll, white, normal', () => {
    expect(parse(barrageStyle, { mode: 'top', color: '#fe0302', size: 'small' })).toEqual({ mode: 'top', color: '#FE0302', size: 'small' });
    expect(parse(barrageStyle, { mode: 'up', color: 'red', size: 'huge' })).toEqual({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
    expect(parse(barrageStyle, {})).toEqual({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
  });

  it('keeps the last choice on the device; a VIP colour falls back to white for a viewer who is not VIP; rubbish reads as the default', () => {
    const store = new MemoryKeyValueStore();
    const choice = new BarrageStyleChoice(store);
    expect(choice.load(false)).toEqual({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
    choice.save({ mode: 'bottom', color: VIP_BARRAGE_COLORS[2], size: 'small' });
    expect(choice.load(true)).toEqual({ mode: 'bottom', color: VIP_BARRAGE_COLORS[2], size: 'small' });
    expect(choice.load(false)).toEqual({ mode: 'bottom', color: '#FFFFFF', size: 'small' });
    store.set('barrageSendStyle', '{not json');
    expect(choice.load(true)).toEqual({ mode: 'scroll', color: '#FFFFFF', size: 'normal' });
  });
});

describe('the send box’s style panel', () => {
  function setup(vip: boolean, store = new MemoryKeyValueStore()) {
    const sent: { content: string; style: BarrageStyle | undefined }[] = [];
    const session = {
      send: (content: string, _time: number, style?: BarrageStyle) => {
        sent.push({ content, style });
        return Promise.resolve({ ok: true });
      },
    } as unknown as BarrageSession;
    const notifier = new FakeNotifier();
    const box = new BarrageSendViewModel({
      session,
      notifier,
      loggedIn: () => true,
      danmuOpen: () => true,
      player: () => null,
      goToLogin: () => undefined,
      vip: () => vip,
      styles: new BarrageStyleChoice(store),
    });
    return { box, sent, notifier, store };
  }

  it('sends in the colour, mode and size picked, and the next page starts with them', async () => {
    const { box, sent, store } = setup(false);
    box.styleTapped();
    expect(box.stylePanelOpen).toBe(true);
    box.colorPicked('#FE0302');
    box.modePicked('top');
    box.sizePicked('small');
    box.inputChanged('红色顶部');
    await box.sendTapped();
    expect(sent).toEqual([{ content: '红色顶部', style: { mode: 'top', color: '#FE0302', size: 'small' } }]);
    expect(box.stylePanelOpen).toBe(false);
    expect(setup(false, store).box.style).toEqual({ mode: 'top', color: '#FE0302', size: 'small' });
  });

  it('shows the VIP colours locked to a viewer who is not VIP: picking one says why and keeps the colour', () => {
    const { box, notifier } = setup(false);
    expect(box.palette.filter((entry) => entry.locked)).toHaveLength(8);
    box.colorPicked(VIP_BARRAGE_COLORS[0]);
    expect(box.style.color).toBe('#FFFFFF');
    expect(notifier.toasts.at(-1)?.message).toBe('该颜色为VIP会员专属，开通VIP后即可使用');
    const vip = setup(true).box;
    expect(vip.palette.some((entry) => entry.locked)).toBe(false);
    vip.colorPicked(VIP_BARRAGE_COLORS[0]);
    expect(vip.style.color).toBe(VIP_BARRAGE_COLORS[0]);
  });
});
