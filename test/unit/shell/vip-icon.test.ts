import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { VipIconKeys, VipIconMachine, VipIconState, localDateString } from '../../../src/core/shared-kernel/vip-icon.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setup(start = Date.UTC(2026, 0, 1, 2, 0)) {
  const clock = new FakeClock(start);
  const session = new MemoryKeyValueStore();
  const local = new MemoryKeyValueStore();
  return { clock, session, local, machine: new VipIconMachine(session, local, clock) };
}

describe('VIP icon state', () => {
  it('starts undecided', () => {
    expect(setup().machine.state()).toBeNull();
  });

  it('goes to 1 when an activity is active, the date differs and the state is not 2', () => {
    const { machine, session } = setup();
    machine.setActivityActive(true);
    expect(machine.set(VipIconState.Activity)).toBe(VipIconState.Activity);
    expect(session.get(VipIconKeys.state)).toBe('1');
  });

  it('refuses 1 without an active recharge activity', () => {
    const { machine } = setup();
    expect(machine.set(VipIconState.Activity)).toBeNull();
  });

  it('1 → 2 stores today\'s local date (UTC+8: 02:00 UTC on Jan 1 is Jan 1 10:00 local)', () => {
    const { machine, local, clock } = setup(Date.UTC(2025, 11, 31, 20, 0));
    machine.setActivityActive(true);
    machine.set(VipIconState.Activity);
    expect(machine.set(VipIconState.Seen)).toBe(VipIconState.Seen);
    expect(local.get(VipIconKeys.date)).toBe('2026-01-01');
    expect(localDateString(clock)).toBe('2026-01-01');
  });

  it('refuses 1 on the day the date was stored, allows it again the next local day', () => {
    const { clock, session, local } = setup(Date.UTC(2026, 0, 1, 2, 0));
    const first = new VipIconMachine(session, local, clock);
    first.setActivityActive(true);
    first.set(VipIconState.Activity);
    first.set(VipIconState.Seen);
    // A new browser session the same day: the state starts over, the date remains.
    const sameDay = new VipIconMachine(new MemoryKeyValueStore(), local, clock);
    sameDay.setActivityActive(true);
    clock.advance(13 * HOUR); // 23:00 local, still Jan 1
    expect(sameDay.set(VipIconState.Activity)).toBeNull();
    clock.advance(HOUR); // 00:00 local, Jan 2
    expect(sameDay.set(VipIconState.Activity)).toBe(VipIconState.Activity);
  });

  it('refuses 1 while the state is 2, whatever the date', () => {
    const { machine, clock } = setup();
    machine.setActivityActive(true);
    machine.set(VipIconState.Activity);
    machine.set(VipIconState.Seen);
    clock.advance(3 * DAY);
    expect(machine.set(VipIconState.Activity)).toBe(VipIconState.Seen);
  });

  it('3 is final', () => {
    const { machine, clock } = setup();
    machine.setActivityActive(true);
    expect(machine.set(VipIconState.Final)).toBe(VipIconState.Final);
    clock.advance(2 * DAY);
    expect(machine.set(VipIconState.Activity)).toBe(VipIconState.Final);
    expect(machine.set(VipIconState.Seen)).toBe(VipIconState.Final);
  });

  it('2 from anything but 1 stores no date; 2 → 3 is allowed', () => {
    const { machine, local } = setup();
    expect(machine.set(VipIconState.Seen)).toBe(VipIconState.Seen);
    expect(local.get(VipIconKeys.date)).toBeNull();
    expect(machine.set(VipIconState.Final)).toBe(VipIconState.Final);
  });

  it('ignores an unreadable stored state', () => {
    const { machine, session } = setup();
    session.set(VipIconKeys.state, '7');
    expect(machine.state()).toBeNull();
  });
});

type Event = { kind: 'set'; to: VipIconState } | { kind: 'activity'; active: boolean } | { kind: 'wait'; ms: number };

const events = fc.array(
  fc.oneof(
    fc.constantFrom(VipIconState.Activity, VipIconState.Seen, VipIconState.Final).map((to): Event => ({ kind: 'set', to })),
    fc.boolean().map((active): Event => ({ kind: 'activity', active })),
    fc.integer({ min: 0, max: 3 * DAY }).map((ms): Event => ({ kind: 'wait', ms })),
  ),
  { maxLength: 40 },
);

describe('VIP icon state over random event sequences', () => {
  it('keeps its rules', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), events, (startOffset, sequence) => {
        const { machine, clock, local } = setup(Date.UTC(2026, 0, 1) + startOffset);
        let active = false;
        for (const event of sequence) {
          if (event.kind === 'wait') {
            clock.advance(event.ms);
            continue;
          }
          if (event.kind === 'activity') {
            active = event.active;
            machine.setActivityActive(active);
            continue;
          }
          const before = machine.state();
          const dateBefore = local.get(VipIconKeys.date);
          const after = machine.set(event.to);
          expect(after).toBe(machine.state());
          // 3 stays 3.
          if (before === VipIconState.Final) expect(after).toBe(VipIconState.Final);
          // 1 → 2 always stores today's date; nothing else writes the date.
          if (before === VipIconState.Activity && after === VipIconState.Seen) expect(local.get(VipIconKeys.date)).toBe(localDateString(clock));
          else expect(local.get(VipIconKeys.date)).toBe(dateBefore);
          // Entering 1 needs an active activity, a new day and a state other than 2.
          if (after === VipIconState.Activity && before !== VipIconState.Activity) {
            expect(active).toBe(true);
            expect(dateBefore).not.toBe(localDateString(clock));
            expect(before).not.toBe(VipIconState.Seen);
          }
          // The state only ever becomes what was asked, or stays.
          expect([before, event.to]).toContain(after);
        }
      }),
    );
  });
});
