import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import { localDate, pad2 } from '../display/calendar.ts';

/** The VIP tab's icon state (spec section 4, "VIP icon state"). */
export const VipIconState = {
  /** A recharge activity runs and the user has not looked at it today: animated icon and the activity title. */
  Activity: 1,
  /** The user tapped the VIP tab while the activity icon showed (today's date is stored). */
  Seen: 2,
  /** No activity to show: final. */
  Final: 3,
} as const;
export type VipIconState = (typeof VipIconState)[keyof typeof VipIconState];

/** Storage keys: the state lives for the browser session, the date of the 1 → 2 change in local storage. */
export const VipIconKeys = {
  state: 'vipIconState',
  date: 'vipIconDate',
} as const;

/** Today's local date as yyyy-mm-dd. */
export function localDateString(clock: Clock): string {
  const now = clock.now();
  const { year, month, day } = localDate(now, clock.utcOffsetMinutes(now));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

function readState(raw: string | null): VipIconState | null {
  const n = Number(raw);
  return raw !== null && (Object.values(VipIconState) as number[]).includes(n) ? (n as VipIconState) : null;
}

/**
 * The VIP icon state machine. 3 is final; a change from 1 to 2 stores today's date; setting 1 applies only if
 * the date differs from the stored one, a recharge activity is active and the state is not 2. null: not decided
 * yet (the plain VIP tab).
 */
export class VipIconMachine {
  private activityActive = false;

  constructor(
    private readonly session: KeyValueStore,
    private readonly local: KeyValueStore,
    private readonly clock: Clock,
  ) {}

  state(): VipIconState | null {
    return readState(this.session.get(VipIconKeys.state));
  }

  storedDate(): string | null {
    return this.local.get(VipIconKeys.date);
  }

  /** Whether a recharge activity is known to be running (set by the activity fetch). */
  setActivityActive(active: boolean): void {
    this.activityActive = active;
  }

  /** Asks for a state; returns the state after the rules applied. */
  set(next: VipIconState): VipIconState | null {
    const current = this.state();
    if (current === VipIconState.Final || current === next) return current;
    if (next === VipIconState.Activity) {
      const today = localDateString(this.clock);
      if (today === this.storedDate() || !this.activityActive || current === VipIconState.Seen) return current;
    }
    if (next === VipIconState.Seen && current === VipIconState.Activity) this.local.set(VipIconKeys.date, localDateString(this.clock));
    this.session.set(VipIconKeys.state, String(next));
    return next;
  }
}
