import { describe, expect, it } from 'vitest';
import {
  MergeIndex,
  NO_TYPE_BLOCKS,
  isColoured,
  isTypeBlocked,
  mergeKey,
  mergedLabel,
  planMerge,
} from '../../../src/core/playback/barrage-filters.ts';
import { compileRegexKeyword, isRegexKeyword, regexKeywordProblem } from '../../../src/core/playback/barrage-regex.ts';
import { RegexKeywordTexts } from '../../../src/core/playback/playback-texts.ts';
import { compileShields, isShielded, isShieldedBy, keywordProblem, normaliseKeyword, shieldsTightened } from '../../../src/core/playback/barrage-rules.ts';

const b = (id: number, time: number, content: string) => ({ id, time, content });

describe('merging identical barrages', () => {
  it('identical texts within 5 s show once with their count; later ones start a new group', () => {
    const plan = planMerge([b(1, 1, '哈哈哈'), b(2, 2, '哈哈哈 '), b(3, 3.5, '６６６'), b(4, 4, '666'), b(5, 6, '哈哈哈'), b(6, 6.5, '哈哈哈'), b(7, 7, '哈哈')]);
    expect([...plan.merged].sort()).toEqual([2, 4, 5]);
    expect(plan.counts.get(1)).toBe(3);
    expect(plan.counts.get(3)).toBe(2);
    // 6.5 is 5.5 s after the leader at 1: a group of its own.
    expect(plan.counts.has(6)).toBe(false);
    expect(plan.merged.has(6)).toBe(false);
    expect(plan.merged.has(7)).toBe(false);
  });

  it('folds case, width and inner spaces, nothing else', () => {
    expect(mergeKey(' ＨＡＨＡ  ha ')).toBe('haha ha');
    expect(mergeKey('哈哈')).not.toBe(mergeKey('哈哈哈'));
  });

  it('a live barrage merges into the nearest leader of its text within the window, else leads', () => {
    const index = new MergeIndex();
    expect(index.add(b(1, 10, 'gg'))).toBeNull();
    expect(index.add(b(2, 30, 'gg'))).toBeNull();
    expect(index.add(b(3, 27, 'GG'))).toBe(2);
    expect(index.add(b(4, 9, 'gg'))).toBe(1);
    expect(index.add(b(5, 20, 'gg'))).toBeNull();
    expect(index.count(2)).toBe(2);
    expect(index.count(5)).toBe(1);
  });

  it('labels a leader with ×N', () => {
    expect(mergedLabel('哈哈哈', 3)).toBe('哈哈哈 ×3');
    expect(mergedLabel('哈哈哈', 1)).toBe('哈哈哈');
    expect(mergedLabel('哈哈哈', undefined)).toBe('哈哈哈');
  });
});

describe('blocking by type', () => {
  it('scrolling when no mode; coloured when not white, whatever the case', () => {
    expect(isTypeBlocked({}, { ...NO_TYPE_BLOCKS, scroll: true })).toBe(true);
    expect(isTypeBlocked({ mode: 'top' }, { ...NO_TYPE_BLOCKS, scroll: true })).toBe(false);
    expect(isTypeBlocked({ mode: 'top' }, { ...NO_TYPE_BLOCKS, top: true })).toBe(true);
    expect(isTypeBlocked({ mode: 'bottom' }, { ...NO_TYPE_BLOCKS, bottom: true })).toBe(true);
    expect(isTypeBlocked({ color: '#FE0302' }, { ...NO_TYPE_BLOCKS, color: true })).toBe(true);
    expect(isTypeBlocked({ color: '#ffffff' }, { ...NO_TYPE_BLOCKS, color: true })).toBe(false);
    expect(isColoured({})).toBe(false);
    expect(isTypeBlocked({ mode: 'top', color: '#FE0302' }, NO_TYPE_BLOCKS)).toBe(false);
  });
});

