import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClipboard } from '../../../adapters/clipboard/fake-clipboard.ts';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { FakePageVisibility } from '../../../adapters/page-visibility/fake-page-visibility.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { RECHARGE_ACTIVITY_KEY } from '../../../src/core/vip/recharge-activity.ts';
import { VipIconMachine } from '../../../src/core/shared-kernel/vip-icon.ts';
import {
  BargainMachine,
  countdownText,
  nextBargainStatus,
  remainingSeconds,
  type BargainEvent,
  type BargainStatus,
} from '../../../src/core/vip/bargain.ts';
import { RechargeActivityFetch, storedActivityRule } from '../../../src/core/vip/recharge-activity-fetch.ts';
import { SHARE_LEAVE_MS, ShareActivityMachine, ShareStep, stepForTab } from '../../../src/core/vip/share-activity.ts';
import { ShareTexts } from '../../../src/core/vip/vip-texts.ts';
import { VipCalls } from '../../../src/core/vip/vip-protocol.ts';

const BargainPaths = {
  status: VipCalls.bargainStatus.path,
  join: VipCalls.joinBargain.path,
  giveUp: VipCalls.giveUpBargain.path,
  receiveForFree: VipCalls.claimBargain.path,
} as const;
const RECHARGE_ACTIVITY_PATH = VipCalls.rechargeActivity.path;

const ok = (data: unknown) => ({ body: { ret: 200, msg: '', data } });

/** A scripted bargain server: the status the next GetUserBargainStatus answers. */
function bargainSetup() {
  const { container, world } = createHeadlessCore();
  const nowS = Math.floor(world.clock.now() / 1000);
  const server = { info: { type: 0, price: 0, packageId: 0, key: '', url: '', endTime: 0 } as Record<string, unknown>, statusCalls: 0 };
  world.http.route('GET', BargainPaths.status, () => {
    server.statusCalls += 1;
    return ok(server.info);
  });
  world.http.route('GET', BargainPaths.join, () => {
    server.info = { type: 1, price: 9.9, packageId: 3, key: 'k1', url: '/bargainHelp?key=k1', endTime: nowS + 3600 };
    return ok({ url: '/bargainHelp?key=k1' });
  });
  world.http.route('GET', BargainPaths.giveUp, () => ok(null));
  world.http.route('GET', BargainPaths.receiveForFree, () => ok(null));
  return { world, server, nowS, machine: container.get(BargainMachine) };
}

