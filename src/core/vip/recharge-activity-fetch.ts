import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { iconStateForActivity, RECHARGE_ACTIVITY_KEY } from './recharge-activity.ts';
import type { VipIconMachine, VipIconState } from '../shared-kernel/vip-icon.ts';
import { textOf } from '../request/answer-values.ts';
import { VipCalls, type RechargeActivityInfo } from './vip-protocol.ts';

export type { RechargeActivityInfo } from './vip-protocol.ts';

/** The stored recharge activity's rule text (what /activityRules shows), '' when none is stored. */
export function storedActivityRule(local: KeyValueStore): string {
  const raw = local.get(RECHARGE_ACTIVITY_KEY);
  if (raw === null) return '';
  try {
    return textOf((JSON.parse(raw) as { activityRule?: unknown }).activityRule);
  } catch {
    return '';
  }
}

/**
 * GetRechargeActivity: stores the activity (for /activityRules) and sets the VIP icon state with
 * the shell's rule (1 when status is truthy and the type is 0, else 3).
 */
export class RechargeActivityFetch {
  constructor(
    private readonly api: ApiClient,
    private readonly local: KeyValueStore,
    private readonly icon: VipIconMachine,
  ) {}

  async fetch(): Promise<{ activity: RechargeActivityInfo | null; icon: VipIconState | null } | null> {
    let activity: RechargeActivityInfo | null;
    try {
      activity = await this.api.request(VipCalls.rechargeActivity, {}, { suppressTips: true });
    } catch {
      return null;
    }
    if (activity) {
      this.local.set(RECHARGE_ACTIVITY_KEY, JSON.stringify({ status: activity.status, type: activity.type, activityRule: activity.activityRule }));
    }
    this.icon.setActivityActive(Boolean(activity?.status));
    const icon = this.icon.set(iconStateForActivity(activity ? { title: '', ...activity } : null));
    return { activity, icon };
  }

  /** Asks the server for the share discount after a confirmed share; the discount in euro, or null (it toasted). */
  async grantShareDiscount(): Promise<number | null> {
    try {
      return (await this.api.request(VipCalls.confirmShare, {})).discount;
    } catch {
      return null;
    }
  }
}
