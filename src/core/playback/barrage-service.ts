import type { ApiClient, CallOptions } from '../request/api-client.ts';
import { parsed } from '../request/answer-values.ts';
import type { BarrageConfig } from './barrage-config.ts';
import { BarrageCalls, wireBarrage, type WireBarrage, type WireShieldedUser } from './barrage-protocol.ts';
import type { BarrageReportReason } from './barrage-rules.ts';
import type { BarrageStyle } from './barrage-style.ts';

type RequestOptions = Omit<CallOptions, 'paramsIn' | 'bodyEncoding'>;

/** A barrage as the client holds it: the server's fields (barrage-protocol.ts), and whether the viewer sent it. */
export interface BarrageItem extends WireBarrage {
  /** Sent by this viewer (drawn with a frame). */
  own: boolean;
}

export interface ShieldedUser {
  uid: number;
  nickName: string;
}

/** The barrage as the viewer `me` holds it (own when `me` sent it). */
const itemOf = (barrage: WireBarrage, me: number | null): BarrageItem => ({ ...barrage, own: me !== null && barrage.uid === me });

/**
 * One barrage of a sendBarrage event, read as the answers' barrages are ({@link wireBarrage}); null without an id, a
 * time or a text.
 */
export function parseBarrage(value: unknown, me: number | null): BarrageItem | null {
  const barrage = parsed(wireBarrage, value);
  return barrage === null ? null : itemOf(barrage, me);
}

/** The shielded users as the lists show them (their names; the avatar is not kept). */
const shieldedUsersOf = ({ list }: { list: WireShieldedUser[] }): ShieldedUser[] => list.map(({ uid, nickName }) => ({ uid, nickName }));

/** The settings given, as the wire writes them (numbers and flags as text: '1' / '0'). */
function settingsOf(config: Partial<BarrageConfig>): Partial<Record<keyof BarrageConfig, string>> {
  const wire: Partial<Record<keyof BarrageConfig, string>> = {};
  for (const [name, value] of Object.entries(config) as [keyof BarrageConfig, BarrageConfig[keyof BarrageConfig] | undefined][]) {
    if (value === undefined) continue;
    wire[name] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return wire;
}

/** The barrage calls of spec section 7 ("Barrages and blocking"), answers parsed. */
export class BarrageService {
  constructor(private readonly api: ApiClient) {}

  async list(mediaKey: string, episode: number, me: number | null, options: RequestOptions = {}): Promise<BarrageItem[]> {
    const { list } = await this.api.request(BarrageCalls.list, { mediaKey, episode }, options);
    return list.map((barrage) => itemOf(barrage, me));
  }

  /** Sends; the answer is the stored barrage (errors are toasted by the request layer and rethrown). */
  async send(
    request: { mediaKey: string; episode: number; content: string; time: number; clientId: string; style?: BarrageStyle },
    me: number | null,
  ): Promise<BarrageItem | null> {
    const stored = await this.api.request(BarrageCalls.send, {
      mediaKey: request.mediaKey,
      episode: request.episode,
      content: request.content,
      time: request.time.toFixed(3),
      clientId: request.clientId,
      ...(request.style ? { mode: request.style.mode, color: request.style.color, size: request.style.size } : {}),
    });
    return stored === null ? null : itemOf(stored, me);
  }

  async like(id: number): Promise<{ liked: boolean; count: number }> {
    const { liked, count } = await this.api.request(BarrageCalls.like, { barrageId: id });
    return { liked, count };
  }

  /** Reports; a refusal is toasted unless the options suppress tips. */
  async report(id: number, reason: BarrageReportReason, options: RequestOptions = {}): Promise<void> {
    await this.api.request(BarrageCalls.report, { barrageId: id, reason }, options);
  }

  /** Counts one showing of the barrage ad: a POST to its viewURL (none when it is empty), quiet; a failure is not counted. */
  async countAdView(viewURL: string): Promise<void> {
    if (!viewURL) return;
    try {
      await this.api.post(viewURL, {}, { suppressTips: true });
    } catch {
      // Not counted.
    }
  }

  async coin(options: RequestOptions = {}): Promise<number> {
    return (await this.api.request(BarrageCalls.coin, {}, options)).coin;
  }

  async shieldedUsers(options: RequestOptions = {}): Promise<ShieldedUser[]> {
    return shieldedUsersOf(await this.api.request(BarrageCalls.shieldedUsers, {}, options));
  }

  async shieldUser(uid: number): Promise<ShieldedUser[]> {
    return shieldedUsersOf(await this.api.request(BarrageCalls.shieldUser, { uid }));
  }

  async removeShieldUser(uid: number): Promise<ShieldedUser[]> {
    return shieldedUsersOf(await this.api.request(BarrageCalls.removeShieldedUser, { uid }));
  }

  async shieldedKeywords(options: RequestOptions = {}): Promise<string[]> {
    return (await this.api.request(BarrageCalls.shieldedKeywords, {}, options)).list;
  }

  async shieldKeyword(keyword: string): Promise<string[]> {
    return (await this.api.request(BarrageCalls.shieldKeyword, { keyword })).list;
  }

  async removeShieldKeyword(keyword: string): Promise<string[]> {
    return (await this.api.request(BarrageCalls.removeShieldedKeyword, { keyword })).list;
  }

  async config(options: RequestOptions = {}): Promise<BarrageConfig> {
    return this.api.request(BarrageCalls.config, {}, options);
  }

  async putConfig(config: Partial<BarrageConfig>): Promise<BarrageConfig> {
    return this.api.request(BarrageCalls.putConfig, settingsOf(config));
  }
}
