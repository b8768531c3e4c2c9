import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { PlayerStateStore } from '../../../src/core/playback/play-player-state.ts';
import {
  chooseEpisode,
  clampTime,
  decideAutoplay,
  nextEpisode,
  playedFraction,
  resumeProgress,
  shouldAdvance,
  startPosition,
} from '../../../src/core/playback/play-rules.ts';
import { DEFAULT_PLAYER_SETTINGS, PLAYER_SETTINGS_KEY, PlayerSettingsStore, parsePlayerSettings } from '../../../src/core/playback/play-settings.ts';
import { PlaybackCalls } from '../../../src/core/playback/playback-protocol.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import type { AnswerSchema } from '../../../src/core/request/protocol.ts';

const episodes = (n: number) => Array.from({ length: n }, (_, i) => ({ episode: i + 1, title: `第${i + 1}集`, duration: 20 }));

describe('decideAutoplay', () => {
  it('asks on mobile data unless autoPlayWhenWWAN is on; plays elsewhere', () => {
    expect(decideAutoplay('cellular', false)).toBe('ask');
    expect(decideAutoplay('cellular', true)).toBe('play');
    for (const kind of ['wifi', 'wired', 'none', 'other', 'unknown'] as const) expect(decideAutoplay(kind, false)).toBe('play');
  });
});

describe('chooseEpisode and resumeProgress', () => {
  it('takes the episode asked for when it exists, else the last watched, else the first', () => {
    const list = episodes(6);
    expect(chooseEpisode(3, { episode: 2, progress: 5 }, list)).toBe(3);
    expect(chooseEpisode(9, { episode: 2, progress: 5 }, list)).toBe(2);
    expect(chooseEpisode(null, { episode: 2, progress: 5 }, list)).toBe(2);
    expect(chooseEpisode(null, { episode: 8, progress: 5 }, list)).toBe(1);
    expect(chooseEpisode(4, { episode: 1, progress: 0 }, [])).toBe(4);
  });

  it('resumes only the episode last watched', () => {
    expect(resumeProgress(2, { episode: 2, progress: 8 })).toBe(8);
    expect(resumeProgress(3, { episode: 2, progress: 8 })).toBe(0);
  });
});

describe('startPosition', () => {
  it('resumes, skips the intro when asked, starts over at the very end, and live starts at the edge', () => {
    const base = { progress: 0, introEnd: 3, skipIntro: false, duration: 20, live: false };
    expect(startPosition(base)).toBe(0);
    expect(startPosition({ ...base, skipIntro: true })).toBe(3);
    expect(startPosition({ ...base, progress: 10, skipIntro: true })).toBe(10);
    expect(startPosition({ ...base, progress: 2, skipIntro: true })).toBe(3);
    expect(startPosition({ ...base, progress: 18 })).toBe(0);
    expect(startPosition({ ...base, progress: 18, skipIntro: true })).toBe(3);
    expect(startPosition({ ...base, progress: 12, live: true })).toBe(0);
    expect(startPosition({ ...base, progress: 5, duration: Number.NaN })).toBe(5);
  });

  it('is always within the episode and never before the intro end when skipping', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(10), fc.boolean(), fc.integer({ min: 5, max: 40 }), (progress, introEnd, skipIntro, duration) => {
        const start = startPosition({ progress, introEnd, skipIntro, duration, live: false });
        expect(start).toBeGreaterThanOrEqual(0);
        expect(start).toBeLessThan(duration);
        if (skipIntro && introEnd < duration) expect(start).toBeGreaterThanOrEqual(introEnd);
      }),
    );
  });
});

describe('nextEpisode and shouldAdvance', () => {
  it('finds the next episode, none after the last', () => {
    expect(nextEpisode(1, episodes(3))).toBe(2);
    expect(nextEpisode(3, episodes(3))).toBeNull();
    expect(nextEpisode(1, [{ episode: 1, title: '', duration: 0 }, { episode: 4, title: '', duration: 0 }])).toBe(4);
  });

  it('moves on at the end with 自动连播, at the outro with 跳过片头片尾 too; never for live or after the last', () => {
    const base = { time: 10, ended: false, outroStart: 17, skipOutro: false, autoNext: true, live: false, hasNext: true };
    expect(shouldAdvance(base)).toBe(false);
    expect(shouldAdvance({ ...base, ended: true })).toBe(true);
    expect(shouldAdvance({ ...base, ended: true, autoNext: false })).toBe(false);
    expect(shouldAdvance({ ...base, ended: true, hasNext: false })).toBe(false);
    expect(shouldAdvance({ ...base, ended: true, live: true })).toBe(false);
    expect(shouldAdvance({ ...base, time: 17.1 })).toBe(false);
    expect(shouldAdvance({ ...base, time: 17.1, skipOutro: true })).toBe(true);
    expect(shouldAdvance({ ...base, time: 17.1, skipOutro: true, outroStart: 0 })).toBe(false);
  });
});

