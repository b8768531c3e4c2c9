import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../src/composition/headless.ts';
import { LoadState } from '../../src/core/display/list-state.ts';
import type { User } from '../../src/core/shared-kernel/user.ts';
import { CommentThread } from '../../src/core/video-social/comment-thread.ts';
import { countsAfterVote } from '../../src/core/video-social/video-actions.ts';
import { averageScore, commentContentProblem, toggledVote, type Vote } from '../../src/core/video-social/video-social-rules.ts';
import { VideoSocialService } from '../../src/core/video-social/video-social-service.ts';
import { installFakeVideoSocialApi } from '../../adapters/http/fake-video-social-api.ts';

const ME = 1;
const me: User = {
  id: ME, nickName: '我', avatar: '', vipLevel: 0, vipCategoryId: null, vipTypeName: '', eDate: '', userNameRaw: 'me', email: '', phone: '',
  AreaCode: '', region: 'CN', newWorks: false, totalMsgCount: 0, gender: null, introduction: '', level: 1, gold: 0, token: { uid: ME },
};

type Step = { kind: 'loadMore' } | { kind: 'post' } | { kind: 'deleteOwn'; pick: number } | { kind: 'othersPost' } | { kind: 'like'; pick: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'loadMore' as const }),
  fc.constant({ kind: 'post' as const }),
  fc.record({ kind: fc.constant('deleteOwn' as const), pick: fc.nat(20) }),
  fc.constant({ kind: 'othersPost' as const }),
  fc.record({ kind: fc.constant('like' as const), pick: fc.nat(20) }),
);

describe('comment thread', () => {
  it('never shows a comment twice, keeps likes and 评论 N true, and reading to the end shows every comment older than the first read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(12), fc.integer({ min: 1, max: 4 }), fc.array(stepArb, { maxLength: 25 }), async (initial, pageSize, steps) => {
        const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/play/movie-03' });
        const api = installFakeVideoSocialApi(world.http, ME);
        for (let n = 0; n < initial; n += 1) api.add({ content: `旧${n}`, uid: n % 3 === 0 ? ME : 5, time: n });
        const thread = new CommentThread('movie-03', undefined, {
          service: container.get(VideoSocialService), navigator: world.navigator, notifier: world.notifier, clock: world.clock, user: () => me,
        }, { pageSize });
        await thread.start();
        let time = 1000;
        for (const step of steps) {
          const shown = thread.current().comments;
          if (step.kind === 'loadMore') await thread.loadMore();
          if (step.kind === 'post') await thread.send(`新${time}`);
          if (step.kind === 'othersPost') api.add({ content: `别人${time}`, uid: 6, time: 10_000_000 + time });
          if (step.kind === 'deleteOwn') {
            const own = shown.filter((c) => c.uid === ME);
            const target = own[step.pick % Math.max(1, own.length)];
            if (target) {
              const deleting = thread.deleteTapped(target);
              await new Promise((resolve) => setTimeout(resolve, 0));
              world.notifier.answer(true);
              await deleting;
            }
          }
          if (step.kind === 'like') {
            const target = shown[step.pick % Math.max(1, shown.length)];
            if (target) await thread.likeTapped(target);
          }
          time += 1;
          const ids = thread.current().comments.map((c) => c.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(thread.current().comments.every((c) => !c.pending)).toBe(true);
          for (const c of thread.current().comments) {
            expect(c.likeCount).toBe(api.comments.find((stored) => stored.id === c.id)?.likes.size);
          }
        }
        for (let i = 0; i < 200 && thread.current().load !== LoadState.NoMore; i += 1) await thread.loadMore();
        const shownIds = new Set(thread.current().comments.map((c) => c.id));
        // Comments of others that arrived after the first page are newer than what was read: not required.
        const expected = api.comments.filter((c) => c.parentId === 0 && !c.content.startsWith('别人'));
        for (const c of expected) expect(shownIds.has(c.id)).toBe(true);
        // 评论 N follows one's own posts and deletes at once; others' new comments count from the next page read.
        const others = api.comments.filter((c) => c.content.startsWith('别人')).length;
        expect(thread.current().commentCount).toBeGreaterThanOrEqual(api.comments.length - others);
        expect(thread.current().commentCount).toBeLessThanOrEqual(api.comments.length);
      }),
      { numRuns: 60 },
    );
  });
});

describe('rules', () => {
  it('a vote toggled twice the same way comes back; counts never go negative and follow the vote', () => {
    const voteArb = fc.constantFrom<Vote>('like', 'dislike', 'none');
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), voteArb, fc.constantFrom('like' as const, 'dislike' as const), (likes, dislikes, mine, tapped) => {
        const counts = { likes: likes + (mine === 'like' ? 1 : 0), dislikes: dislikes + (mine === 'dislike' ? 1 : 0), myVote: mine };
        const once = countsAfterVote(counts, toggledVote(mine, tapped));
        const twice = countsAfterVote(once, toggledVote(once.myVote, tapped));
        expect(once.likes + once.dislikes - counts.likes - counts.dislikes).toBeGreaterThanOrEqual(-1);
        expect(once.likes).toBeGreaterThanOrEqual(0);
        expect(once.dislikes).toBeGreaterThanOrEqual(0);
        expect(twice.myVote === 'none' || twice.myVote === mine || mine === 'none').toBe(true);
        if (mine === 'none' || mine === tapped) expect(twice).toEqual(counts);
      }),
    );
  });

  it('the score is 0 exactly without ratings, else between the lowest and highest stars (out of 10)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 40 }), (stars) => {
        const distribution = [5, 4, 3, 2, 1].map((s) => ({ stars: s, count: stars.filter((x) => x === s).length }));
        const score = averageScore(distribution);
        if (stars.length === 0) return void expect(score).toBe(0);
        const values = stars.map((s) => s * 2);
        expect(score).toBeGreaterThanOrEqual(Math.min(...values) - 0.05);
        expect(score).toBeLessThanOrEqual(Math.max(...values) + 0.05);
      }),
    );
  });

  it('a comment passes exactly when its trimmed text has 1–500 characters and no control characters but line breaks', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 520 }), (text) => {
        const trimmed = text.trim();
        const length = [...trimmed].length;
        const ok = length >= 1 && length <= 500 && !/[^\P{Cc}\n]/u.test(trimmed);
        expect(commentContentProblem(text) === null).toBe(ok);
      }),
    );
  });
});
