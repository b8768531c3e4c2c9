import { parse } from 'valibot';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barrageConfig, changedBarrageConfig, DEFAULT_BARRAGE_CONFIG } from '../../../src/core/playback/barrage-config.ts';
import { BarrageTimeline, compileShields, contentProblem, isShielded, isShieldedBy, keywordProblem, type Barrage } from '../../../src/core/playback/barrage-rules.ts';
import { parseBarrage } from '../../../src/core/playback/barrage-service.ts';

describe('a barrage’s text', () => {
  it('is 1 to 50 characters after trimming, on one line', () => {
    expect(contentProblem('  ')).toBe('请输入弹幕内容');
    expect(contentProblem(` ${'字'.repeat(50)} `)).toBeNull();
    expect(contentProblem('字'.repeat(51))).toBe('弹幕最多50个字');
    expect(contentProblem('😀'.repeat(50))).toBeNull();
    expect(contentProblem('第一行\n第二行')).toBe('弹幕不能包含换行等特殊字符');
    expect(keywordProblem('a\tb')).toBe('关键词不能包含特殊字符');
  });
});

describe('compiled shields', () => {
  it('answer exactly as the plain rule', () => {
    fc.assert(
      fc.property(
        fc.record({ uid: fc.integer({ min: 0, max: 10 }), content: fc.string({ maxLength: 10 }) }),
        fc.array(fc.integer({ min: 0, max: 10 })),
        fc.array(fc.string({ maxLength: 3 })),
        (barrage, users, keywords) => {
          expect(isShieldedBy(barrage, compileShields({ users, keywords }))).toBe(isShielded(barrage, { users, keywords }));
        },
      ),
    );
  });
});

describe('the timeline', () => {
  it('removes by id and answers where a time starts', () => {
    const b = (id: number, time: number): Barrage => ({ id, time, content: `${id}`, uid: 1 });
    const timeline = new BarrageTimeline([b(1, 1), b(2, 2), b(3, 2), b(4, 5)]);
    expect(timeline.firstAfter(2)).toBe(3);
    expect(timeline.firstAfter(-1)).toBe(0);
    expect(timeline.at(3)?.id).toBe(4);
    expect(timeline.remove(2)).toBe(true);
    expect(timeline.remove(2)).toBe(false);
    expect(timeline.has(2)).toBe(false);
    expect(timeline.due(0, 9).map((x) => x.id)).toEqual([1, 3, 4]);
    expect(timeline.add(b(2, 2))).toBe(true);
  });
});

describe('barrage settings and answers', () => {
  it('reads settings within their ranges, else the defaults', () => {
    const read = (value: unknown) => parse(barrageConfig, value);
    expect(read({ opacity: '0.3', density: 0.5000001, merge: '0', blockTop: 1 })).toEqual({ ...DEFAULT_BARRAGE_CONFIG, opacity: 0.3, density: 0.5, merge: false, blockTop: true });
    expect(read({ opacity: 0.05, density: '0.35', merge: 'yes', area: 0.6 })).toEqual(DEFAULT_BARRAGE_CONFIG);
    expect(read({ area: '0.75' }).area).toBe(0.75);
    expect(read({ opacity: 2, speed: 'slow', size: 'x', area: '0.5' })).toEqual({ ...DEFAULT_BARRAGE_CONFIG, speed: 'slow', area: 0.5 });
    expect(read(null)).toEqual(DEFAULT_BARRAGE_CONFIG);
    expect(changedBarrageConfig(DEFAULT_BARRAGE_CONFIG, { opacity: ' 0.3 ', area: '0.25' })).toEqual({ ...DEFAULT_BARRAGE_CONFIG, opacity: 0.3, area: 0.25 });
    expect(changedBarrageConfig(DEFAULT_BARRAGE_CONFIG, { opacity: '0.3', area: '0.6' })).toBeNull();
    expect(changedBarrageConfig(DEFAULT_BARRAGE_CONFIG, {})).toBeNull();
  });

  it('parses a barrage, marking one’s own', () => {
    const raw = { id: 5, mediaKey: 'movie-04', episode: 1, time: 2.5, content: '好看', uid: 7, nickName: '我', likeCount: 3, liked: true, clientId: 'c1' };
    // An answer without a style (an older server) reads as a white, normal scrolling barrage.
    expect(parseBarrage(raw, 7)).toEqual({ ...raw, own: true, mode: 'scroll', color: '#FFFFFF', size: 'normal' });
    expect(parseBarrage({ ...raw, mode: 'bottom', color: '#00a2ff', size: 'small' }, 7)).toMatchObject({ mode: 'bottom', color: '#00A2FF', size: 'small' });
    expect(parseBarrage({ ...raw, clientId: undefined }, 8)).toMatchObject({ own: false });
    expect(parseBarrage({ ...raw, id: 0 }, 7)).toBeNull();
    expect(parseBarrage({ ...raw, content: '' }, 7)).toBeNull();
    expect(parseBarrage({ ...raw, time: -1 }, 7)).toBeNull();
    expect(parseBarrage('x', 7)).toBeNull();
  });
});