describe('clampTime and playedFraction', () => {
  it('keeps times within the episode and reads the played share', () => {
    expect(clampTime(-3, 20)).toBe(0);
    expect(clampTime(25, 20)).toBe(20);
    expect(clampTime(Number.NaN, 20)).toBe(0);
    expect(clampTime(7, Number.NaN)).toBe(7);
    expect(playedFraction(5, 20)).toBe(0.25);
    expect(playedFraction(5, Number.POSITIVE_INFINITY)).toBe(0);
    expect(playedFraction(30, 20)).toBe(1);
  });
});

describe('the moreFun switches', () => {
  it('default to skip off and next on, survive bad storage, and are kept in local storage', () => {
    expect(parsePlayerSettings(null)).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(parsePlayerSettings('{oops')).toEqual(DEFAULT_PLAYER_SETTINGS);
    expect(parsePlayerSettings('{"skip":true,"next":"yes"}')).toEqual({ skip: true, next: true });
    const local = new MemoryKeyValueStore();
    const store = new PlayerSettingsStore(local);
    const heard: boolean[] = [];
    store.subscribe((settings) => heard.push(settings.skip));
    store.set('skip', true);
    store.set('skip', true);
    expect(heard).toEqual([true]);
    expect(JSON.parse(local.get(PLAYER_SETTINGS_KEY) ?? '{}')).toEqual({ skip: true, next: true });
    expect(new PlayerSettingsStore(local).current()).toEqual({ skip: true, next: true });
  });
});

describe('the player state', () => {
  it('holds fullscreen and danmuOpen, telling listeners of real changes only', () => {
    const store = new PlayerStateStore();
    const heard: string[] = [];
    store.subscribe((s) => heard.push(`${s.playerIsFullscreen}/${s.danmuOpen}`));
    store.setFullscreen(true);
    store.setFullscreen(true);
    store.setDanmuOpen(false);
    expect(heard).toEqual(['true/true', 'true/false']);
  });
});

/** What a playback call's declared answer reads of `data` (null when unreadable). */
function read<Data>(declared: { answer?: AnswerSchema<Data> }, data: unknown): Data | null {
  return parsed(declared.answer!, data);
}

describe('reading the playback answers', () => {
  it('reads the details; a live channel has no intro or outro', () => {
    const details = read(PlaybackCalls.details, { mediaKey: 'drama-01', title: '繁花似锦', category: 'drama', episodeCount: 6, goldPrice: 0, unlocked: true, introEnd: 3, outroStart: 17 });
    expect(details).toMatchObject({ episodeCount: 6, live: false, introEnd: 3, outroStart: 17, unlocked: true });
    expect(read(PlaybackCalls.details, { mediaKey: 'tvlive-01', title: '频道', category: 'tvlive', introEnd: 3 })).toMatchObject({ live: true, introEnd: 0, episodeCount: 1 });
    expect(read(PlaybackCalls.details, { title: 'no key' })).toBeNull();
    expect(read(PlaybackCalls.details, null)).toBeNull();
  });

  it('reads play info, episodes in order without duplicates, sources and the watching lists', () => {
    expect(read(PlaybackCalls.playInfo, { episode: 0, progress: -4 })).toEqual({ episode: 1, progress: 0 });
    expect(read(PlaybackCalls.episodes, { list: [{ episode: 2, duration: 20 }, { episode: 1, title: '第1集' }, { episode: 2 }, { episode: 0 }, 'x'] })?.list).toEqual([
      { episode: 1, title: '第1集', duration: 0 },
      { episode: 2, title: '第2集', duration: 20 },
    ]);
    expect(read(PlaybackCalls.address, { url: '/vod/t/clip-d.mp4', kind: 'mp4' })).toEqual({ url: '/vod/t/clip-d.mp4', kind: 'mp4', live: false });
    expect(read(PlaybackCalls.address, { url: '/x', kind: 'flv' })).toBeNull();
    expect(read(PlaybackCalls.address, { kind: 'hls' })).toBeNull();
    const lists = read(PlaybackCalls.watching, { mine: [{ mediaKey: 'a', title: 'A', progress: 8, episode: 2 }, { title: 'no key' }], everyone: [{ mediaKey: 'b', title: 'B' }] });
    expect(lists?.mine).toEqual([expect.objectContaining({ mediaKey: 'a', progress: 8, episode: 2, episodeDuration: 0 })]);
    expect(lists?.everyone.map((v) => v.mediaKey)).toEqual(['b']);
  });
});
