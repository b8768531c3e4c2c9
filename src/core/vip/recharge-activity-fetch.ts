import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { iconStateForActivity, RECHARGE_ACTIVITY_KEY } from './recharge-activity.ts';
import type { VipIconMachine, VipIconState } from '../shared-kernel/vip-icon.ts';
import { textOf } from '../request/answer-values.ts';
import { VipCalls, type RechargeActivityInfo } from './vip-protocol.ts';

export type { RechargeActivityInfo } from './vip-protocol.ts';

function decodeRechargeActivity(value: unknown): RechargeActivityInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  const type = Number(raw.type);
  const status = Number(raw.status);
  if (!Number.isFinite(type) || !Number.isFinite(status)) return null;
  return {
    type,
    status,
    qrCodeTitle: textOf(raw.qrCodeTitle),
    qrCodeRemark: textOf(raw.qrCodeRemark),
    shareText: textOf(raw.shareText),
    activityRule: textOf(raw.activityRule),
    discount: Number.isFinite(Number(raw.discount)) ? Math.max(0, Number(raw.discount)) : 0,
  };
}

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
    let data: unknown;
    try {
      data = await this.api.request(VipCalls.rechargeActivity, {}, { suppressTips: true });
    } catch {
      return null;
    }
    const activity = decodeRechargeActivity(data);
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
      const data: { discount?: unknown } | null = await this.api.request(VipCalls.confirmShare, {});
      const discount = Number(data?.discount);
      return Number.isFinite(discount) ? discount : 0;
    } catch {
      return null;
    }
  }
}
