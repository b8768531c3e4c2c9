import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { VipIconState, type VipIconMachine } from '../shared-kernel/vip-icon.ts';
import { RechargeActivityType, VipCalls, type RechargeActivitySummary } from './vip-protocol.ts';

/** The running recharge activity as GetActivity answers it (summary plus the stored rule text). */
export type RechargeActivity = RechargeActivitySummary;

/** Local storage key of the stored recharge activity (status, type, activityRule), read by /activityRules. */
export const RECHARGE_ACTIVITY_KEY = 'rechargeActivity';

/** The fetch's rule: state 1 when status is truthy and the type is 0 (share), otherwise 3. */
export function iconStateForActivity(activity: RechargeActivity | null): VipIconState {
  return activity && activity.status && activity.type === RechargeActivityType.Share ? VipIconState.Activity : VipIconState.Final;
}

/** Fetches the recharge activity, keeps it in local storage and moves the VIP icon state. */
export class RechargeActivityService {
  private current: RechargeActivity | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly local: KeyValueStore,
    private readonly icon: VipIconMachine,
  ) {}

  activity(): RechargeActivity | null {
    return this.current;
  }

  /** GetActivity; a failed call changes nothing and shows no toast. */
  async refresh(): Promise<RechargeActivity | null> {
    let activity: RechargeActivity | null;
    try {
      activity = await this.api.request(VipCalls.activity, {}, { suppressTips: true });
    } catch {
      return this.current;
    }
    this.current = activity;
    if (activity) {
      this.local.set(RECHARGE_ACTIVITY_KEY, JSON.stringify({ status: activity.status, type: activity.type, activityRule: activity.activityRule }));
    } else {
      this.local.remove(RECHARGE_ACTIVITY_KEY);
    }
    const next = iconStateForActivity(activity);
    this.icon.setActivityActive(Boolean(activity?.status));
    this.icon.set(next);
    return activity;
  }
}
