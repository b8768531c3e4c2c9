/**
 * The operator console's ads (广告): every ad with its counts, and a change of one; a refusal of the change (its
 * schedule, its link) is answered for the form to show, not toasted.
 */
import { ApiRefusal } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ConsoleAdCalls, type ConsoleAd } from './admin-ads-protocol.ts';

export interface AdChange {
  enabled: boolean;
  title: string;
  linkURL: string;
  /** Unix ms, or null for none. */
  startsAt: number | null;
  endsAt: number | null;
}

export class ConsoleAds {
  constructor(private readonly api: ApiClient) {}

  async list(): Promise<ConsoleAd[]> {
    return this.api.request(ConsoleAdCalls.list, {});
  }

  async change(id: number, change: AdChange): Promise<{ ok: true; ad: ConsoleAd } | { ok: false; message: string }> {
    try {
      const ad = await this.api.request(
        ConsoleAdCalls.update,
        { id, enabled: change.enabled ? 1 : 0, title: change.title, linkURL: change.linkURL, startsAt: change.startsAt ?? 0, endsAt: change.endsAt ?? 0 },
        { suppressTips: true },
      );
      return { ok: true, ad };
    } catch (error) {
      if (error instanceof ApiRefusal) return { ok: false, message: error.msg };
      throw error;
    }
  }
}
