import { compileRegexKeyword, isRegexKeyword, regexKeywordProblem } from './barrage-regex.ts';
import type { BarrageMode, BarrageTextSize } from './barrage-style.ts';
import { BarrageTexts } from './playback-texts.ts';

/** A barrage (danmaku) on a video's timeline. */
export interface Barrage {
  id: number;
  /** Seconds into the video at which it flies in. */
  time: number;
  content: string;
  /** The sender's user id (0 when unknown). */
  uid: number;
  /** Scrolling (when absent), or pinned at the top or the bottom for 4 s (barrage-style.ts). */
  mode?: BarrageMode;
  /** Uppercase '#RRGGBB'; white when absent. */
  color?: string;
  /** The sender's size; normal when absent. */
  size?: BarrageTextSize;
}

/** What the viewer blocked (ShieldUser, ShieldKeyWord): filters old and live barrages alike. */
export interface ShieldLists {
  users: readonly number[];
  keywords: readonly string[];
}

export const BarrageLimits = {
  /** Barrages on screen at once (the renderer's capacity). */
  maxOnScreen: 1000,
  /** A blocked keyword: 1 to 20 characters after trimming. */
  keywordMax: 20,
  /** A barrage's text: 1 to 50 characters after trimming. */
  contentMax: 50,
  /** Blocked users, and blocked keywords, per viewer. */
  shieldListMax: 100,
  /** One barrage per user per this many milliseconds (AddBarrages). */
  sendIntervalMs: 1000,
} as const;

/** Why a barrage is reported (AccusationBarrage reason). */
export const BARRAGE_REPORT_REASONS = ['垃圾广告', '色情低俗', '人身攻击', '违法违规', '恶意剧透', '其他'] as const;
export type BarrageReportReason = (typeof BARRAGE_REPORT_REASONS)[number];

/** Control characters (line breaks included) are not allowed in a barrage or a keyword. */
const CONTROL = /\p{Cc}/u;

/** A barrage's text as it is sent and stored: trimmed. */
export function normaliseContent(content: string): string {
  return content.trim();
}

/** Why a barrage cannot be sent, or null when it can (after trimming: 1 to 50 characters, no control characters). */
export function contentProblem(content: string): string | null {
  const text = normaliseContent(content);
  if (text === '') return BarrageTexts.contentEmpty;
  if ([...text].length > BarrageLimits.contentMax) return BarrageTexts.contentTooLong;
  if (CONTROL.test(text)) return BarrageTexts.contentInvalid;
  return null;
}

export const EMPTY_SHIELDS: ShieldLists = { users: [], keywords: [] };

/**
 * A keyword as it is compared: trimmed, lower-case (Latin letters match whatever their case). A regex keyword
 * (/…/) is only trimmed (\D is not \d); it matches case-insensitively.
 */
export function normaliseKeyword(keyword: string): string {
  const trimmed = keyword.trim();
  return isRegexKeyword(trimmed) ? trimmed : trimmed.toLowerCase();
}

/** Why a keyword (or a /regex/) cannot be blocked, or null when it can. */
export function keywordProblem(keyword: string): string | null {
  const normalised = normaliseKeyword(keyword);
  if (normalised === '') return '请输入要屏蔽的关键词';
  if (isRegexKeyword(normalised)) return CONTROL.test(normalised) ? '关键词不能包含特殊字符' : regexKeywordProblem(normalised);
  if ([...normalised].length > BarrageLimits.keywordMax) return `关键词不能超过${BarrageLimits.keywordMax}个字`;
  if (CONTROL.test(normalised)) return '关键词不能包含特殊字符';
  return null;
}

/** True when the sender is blocked or the text contains a blocked keyword or matches a blocked /regex/. */
export function isShielded(barrage: Pick<Barrage, 'uid' | 'content'>, shields: ShieldLists): boolean {
  return isShieldedBy(barrage, compileShields(shields));
}

/**
 * Shield lists prepared for many checks (a renderer checks every barrage it admits): a set of users, the
 * normalised, non-empty plain keywords and the compiled safe patterns of the /regex/ ones (keyed by their keyword,
 * so two compilations compare). Answers exactly as isShielded.
 */
export interface CompiledShields {
  readonly users: ReadonlySet<number>;
  readonly keywords: readonly string[];
  readonly patterns: ReadonlyMap<string, RegExp>;
}

