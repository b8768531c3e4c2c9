import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../adapters/clock/fake-clock.ts';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import { FakeTonePlayer } from '../../adapters/tone/fake-tone-player.ts';
import type { ChatMessage } from '../../src/core/messaging/message.ts';
import { MessageStore } from '../../src/core/messaging/message-store.ts';
import { MessageTips, TIP_VISIBLE_MS } from '../../src/core/messaging/message-tips.ts';

type TipEvent =
  | { kind: 'arrive'; from: number; type: number }
  | { kind: 'goto'; path: '/rank' | '/privateMessage' | '/chat'; chatWith: number }
  | { kind: 'tap' }
  | { kind: 'close' }
  | { kind: 'unignore' }
  | { kind: 'wait'; ms: number }
  | { kind: 'reset' };

const SENDERS = [11, 12, 13, 14];
const tipEvent: fc.Arbitrary<TipEvent> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('arrive' as const), from: fc.constantFrom(...SENDERS), type: fc.constantFrom(0, 0, 1, 2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('goto' as const), path: fc.constantFrom('/rank' as const, '/privateMessage' as const, '/chat' as const), chatWith: fc.constantFrom(...SENDERS) }) },
  fc.constant({ kind: 'tap' as const }),
  fc.constant({ kind: 'close' as const }),
  fc.constant({ kind: 'unignore' as const }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 2 * TIP_VISIBLE_MS }) }),
  fc.constant({ kind: 'reset' as const }),
);

const msg = (id: number, from: number, type: number): ChatMessage => ({
  id, fromUid: from, toUid: 1, type, content: 'x', createdAt: 0, clientId: null, avatar: '', nickname: `u${from}`, kefu: false,
});

describe('message tips over random event sequences', () => {
  it('count = arrivals since the last reset or tap; never shown on /privateMessage; an arrival from the open chat never shows it; shown 10 s from the last arrival that showed it; tone per arrival', () => {
    fc.assert(
      fc.property(fc.array(tipEvent, { maxLength: 60 }), (events) => {
        const clock = new FakeClock();
        const navigator = new MemoryNavigator('/rank');
        const tone = new FakeTonePlayer();
        const tips = new MessageTips(clock, new MemoryKeyValueStore(), tone, navigator);
        let id = 0;
        let sinceClear = 0;
        let arrivals = 0;
        let shownAt: number | null = null;
        for (const event of events) {
          const before = tips.state();
          if (event.kind === 'arrive') {
            const here = navigator.current();
            tips.arrived([msg(++id, event.from, event.type)]);
            sinceClear += 1;
            arrivals += 1;
            const after = tips.state();
            const inChat = here.path === '/chat' && here.query.toUid === String(event.from);
            if (!before.visible && after.visible) {
              expect(inChat).toBe(false);
              expect(event.type === 0 && before.ignored).toBe(false);
            }
            // An arrival that shows the popup shows it for 10 s from then, one already up included (its time
            // starts again): a random run with two arrivals 990 ms apart found the model counting from the first.
            const shows = !inChat && !(event.type === 0 && before.ignored) && here.path !== '/privateMessage';
            if (after.visible && shows) shownAt = clock.now();
            if (inChat && !before.visible) expect(after.visible).toBe(false);
          } else if (event.kind === 'goto') {
            if (event.path === '/chat') navigator.push('/chat', { toUid: String(event.chatWith) });
            else navigator.push(event.path);
            tips.routeChanged(event.path);
          } else if (event.kind === 'tap') {
            tips.tapped();
            sinceClear = 0;
          } else if (event.kind === 'close') {
            tips.closeTapped();
            expect(tips.state().ignored).toBe(true);
          } else if (event.kind === 'unignore') {
            tips.setIgnored(false);
          } else if (event.kind === 'wait') {
            clock.advance(event.ms);
          } else {
            tips.reset();
            sinceClear = 0;
            expect(tips.state().ignored).toBe(false);
          }
          const state = tips.state();
          if (!state.visible) shownAt = null;
          expect(state.count).toBe(sinceClear);
          expect(new Set(state.senders.map((s) => s.uid)).size).toBe(state.senders.length);
          if (navigator.current().path === '/privateMessage') expect(state.visible).toBe(false);
          if (state.visible && shownAt !== null) expect(clock.now() - shownAt).toBeLessThan(TIP_VISIBLE_MS);
          expect(tone.plays).toBe(arrivals);
        }
      }),
    );
  });
});

describe('message store over random deliveries', () => {
  it('whatever the order and repetition, a conversation holds each message once, ascending by id', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 120 }), (ids) => {
        const store = new MessageStore(new MemoryKeyValueStore(), () => 1);
        let fresh = 0;
        for (const n of ids) if (store.accept(msg(n, 2, 0))) fresh += 1;
        const seen = store.conversation(2).map((m) => m.id);
        expect(seen).toEqual([...new Set(ids)].sort((a, b) => a - b));
        expect(fresh).toBe(new Set(ids).size);
        expect(store.lastId()).toBe(ids.length ? Math.max(...ids) : null);
      }),
    );
  });
});
