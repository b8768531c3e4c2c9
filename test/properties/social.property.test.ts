import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../src/composition/headless.ts';
import { FollowController } from '../../src/core/social/follow-controller.ts';
import { followLabel, followStep, initialFollowState, type FollowEvent, type FollowState } from '../../src/core/social/follow-machine.ts';
import { BlockStatus } from '../../src/core/social/social-protocol.ts';
import { SocialService } from '../../src/core/social/social-service.ts';
import { installFakeSocialApi } from '../../adapters/http/fake-social-api.ts';

const eventArb: fc.Arbitrary<FollowEvent> = fc.oneof(
  fc.record({ kind: fc.constant('tapped' as const), viewer: fc.constantFrom('self' as const, 'visitor' as const, 'user' as const) }),
  fc.record({ kind: fc.constant('confirmAnswered' as const), yes: fc.boolean() }),
  fc.record({ kind: fc.constant('followAnswered' as const), selected: fc.boolean() }),
  fc.record({ kind: fc.constant('followFailed' as const), ret: fc.constantFrom(500, 8021, 8024, -1) }),
  fc.record({ kind: fc.constant('unblockAnswered' as const), status: fc.constantFrom(0, 1) }),
  fc.constant({ kind: 'unblockFailed' as const }),
  fc.record({ kind: fc.constant('loaded' as const), user: fc.record({ focusStatus: fc.constantFrom(0 as const, 1 as const), isBlackList: fc.constantFrom(0 as const, 1 as const) }) }),
  fc.record({ kind: fc.constant('blockChanged' as const), status: fc.constantFrom(0, 1) }),
  fc.record({ kind: fc.constant('followChanged' as const), selected: fc.boolean() }),
);

describe('follow machine (pure)', () => {
  it('never asks to follow a blocked user, unblocks only after a yes, ignores taps while busy, labels every state', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), (events) => {
        let state: FollowState = initialFollowState;
        for (const event of events) {
          const before = state;
          const step = followStep(state, event);
          state = step.state;
          expect(['关注', '已关注', '已拉黑']).toContain(followLabel(state.relation));
          if (step.effect === 'requestFollow') expect(before.relation).not.toBe('blocked');
          if (step.effect === 'requestUnblock') expect(event).toEqual({ kind: 'confirmAnswered', yes: true });
          if (step.effect === 'askUnblock') expect(before.relation).toBe('blocked');
          if (event.kind === 'tapped' && before.pending !== 'none' && event.viewer === 'user') expect(step).toEqual({ state: before, effect: 'none' });
          if (event.kind === 'tapped' && event.viewer !== 'user') {
            expect(state).toBe(before);
            expect(step.effect).toBe(event.viewer === 'visitor' ? 'goLogin' : 'none');
          }
          // An unblock or a block never leaves a follow behind.
          if (event.kind === 'unblockAnswered' && before.pending === 'unblock') expect(state.relation).not.toBe('followed');
          if (event.kind === 'blockChanged' && event.status === BlockStatus.Blocked) expect(state.relation).toBe('blocked');
        }
      }),
    );
  });
});

type Command =
  | { kind: 'tap'; answer: boolean }
  | { kind: 'blockElsewhere' }
  | { kind: 'unblockElsewhere' }
  | { kind: 'failNext'; ret: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tap' as const), answer: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'blockElsewhere' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'unblockElsewhere' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('failNext' as const), ret: fc.constantFrom(500, 1005) }) },
);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('follow button against a server (random taps and answers)', () => {
  it('the label always matches the server once a tap settles; calls only as the rules allow', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { maxLength: 25 }), async (commands) => {
        const target = 2;
        const { container, world } = createHeadlessCore({ withFakeApi: false, path: `/space/${target}` });
        const api = installFakeSocialApi(world.http, 1);
        const service = container.get(SocialService);
        const button = new FollowController(target, { service, navigator: world.navigator, notifier: world.notifier, viewerId: () => 1 });
        button.watchChanges();
        const expected = () => (api.blocked.has(target) ? '已拉黑' : api.following.has(target) ? '已关注' : '关注');
        for (const command of commands) {
          const callsBefore = api.calls.length;
          const wasBlocked = api.blocked.has(target);
          const wasFollowing = api.following.has(target);
          if (command.kind === 'tap') {
            const tap = button.tapped();
            await flush();
            if (wasBlocked) {
              expect(world.notifier.dialogs.map((d) => d.options.title)).toEqual(['取消拉黑']);
              world.notifier.answer(command.answer);
            } else expect(world.notifier.dialogs).toHaveLength(0);
            await tap;
            const sent = api.calls.slice(callsBefore).map((c) => c.path);
            if (wasBlocked) {
              expect(sent).toEqual(command.answer ? ['/api/User/preventUser'] : []);
              expect(api.calls.slice(callsBefore).every((c) => c.params.status === '0')).toBe(true);
            } else expect(sent).toEqual(['/api/Video/FocusUPMaster']);
            if (api.failWith === null && wasBlocked && command.answer) expect(button.label()).toBe('关注');
            if (api.failWith === null && !wasBlocked) expect(api.following.has(target)).toBe(!wasFollowing);
            api.failWith = null;
          } else if (command.kind === 'blockElsewhere') {
            api.failWith = null;
            await service.setBlocked(target, BlockStatus.Blocked);
          } else if (command.kind === 'unblockElsewhere') {
            api.failWith = null;
            await service.setBlocked(target, BlockStatus.Unblocked);
          } else {
            api.failWith = { ret: command.ret, msg: '失败' };
            continue;
          }
          expect(button.current().pending).toBe('none');
          expect(button.label()).toBe(expected());
          if (api.blocked.has(target)) expect(api.following.has(target)).toBe(false);
        }
        button.dispose();
      }),
      { numRuns: 60 },
    );
  });

  it('a visitor never calls the server and always goes to /login with the return target', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), async (taps) => {
        const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/space/9' });
        const api = installFakeSocialApi(world.http, 1);
        const button = new FollowController(9, { service: container.get(SocialService), navigator: world.navigator, notifier: world.notifier, viewerId: () => null });
        for (let i = 0; i < taps; i += 1) {
          await button.tapped();
          expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/space/9' } });
          world.navigator.back();
        }
        expect(api.calls).toHaveLength(0);
        expect(button.label()).toBe('关注');
      }),
      { numRuns: 20 },
    );
  });
});