describe('bargain status', () => {
  it('0 → 1 on joining (answering the help link), 2 with the price and a countdown once cut', async () => {
    const { machine, server, nowS, world } = bargainSetup();
    await machine.refresh();
    expect(machine.snapshot().status).toBe(0);
    expect(await machine.join(3)).toBe('/bargainHelp?key=k1');
    expect(world.http.requests.find((r) => r.url === BargainPaths.join)?.params?.ProductID).toBe(3);
    expect(machine.snapshot().status).toBe(1);
    server.info = { ...server.info, type: 2, price: 4.5, endTime: nowS + 10 };
    await machine.refresh();
    expect(machine.snapshot()).toMatchObject({ status: 2, remaining: 10, info: { price: 4.5, key: 'k1' } });
    world.clock.advance(4000);
    expect(machine.snapshot().remaining).toBe(6);
    machine.dispose();
  });

  it('fetches again 3000 ms after the countdown ended, never showing a negative time', async () => {
    const { machine, server, nowS, world } = bargainSetup();
    server.info = { type: 2, price: 1, packageId: 3, key: 'k', url: '', endTime: nowS + 2 };
    await machine.refresh();
    const calls = server.statusCalls;
    await world.clock.advanceAsync(2000);
    expect(machine.snapshot().remaining).toBe(0);
    server.info = { type: 0 };
    await world.clock.advanceAsync(2999);
    expect(server.statusCalls).toBe(calls);
    await world.clock.advanceAsync(1);
    expect(server.statusCalls).toBe(calls + 1);
    expect(machine.snapshot().status).toBe(0);
    machine.dispose();
  });

  it('abandons with the key; claims free only at price 0 and closes the overlay after 3 s', async () => {
    const { machine, server, nowS, world } = bargainSetup();
    server.info = { type: 2, price: 2, packageId: 3, key: 'kk', url: '', endTime: nowS + 100 };
    await machine.refresh();
    expect(await machine.claimFree()).toBe(false);
    expect(await machine.giveUp()).toBe(true);
    expect(world.http.requests.find((r) => r.url === BargainPaths.giveUp)?.params?.key).toBe('kk');
    expect(machine.snapshot().status).toBe(0);
    server.info = { type: 2, price: 0, packageId: 3, key: 'k0', url: '', endTime: nowS + 100 };
    await machine.refresh();
    expect(await machine.claimFree()).toBe(true);
    expect(world.http.requests.find((r) => r.url === BargainPaths.receiveForFree)?.params?.key).toBe('k0');
    expect(machine.snapshot().overlay).toBe(true);
    world.clock.advance(2999);
    expect(machine.snapshot().overlay).toBe(true);
    world.clock.advance(1);
    expect(machine.snapshot().overlay).toBe(false);
    machine.dispose();
  });

  it('countdown text', () => {
    expect(countdownText(3725)).toBe('01:02:05');
    expect(countdownText(-5)).toBe('00:00:00');
  });

  const eventArb: fc.Arbitrary<BargainEvent> = fc.oneof(
    fc.constant<BargainEvent>({ kind: 'enter' }),
    fc.constantFrom(0, 1, 2).map((type) => ({ kind: 'fetched', type }) as BargainEvent),
    fc.constant<BargainEvent>({ kind: 'gaveUp' }),
    fc.constantFrom(0, 1.5).map((price) => ({ kind: 'claimed', price }) as BargainEvent),
  );

  it('property: no illegal transition over random event sequences', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let status: BargainStatus = 0;
        for (const event of events) {
          const next = nextBargainStatus(status, event);
          expect([0, 1, 2]).toContain(next);
          if (event.kind === 'enter') expect(next).toBe(status === 0 ? 1 : status);
          if (event.kind === 'gaveUp') expect(next).toBe(status === 2 ? 0 : status);
          if (event.kind === 'claimed') expect(next).toBe(status === 2 && event.price === 0 ? 0 : status);
          if (event.kind === 'fetched') expect(next).toBe(event.type);
          status = next;
        }
      }),
    );
  });

  it('property: the countdown never shows a negative time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -50, max: 50 }), fc.array(fc.integer({ min: 0, max: 7000 }), { maxLength: 10 }), async (offset, steps) => {
        const { machine, server, nowS, world } = bargainSetup();
        server.info = { type: 2, price: 1, packageId: 3, key: 'k', url: '', endTime: nowS + offset };
        await machine.refresh();
        for (const ms of steps) {
          await world.clock.advanceAsync(ms);
          const { remaining } = machine.snapshot();
          expect(remaining).toBeGreaterThanOrEqual(0);
          expect(countdownText(remaining)).not.toContain('-');
        }
        machine.dispose();
      }),
      { numRuns: 40 },
    );
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 0 }), (end, now) => remainingSeconds(end, now) >= 0));
  });
});

function shareSetup(supported = true) {
  const clock = new FakeClock();
  const clipboard = new FakeClipboard();
  const visibility = new FakePageVisibility({ supported });
  const notifier = new FakeNotifier();
  return { clock, clipboard, visibility, notifier, machine: new ShareActivityMachine(clipboard, visibility, clock, notifier) };
}

