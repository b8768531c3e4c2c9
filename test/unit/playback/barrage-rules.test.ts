import { describe, expect, it } from 'vitest';
import { BarrageTimeline, admit, isShielded, keywordProblem, visibleBarrages, type Barrage } from '../../../src/core/playback/barrage-rules.ts';

const b = (id: number, time: number, content = `弹幕${id}`, uid = 100 + id): Barrage => ({ id, time, content, uid });

describe('shield lists', () => {
  it('hides a blocked sender and any text containing a blocked keyword, whatever the Latin case', () => {
    const shields = { users: [101], keywords: ['  剧透 ', 'SPAM'] };
    expect(isShielded(b(1, 0), shields)).toBe(true);
    expect(isShielded(b(2, 0, '前方剧透预警'), shields)).toBe(true);
    expect(isShielded(b(3, 0, 'buy spam now'), shields)).toBe(true);
    expect(isShielded(b(4, 0, '好看'), shields)).toBe(false);
    expect(visibleBarrages([b(1, 0), b(4, 0, '好看')], shields).map((x) => x.id)).toEqual([4]);
  });

  it('ignores blank keywords and an unknown sender id', () => {
    expect(isShielded(b(5, 0, '任何内容', 0), { users: [0], keywords: ['  '] })).toBe(false);
  });

  it('checks a keyword before it is blocked', () => {
    expect(keywordProblem('   ')).toBe('请输入要屏蔽的关键词');
    expect(keywordProblem('字'.repeat(21))).toBe('关键词不能超过20个字');
    expect(keywordProblem(' 剧透 ')).toBeNull();
  });
});

describe('the barrage timeline', () => {
  it('answers what becomes due as playback moves forward, and nothing on a seek back', () => {
    const timeline = new BarrageTimeline([b(3, 2.5), b(1, 1), b(2, 1)]);
    expect(timeline.due(0, 1).map((x) => x.id)).toEqual([1, 2]);
    expect(timeline.due(1, 3).map((x) => x.id)).toEqual([3]);
    expect(timeline.due(3, 0)).toEqual([]);
    expect(timeline.due(0.5, 2.5).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('takes a live barrage in its place once', () => {
    const timeline = new BarrageTimeline([b(1, 1), b(3, 3)]);
    expect(timeline.add(b(2, 2))).toBe(true);
    expect(timeline.add(b(2, 2))).toBe(false);
    expect(timeline.due(0, 5).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('keeps at most the capacity on screen, dropping the oldest', () => {
    expect(admit([1, 2, 3], [4, 5], 4)).toEqual([2, 3, 4, 5]);
    expect(admit([], [1], 4)).toEqual([1]);
  });
});