describe('regex keywords', () => {
  it('are written between slashes, kept as written (not lower-cased)', () => {
    expect(isRegexKeyword(' /^6+$/ ')).toBe(true);
    expect(isRegexKeyword('/')).toBe(false);
    expect(isRegexKeyword('6/6')).toBe(false);
    expect(normaliseKeyword(' /\\D+/ ')).toBe('/\\D+/');
    expect(normaliseKeyword(' SPAM ')).toBe('spam');
  });

  it('refuses nested or alternating repetition, back-references, malformed and long patterns, with a reason', () => {
    for (const unsafe of ['/(a+)+$/', '/(a*)*b/', '/((ab)*)+/', '/(a|aa)+$/', '/(?:\\d+){2,}/', '/(.*a){3,}/', '/(x+x+)+y/', '/^(a?a?)+b/', '/(x?y?)*z/', '/(ab?)+/']) {
      expect(regexKeywordProblem(unsafe), unsafe).toBe(RegexKeywordTexts.unsafe);
    }
    expect(regexKeywordProblem('/\\d+\\d+\\d+\\d+x/')).toBe(RegexKeywordTexts.tooManyRepeats);
    expect(regexKeywordProblem('/.*.*.*x/')).toBeNull();
    expect(regexKeywordProblem('/(a)\\1/')).toBe(RegexKeywordTexts.backReference);
    expect(regexKeywordProblem('/(?<x>a)\\k<x>/')).toBe(RegexKeywordTexts.backReference);
    expect(regexKeywordProblem('/[a-/')).toBe(RegexKeywordTexts.invalid);
    expect(regexKeywordProblem('/(/')).toBe(RegexKeywordTexts.invalid);
    expect(regexKeywordProblem('/  /')).toBe(RegexKeywordTexts.empty);
    expect(regexKeywordProblem(`/${'a'.repeat(49)}/`)).toBe(RegexKeywordTexts.tooLong);
    expect(keywordProblem('/(a+)+$/')).toBe(RegexKeywordTexts.unsafe);
    expect(keywordProblem('/a\nb/')).toBe('关键词不能包含特殊字符');
  });

  it('accepts the usual safe ones, quantified groups without inner repeats included', () => {
    for (const safe of ['/^6+$/', '/^[哈]{3,}$/', '/(?:ab){2}/', '/\\d{4,}/', '/a+b*c?/', '/^(哈哈)+$/', '/[(a+)+]/', '/\\(a+\\)+/', '/\\u{1F600}+/', '/(?=a)b+/']) {
      expect(regexKeywordProblem(safe), safe).toBeNull();
    }
    // Longer than a plain keyword's 20 characters is fine up to 50.
    expect(keywordProblem(`/${'a'.repeat(30)}/`)).toBeNull();
  });

  it('blocks matching barrages, case-insensitively; a refused pattern blocks nothing', () => {
    const shields = compileShields({ users: [], keywords: ['/^6+$/', '/SPAM\\d/', '/(a+)+$/', '剧透'] });
    expect([...shields.patterns.keys()]).toEqual(['/^6+$/', '/SPAM\\d/']);
    expect(isShieldedBy({ uid: 1, content: '666666' }, shields)).toBe(true);
    expect(isShieldedBy({ uid: 1, content: '6666 好' }, shields)).toBe(false);
    expect(isShieldedBy({ uid: 1, content: 'buy spam1' }, shields)).toBe(true);
    expect(isShieldedBy({ uid: 1, content: 'aaaa' }, shields)).toBe(false);
    expect(isShielded({ uid: 1, content: '有剧透' }, { users: [], keywords: ['剧透'] })).toBe(true);
    expect(compileRegexKeyword('/(a+)+$/')).toBeNull();
  });

  it('knows when the lists only grew (nothing hidden comes back)', () => {
    const before = compileShields({ users: [1], keywords: ['/^6+$/', 'a'] });
    expect(shieldsTightened(before, compileShields({ users: [1, 2], keywords: ['/^6+$/', 'a', 'b'] }))).toBe(true);
    expect(shieldsTightened(before, compileShields({ users: [1], keywords: ['a'] }))).toBe(false);
    expect(shieldsTightened(before, compileShields({ users: [], keywords: ['/^6+$/', 'a'] }))).toBe(false);
  });
});