describe('share steps', () => {
  it('confirming before leaving the page is refused; copy, leave 3 s, confirm, thanks, buy', async () => {
    const { machine, clock, visibility, notifier, clipboard } = shareSetup();
    expect(machine.confirmShared()).toBe(false);
    expect(await machine.copy('share me')).toBe(true);
    expect(clipboard.text).toBe('share me');
    expect(machine.confirmShared()).toBe(false);
    expect(notifier.lastToast()?.message).toBe(ShareTexts.notShared);
    visibility.hide();
    clock.advance(SHARE_LEAVE_MS - 1);
    visibility.show();
    expect(machine.confirmShared()).toBe(false);
    visibility.hide();
    clock.advance(SHARE_LEAVE_MS);
    visibility.show();
    expect(machine.confirmShared()).toBe(true);
    expect(machine.step()).toBe(ShareStep.Thanks);
    expect(machine.toBuy()).toBe(true);
    expect(machine.step()).toBe(ShareStep.Buy);
    machine.dispose();
  });

  it('without page-visibility detection a copy is enough', async () => {
    const { machine } = shareSetup(false);
    expect(machine.confirmShared()).toBe(false);
    await machine.copy('x');
    expect(machine.confirmShared()).toBe(true);
  });

  it('a copy failure toasts Copy failed', async () => {
    const { machine, clipboard, notifier } = shareSetup();
    clipboard.failNext();
    expect(await machine.copy('x')).toBe(false);
    expect(notifier.lastToast()?.message).toBe('Copy failed');
  });

  it('tab change: 3 for the first tab, 1 for the others', () => {
    const { machine } = shareSetup();
    expect(machine.tabChanged(0)).toBe(ShareStep.Buy);
    expect(machine.tabChanged(2)).toBe(ShareStep.Share);
    expect(stepForTab(1)).toBe(1);
  });

  type ShareEvent = { kind: 'copy'; fail: boolean } | { kind: 'hide' } | { kind: 'show' } | { kind: 'wait'; ms: number } | { kind: 'confirm' } | { kind: 'tab'; index: number } | { kind: 'buy' };
  const shareEvent: fc.Arbitrary<ShareEvent> = fc.oneof(
    fc.boolean().map((fail) => ({ kind: 'copy', fail }) as ShareEvent),
    fc.constant<ShareEvent>({ kind: 'hide' }),
    fc.constant<ShareEvent>({ kind: 'show' }),
    fc.integer({ min: 0, max: 5000 }).map((ms) => ({ kind: 'wait', ms }) as ShareEvent),
    fc.constant<ShareEvent>({ kind: 'confirm' }),
    fc.integer({ min: 0, max: 3 }).map((index) => ({ kind: 'tab', index }) as ShareEvent),
    fc.constant<ShareEvent>({ kind: 'buy' }),
  );

  it('property: the confirmation never succeeds without a copy and a 3 s absence after it; steps stay legal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(shareEvent, { maxLength: 30 }), async (events) => {
        const { machine, clock, visibility, clipboard } = shareSetup();
        // The model: the last successful copy and the longest completed absence after it.
        let copiedAt: number | null = null;
        let hiddenAt: number | null = null;
        let absent = false;
        for (const event of events) {
          const before = machine.step();
          switch (event.kind) {
            case 'copy':
              if (event.fail) clipboard.failNext();
              if (await machine.copy('t')) {
                copiedAt = clock.now();
                absent = false;
                hiddenAt = visibility.isVisible() ? null : clock.now();
              }
              break;
            case 'hide':
              if (visibility.isVisible() && copiedAt !== null) hiddenAt = clock.now();
              visibility.hide();
              break;
            case 'show':
              if (!visibility.isVisible() && hiddenAt !== null && clock.now() - hiddenAt >= SHARE_LEAVE_MS) absent = true;
              if (!visibility.isVisible()) hiddenAt = null;
              visibility.show();
              break;
            case 'wait':
              clock.advance(event.ms);
              break;
            case 'confirm': {
              const done = machine.confirmShared();
              if (done) {
                expect(before).toBe(ShareStep.Share);
                expect(copiedAt).not.toBeNull();
                const hiddenLongEnough = hiddenAt !== null && clock.now() - hiddenAt >= SHARE_LEAVE_MS;
                expect(absent || hiddenLongEnough).toBe(true);
                expect(machine.step()).toBe(ShareStep.Thanks);
              } else {
                expect(machine.step()).toBe(before);
              }
              break;
            }
            case 'tab':
              machine.tabChanged(event.index);
              expect(machine.step()).toBe(event.index === 0 ? 3 : 1);
              if (event.index !== 0) {
                copiedAt = null;
                hiddenAt = null;
                absent = false;
              }
              break;
            case 'buy':
              machine.toBuy();
              expect(machine.step()).toBe(before === ShareStep.Thanks ? ShareStep.Buy : before);
              break;
          }
          expect([1, 2, 3]).toContain(machine.step());
        }
        machine.dispose();
      }),
    );
  });
});

describe('recharge activity fetch', () => {
  function setup(data: unknown) {
    const { container, world } = createHeadlessCore();
    world.http.route('GET', RECHARGE_ACTIVITY_PATH, () => ok(data));
    return { world, fetch: container.get(RechargeActivityFetch), icon: container.get(VipIconMachine) };
  }

  it('a running share activity (status truthy, type 0) sets icon state 1 and stores the rule text', async () => {
    const { fetch, world } = setup({ type: 0, status: 1, shareText: 's', activityRule: '规则' });
    expect((await fetch.fetch())?.icon).toBe(1);
    expect(JSON.parse(world.local.get(RECHARGE_ACTIVITY_KEY) ?? '{}')).toMatchObject({ activityRule: '规则' });
    expect(storedActivityRule(world.local)).toBe('规则');
  });

  it('a bargain activity or no status sets 3', async () => {
    expect((await setup({ type: 1, status: 1 }).fetch.fetch())?.icon).toBe(3);
    expect((await setup({ type: 0, status: 0 }).fetch.fetch())?.icon).toBe(3);
    expect((await setup(null).fetch.fetch())?.icon).toBe(3);
  });
});
