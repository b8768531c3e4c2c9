import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MergeIndex, MergeRules, isSampled, mergeKey, planMerge, samplePoint, type FilterableBarrage } from '../../src/core/playback/barrage-filters.ts';
import { compileRegexKeyword, regexKeywordProblem } from '../../src/core/playback/barrage-regex.ts';

/** Barrages of a few texts (so many are identical, some by case or width only) over a minute, ids unique. */
const barrages = fc
  .array(
    fc.record({
      time: fc.integer({ min: 0, max: 60_000 }).map((ms) => ms / 1000),
      content: fc.constantFrom('哈哈哈', '666', 'ＡＢ', 'ab', 'AB ', '前方高能', '哈哈'),
    }),
    { maxLength: 200 },
  )
  .map((list) => list.map((barrage, index): FilterableBarrage => ({ ...barrage, id: index + 1 })));

const byTime = (list: readonly FilterableBarrage[]) => [...list].sort((a, b) => a.time - b.time || a.id - b.id);

/** Each barrage's leader in a plan: itself when shown, else the shown one of its text nearest in time. */
function check(list: readonly FilterableBarrage[], plan: ReturnType<typeof planMerge>): void {
  const leaders = list.filter((barrage) => !plan.merged.has(barrage.id));
  // Every barrage is counted once: the leaders' counts add up to all of them.
  const total = leaders.reduce((sum, leader) => sum + (plan.counts.get(leader.id) ?? 1), 0);
  expect(total).toBe(list.length);
  // Leaders of one text are more than the window apart; every merged barrage has a leader of its text within it.
  for (const a of leaders) {
    for (const b of leaders) {
      if (a !== b && mergeKey(a.content) === mergeKey(b.content)) expect(Math.abs(a.time - b.time)).toBeGreaterThan(MergeRules.windowSec);
    }
  }
  for (const barrage of list) {
    if (!plan.merged.has(barrage.id)) continue;
    expect(leaders.some((leader) => mergeKey(leader.content) === mergeKey(barrage.content) && Math.abs(leader.time - barrage.time) <= MergeRules.windowSec)).toBe(true);
  }
}

describe('merging identical barrages', () => {
  it('in time order: each is counted once, leaders of a text are further apart than the window, members within it', () => {
    fc.assert(fc.property(barrages, (list) => check(list, planMerge(byTime(list)))));
  });

  it('live, in any order of arrival, the same invariants hold', () => {
    fc.assert(
      fc.property(barrages, (list) => {
        const index = new MergeIndex();
        for (const barrage of list) index.add(barrage);
        check(list, index.plan());
      }),
    );
  });

  it('merging never joins different texts, and a list without repeats is left as it is', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { selector: mergeKey, maxLength: 50 }), (texts) => {
        const plan = planMerge(texts.map((content, index) => ({ id: index + 1, time: index / 10, content })));
        expect(plan.merged.size).toBe(0);
        expect(plan.counts.size).toBe(0);
      }),
    );
  });
});

describe('density sampling', () => {
  it('is deterministic and monotone: a barrage shown at a density is shown at every higher one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (id, a, b) => {
        const [low, high] = a <= b ? [a / 10, b / 10] : [b / 10, a / 10];
        expect(isSampled(id, low)).toBe(isSampled(id, low));
        if (isSampled(id, low)) expect(isSampled(id, high)).toBe(true);
        expect(isSampled(id, 1)).toBe(true);
        expect(samplePoint(id)).toBeGreaterThanOrEqual(0);
        expect(samplePoint(id)).toBeLessThan(1);
      }),
    );
  });

  it('shows about the share asked of consecutive ids', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (from, tenths) => {
        let shown = 0;
        for (let id = from; id < from + 2000; id++) if (isSampled(id, tenths / 10)) shown += 1;
        expect(Math.abs(shown / 2000 - tenths / 10)).toBeLessThan(0.06);
      }),
      { numRuns: 30 },
    );
  });
});

describe('regex keywords', () => {
  /** Patterns built from safe pieces: literals, classes, optional and repeated atoms (three at most), groups without inner repeats. */
  const atom = fc.constantFrom('a', '6', '哈', '\\d', '[0-9]', '.', '(?:ab)', '(xy)');
  const quantifier = fc.constantFrom('', '', '?', '*', '+', '{2}', '{1,3}');
  const safePattern = fc.array(fc.tuple(atom, quantifier).map(([a, q]) => a + q), { minLength: 1, maxLength: 6 })
    .map((parts) => parts.join(''))
    .filter((pattern) => pattern.length <= 44 && (pattern.match(/[*+]|\{\d(,\d)?\}/g) ?? []).length <= 3);

  it('a pattern of safe pieces is accepted and compiles; any repeated group with a repeat inside is refused', () => {
    fc.assert(
      fc.property(safePattern, fc.constantFrom('*', '+', '{2,}'), fc.constantFrom('^', ''), (pattern, outer, anchor) => {
        expect(regexKeywordProblem(`/${anchor}${pattern}/`)).toBeNull();
        expect(compileRegexKeyword(`/${anchor}${pattern}/`)).toBeInstanceOf(RegExp);
        const nested = `/(${pattern}+)${outer}$/`;
        if (nested.length <= 50) expect(regexKeywordProblem(nested)).not.toBeNull();
      }),
    );
  });

  it('an accepted pattern matches any barrage-length text quickly', () => {
    fc.assert(
      fc.property(safePattern, fc.string({ maxLength: 50 }), (pattern, text) => {
        const regex = compileRegexKeyword(`/${pattern}/`);
        expect(regex).not.toBeNull();
        const started = performance.now();
        for (const input of [`${text}${'a'.repeat(40)}!`, `${'6'.repeat(45)}!`, `${'xy'.repeat(22)}!`, `${'ab'.repeat(22)}!`, `${'哈'.repeat(45)}!`]) regex?.test(input);
        // A catastrophic pattern would take minutes on 40 a's; a safe one well under a second even on a busy machine.
        expect(performance.now() - started).toBeLessThan(1000);
      }),
      { numRuns: 200 },
    );
  });
});
