import { describe, expect, it } from 'vitest';
import {
  autoStartLevel,
  heightFromBandwidth,
  keyAction,
  levelForChoice,
  parseQualityChoice,
  parseSpeed,
  PLAYBACK_SPEEDS,
  qualityName,
  qualityOptions,
  shownChoice,
  speedLabel,
  steppedVolume,
} from '../../../src/core/playback/player-controls-rules.ts';

const LOW = { height: 180, bandwidth: 150_000 };
const MID = { height: 360, bandwidth: 300_000 };

describe('speeds', () => {
  it('are bilibili’s six, labelled 0.5X … 2.0X', () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.5, 0.75, 1, 1.25, 1.5, 2]);
    expect(PLAYBACK_SPEEDS.map(speedLabel)).toEqual(['0.5X', '0.75X', '1.0X', '1.25X', '1.5X', '2.0X']);
  });

  it('a stored speed outside the menu reads as 1', () => {
    expect(parseSpeed(1.5)).toBe(1.5);
    expect(parseSpeed(3)).toBe(1);
    expect(parseSpeed('2')).toBe(1);
    expect(parseSpeed(null)).toBe(1);
  });
});

describe('quality names', () => {
  it('names renditions as viewers know them, by height', () => {
    expect(qualityName(MID)).toBe('360P 流畅');
    expect(qualityName(LOW)).toBe('180P 极速');
    expect(qualityName({ height: 480, bandwidth: 0 })).toBe('480P 清晰');
    expect(qualityName({ height: 720, bandwidth: 0 })).toBe('720P 高清');
    expect(qualityName({ height: 1080, bandwidth: 0 })).toBe('1080P 超清');
    expect(qualityName({ height: 2160, bandwidth: 0 })).toBe('4K 超高清');
    expect(qualityName({ height: 540, bandwidth: 0 })).toBe('540P 清晰');
  });

  it('guesses the height from the bandwidth when the playlist gives no RESOLUTION', () => {
    expect(heightFromBandwidth(150_000)).toBe(180);
    expect(heightFromBandwidth(300_000)).toBe(360);
    expect(heightFromBandwidth(1_200_000)).toBe(480);
    expect(heightFromBandwidth(2_500_000)).toBe(720);
    expect(heightFromBandwidth(5_000_000)).toBe(1080);
    expect(qualityName({ height: 0, bandwidth: 2_500_000 })).toBe('720P 高清');
  });

  it('lists each height once, highest first, then 自动; nothing to choose with one rendition', () => {
    const options = qualityOptions([LOW, MID, { height: 360, bandwidth: 400_000 }]);
    expect(options).toEqual([
      { level: 2, choice: 360, label: '360P 流畅' },
      { level: 0, choice: 180, label: '180P 极速' },
      { level: -1, choice: 'auto', label: '自动' },
    ]);
    expect(qualityOptions([MID])).toEqual([]);
  });

  it('a kept choice plays its height, else the highest below it, else the lowest; 自动 is -1', () => {
    const levels = [LOW, MID];
    expect(levelForChoice(levels, 180)).toBe(0);
    expect(levelForChoice(levels, 360)).toBe(1);
    expect(levelForChoice(levels, 1080)).toBe(1);
    expect(levelForChoice(levels, 144)).toBe(0);
    expect(levelForChoice(levels, 'auto')).toBe(-1);
    expect(levelForChoice([], 360)).toBe(-1);
    // Of two variants of one height, the higher bandwidth (the one the menu lists).
    expect(levelForChoice([LOW, MID, { height: 360, bandwidth: 400_000 }], 360)).toBe(2);
    expect(levelForChoice([{ height: 180, bandwidth: 90_000 }, LOW, MID], 100)).toBe(1);
  });

  it('a kept choice shows as the item it plays: 720 on 180/360 renditions is 360P', () => {
    expect(shownChoice([LOW, MID], 720)).toBe(360);
    expect(shownChoice([LOW, MID], 180)).toBe(180);
    expect(shownChoice([LOW, MID], 'auto')).toBe('auto');
    expect(shownChoice([], 360)).toBe('auto');
  });

  it('reads a stored choice: a height or 自动', () => {
    expect(parseQualityChoice(360)).toBe(360);
    expect(parseQualityChoice('auto')).toBe('auto');
    expect(parseQualityChoice(-5)).toBe('auto');
    expect(parseQualityChoice(12.5)).toBe('auto');
  });
});

describe('自动 on mobile data', () => {
  it('starts at the lowest rendition on mobile data, else the player decides', () => {
    expect(autoStartLevel([MID, LOW], 'cellular')).toBe(1);
    expect(autoStartLevel([LOW, MID], 'cellular')).toBe(0);
    expect(autoStartLevel([LOW, MID], 'wifi')).toBe(-1);
    expect(autoStartLevel([LOW, MID], 'unknown')).toBe(-1);
    expect(autoStartLevel([MID], 'cellular')).toBe(-1);
  });
});

describe('keys', () => {
  it('map space/OK, arrows, F, D and Esc on the page', () => {
    expect(keyAction(' ', 'page')).toEqual({ type: 'toggle-play' });
    expect(keyAction('Enter', 'page')).toEqual({ type: 'toggle-play' });
    expect(keyAction('ArrowLeft', 'page')).toEqual({ type: 'seek', by: -5 });
    expect(keyAction('ArrowRight', 'page')).toEqual({ type: 'seek', by: 5 });
    expect(keyAction('ArrowUp', 'page')).toEqual({ type: 'volume', by: 0.1 });
    expect(keyAction('ArrowDown', 'page')).toEqual({ type: 'volume', by: -0.1 });
    expect(keyAction('f', 'page')).toEqual({ type: 'fullscreen' });
    expect(keyAction('F', 'page')).toEqual({ type: 'fullscreen' });
    expect(keyAction('d', 'page')).toEqual({ type: 'toggle-barrages' });
    expect(keyAction('Escape', 'page')).toEqual({ type: 'leave-fullscreen' });
    expect(keyAction('x', 'page')).toBeNull();
    expect(keyAction('MediaPlayPause', 'control')).toEqual({ type: 'toggle-play' });
    expect(keyAction('MediaFastForward', 'page')).toEqual({ type: 'seek', by: 5 });
    expect(keyAction('MediaRewind', 'page')).toEqual({ type: 'seek', by: -5 });
  });

  it('leave text fields alone, a focused button its space and Enter, and chords with modifiers', () => {
    expect(keyAction(' ', 'text')).toBeNull();
    expect(keyAction('d', 'text')).toBeNull();
    expect(keyAction('ArrowLeft', 'text')).toBeNull();
    expect(keyAction(' ', 'control')).toBeNull();
    expect(keyAction('Enter', 'control')).toBeNull();
    expect(keyAction('ArrowRight', 'control')).toEqual({ type: 'seek', by: 5 });
    expect(keyAction('f', 'page', true)).toBeNull();
  });

  it('steps the volume within 0–1', () => {
    expect(steppedVolume(0.5, 0.1)).toBe(0.6);
    expect(steppedVolume(0.95, 0.1)).toBe(1);
    expect(steppedVolume(0.05, -0.1)).toBe(0);
    expect(steppedVolume(0.7, -0.1)).toBe(0.6);
  });
});
