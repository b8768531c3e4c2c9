import { parse } from 'valibot';
import type { ApiClient, CallOptions } from '../request/api-client.ts';
import type { BarrageConfig } from './barrage-config.ts';
import { BarrageCalls } from './barrage-protocol.ts';
import type { Barrage, BarrageReportReason } from './barrage-rules.ts';
import { barrageStyle, type BarrageMode, type BarrageStyle, type BarrageTextSize } from './barrage-style.ts';
import { fieldsOf, numberOf, textOf } from '../request/answer-values.ts';

type RequestOptions = Omit<CallOptions, 'paramsIn' | 'bodyEncoding'>;

/** A barrage as the client holds it: the server's fields, and whether the viewer sent it. */
export interface BarrageItem extends Barrage {
  mediaKey: string;
  episode: number;
  nickName: string;
  likeCount: number;
  liked: boolean;
  /** Sent by this viewer (drawn with a frame). */
  own: boolean;
  /** The sender page's id for this send (matches the socket echo to the barrage already shown). */
  clientId?: string;
  mode: BarrageMode;
  /** Uppercase '#RRGGBB'. */
  color: string;
  size: BarrageTextSize;
}

export interface ShieldedUser {
  uid: number;
  nickName: string;
}

/** One barrage of an answer or a sendBarrage event; null without an id, a time or a text. */
export function parseBarrage(value: unknown, me: number | null): BarrageItem | null {
  const raw = fieldsOf(value);
  const id = numberOf(raw.id, Number.NaN);
  const time = numberOf(raw.time, Number.NaN);
  const content = textOf(raw.content);
  if (!Number.isSafeInteger(id) || id <= 0 || !(time >= 0) || content === '') return null;
  const uid = Math.max(0, Math.trunc(numberOf(raw.uid)));
  const item: BarrageItem = {
    id,
    time,
    content,
    uid,
    mediaKey: textOf(raw.mediaKey),
    episode: Math.max(1, Math.trunc(numberOf(raw.episode, 1))),
    nickName: textOf(raw.nickName),
    likeCount: Math.max(0, Math.trunc(numberOf(raw.likeCount))),
    liked: raw.liked === true,
    own: me !== null && uid === me,
    ...parse(barrageStyle, raw),
  };
  const clientId = textOf(raw.clientId);
  if (clientId !== '') item.clientId = clientId;
  return item;
}

function listOf(data: unknown): unknown[] {
  const list = fieldsOf(data).list;
  return Array.isArray(list) ? list : [];
}

function parseShieldedUsers(data: unknown): ShieldedUser[] {
  return listOf(data)
    .map((entry) => {
      const raw = fieldsOf(entry);
      const uid = Math.trunc(numberOf(raw.uid));
      return uid > 0 ? { uid, nickName: textOf(raw.nickName) } : null;
    })
    .filter((user): user is ShieldedUser => user !== null);
}

function parseKeywords(data: unknown): string[] {
  return listOf(data).map(textOf).filter((keyword) => keyword !== '');
}

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
    const data = await this.api.request(BarrageCalls.list, { mediaKey, episode }, options);
    return listOf(data)
      .map((entry) => parseBarrage(entry, me))
      .filter((item): item is BarrageItem => item !== null);
  }

  /** Sends; the answer is the stored barrage (errors are toasted by the request layer and rethrown). */
  async send(
    request: { mediaKey: string; episode: number; content: string; time: number; clientId: string; style?: BarrageStyle },
    me: number | null,
  ): Promise<BarrageItem | null> {
    const data = await this.api.request(BarrageCalls.send, {
      mediaKey: request.mediaKey,
      episode: request.episode,
      content: request.content,
      time: request.time.toFixed(3),
      clientId: request.clientId,
      ...(request.style ? { mode: request.style.mode, color: request.style.color, size: request.style.size } : {}),
    });
    return parseBarrage(data, me);
  }

  async like(id: number): Promise<{ liked: boolean; count: number }> {
    const raw = fieldsOf(await this.api.request(BarrageCalls.like, { barrageId: id }));
    return { liked: raw.liked === true, count: Math.max(0, Math.trunc(numberOf(raw.count))) };
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
    return Math.max(0, Math.trunc(numberOf(fieldsOf(await this.api.request(BarrageCalls.coin, {}, options)).coin)));
  }

  async shieldedUsers(options: RequestOptions = {}): Promise<ShieldedUser[]> {
    return parseShieldedUsers(await this.api.request(BarrageCalls.shieldedUsers, {}, options));
  }

  async shieldUser(uid: number): Promise<ShieldedUser[]> {
    return parseShieldedUsers(await this.api.request(BarrageCalls.shieldUser, { uid }));
  }

  async removeShieldUser(uid: number): Promise<ShieldedUser[]> {
    return parseShieldedUsers(await this.api.request(BarrageCalls.removeShieldedUser, { uid }));
  }

  async shieldedKeywords(options: RequestOptions = {}): Promise<string[]> {
    return parseKeywords(await this.api.request(BarrageCalls.shieldedKeywords, {}, options));
  }

  async shieldKeyword(keyword: string): Promise<string[]> {
    return parseKeywords(await this.api.request(BarrageCalls.shieldKeyword, { keyword }));
  }

  async removeShieldKeyword(keyword: string): Promise<string[]> {
    return parseKeywords(await this.api.request(BarrageCalls.removeShieldedKeyword, { keyword }));
  }

  async config(options: RequestOptions = {}): Promise<BarrageConfig> {
    return this.api.request(BarrageCalls.config, {}, options);
  }

  async putConfig(config: Partial<BarrageConfig>): Promise<BarrageConfig> {
    return this.api.request(BarrageCalls.putConfig, settingsOf(config));
  }
}