export function compileShields(shields: ShieldLists): CompiledShields {
  const keywords: string[] = [];
  const patterns = new Map<string, RegExp>();
  for (const raw of shields.keywords) {
    const keyword = normaliseKeyword(raw);
    if (keyword === '') continue;
    if (!isRegexKeyword(keyword)) {
      if (!keywords.includes(keyword)) keywords.push(keyword);
      continue;
    }
    const pattern = compileRegexKeyword(keyword);
    if (pattern) patterns.set(keyword, pattern);
  }
  return { users: new Set(shields.users.filter((uid) => uid > 0)), keywords, patterns };
}

export function isShieldedBy(barrage: Pick<Barrage, 'uid' | 'content'>, shields: CompiledShields): boolean {
  if (barrage.uid > 0 && shields.users.has(barrage.uid)) return true;
  if (shields.keywords.length > 0) {
    const text = barrage.content.toLowerCase();
    for (const keyword of shields.keywords) if (text.includes(keyword)) return true;
  }
  for (const pattern of shields.patterns.values()) if (pattern.test(barrage.content)) return true;
  return false;
}

/** True when `after` hides everything `before` hid (only more users, keywords or patterns): nothing comes back. */
export function shieldsTightened(before: CompiledShields, after: CompiledShields): boolean {
  for (const uid of before.users) if (!after.users.has(uid)) return false;
  for (const keyword of before.keywords) if (!after.keywords.includes(keyword)) return false;
  for (const keyword of before.patterns.keys()) if (!after.patterns.has(keyword)) return false;
  return true;
}

/** The barrages that may be shown, in their order. */
export function visibleBarrages<B extends Pick<Barrage, 'uid' | 'content'>>(barrages: readonly B[], shields: ShieldLists): B[] {
  const compiled = compileShields(shields);
  return barrages.filter((barrage) => !isShieldedBy(barrage, compiled));
}

/**
 * A video's barrages ordered by time (then id), answering which are due as playback moves on. A live one is
 * inserted in its place; a barrage is never due twice for the same forward run of playback.
 */
export class BarrageTimeline<B extends Barrage = Barrage> {
  private items: B[] = [];
  private readonly ids = new Set<number>();

  constructor(barrages: readonly B[] = []) {
    for (const barrage of barrages) this.add(barrage);
  }

  size(): number {
    return this.items.length;
  }

  /** Adds a barrage (ignored when its id is already there); answers whether it was new. */
  add(barrage: B): boolean {
    if (this.ids.has(barrage.id)) return false;
    this.ids.add(barrage.id);
    const at = this.indexAfter(barrage.time, barrage.id);
    this.items.splice(at, 0, barrage);
    return true;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Removes the barrage with that id; answers whether it was there. */
  remove(id: number): boolean {
    if (!this.ids.delete(id)) return false;
    const at = this.items.findIndex((item) => item.id === id);
    if (at >= 0) this.items.splice(at, 1);
    return true;
  }

  /** The barrage at an index of the time order (undefined past the end). */
  at(index: number): B | undefined {
    return this.items[index];
  }

  /** The index of the first barrage whose time is after `time` (size() when none): a frame loop walks from here without allocating. */
  firstAfter(time: number): number {
    return this.indexAfter(time, Number.POSITIVE_INFINITY);
  }

  /**
   * Barrages with fromSec < time <= toSec, by time: what becomes due when playback moves from fromSec to toSec.
   * A jump backwards (a seek) is due nothing: the renderer clears the screen and starts again from toSec.
   */
  due(fromSec: number, toSec: number): B[] {
    if (!(toSec > fromSec)) return [];
    const start = this.indexAfter(fromSec, Number.POSITIVE_INFINITY);
    const end = this.indexAfter(toSec, Number.POSITIVE_INFINITY);
    return this.items.slice(start, end);
  }

  /** The first index whose (time, id) comes after (time, id). */
  private indexAfter(time: number, id: number): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const item = this.items[mid] as B;
      if (item.time < time || (item.time === time && item.id <= id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** Adds the due barrages to those on screen, dropping the oldest beyond the renderer's capacity. */
export function admit<B>(onScreen: readonly B[], due: readonly B[], capacity: number = BarrageLimits.maxOnScreen): B[] {
  const next = [...onScreen, ...due];
  return next.length > capacity ? next.slice(next.length - capacity) : next;
}
