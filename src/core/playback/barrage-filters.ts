/**
 * What the viewer's barrage settings hide beyond the shield lists, as pure rules: blocking by type (scrolling,
 * top, bottom, coloured), density (the share shown, sampled by id so a barrage stays shown or hidden), and merging
 * identical barrages sent within a few seconds into one shown with a ×N count.
 */
import { EMPTY_SHIELDS, compileShields, isShieldedBy, shieldsTightened, type Barrage, type CompiledShields } from './barrage-rules.ts';

/** The parts of a barrage the filters read (mode and colour are absent on old barrages: scrolling, white). */
export type FilterableBarrage = Pick<Barrage, 'id' | 'time' | 'content'> & { mode?: string; color?: string };

/** The types a viewer may block (bilibili's 按类型屏蔽). */
export interface TypeBlocks {
  scroll: boolean;
  top: boolean;
  bottom: boolean;
  /** Any colour but white. */
  color: boolean;
}

export const NO_TYPE_BLOCKS: Readonly<TypeBlocks> = { scroll: false, top: false, bottom: false, color: false };

const WHITE = '#FFFFFF';

export function isColoured(barrage: Pick<FilterableBarrage, 'color'>): boolean {
  return barrage.color !== undefined && barrage.color !== '' && barrage.color.toUpperCase() !== WHITE;
}

/** True when the barrage's type is blocked. */
export function isTypeBlocked(barrage: Pick<FilterableBarrage, 'mode' | 'color'>, blocks: TypeBlocks): boolean {
  const mode = barrage.mode === 'top' || barrage.mode === 'bottom' ? barrage.mode : 'scroll';
  if (blocks[mode]) return true;
  return blocks.color && isColoured(barrage);
}

/**
 * A barrage's place in [0, 1) for density sampling: a hash of its id (Knuth's multiplicative hash, then a xor
 * shift), so the same barrage is always in or out at a given density and a higher density only adds barrages.
 */
export function samplePoint(id: number): number {
  let h = Math.imul(id | 0, 0x9e3779b1) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 0x1_0000_0000;
}

/** True when the barrage is among the `density` share shown (density 1 shows all). */
export function isSampled(id: number, density: number): boolean {
  return density >= 1 || samplePoint(id) < density;
}

export const MergeRules = {
  /** Identical barrages whose times are at most this many seconds apart (of video time) show as one. */
  windowSec: 5,
} as const;

/**
 * The text merging compares: Unicode compatibility-folded (full-width letters and digits to their plain forms),
 * lower-case, inner runs of spaces as one, trimmed. 'ＨＡＨＡ' and ' haha ' merge; '哈哈' and '哈哈哈' do not.
 */
export function mergeKey(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** A group of identical barrages shown as one: its leader (shown) and how many it stands for. */
export interface MergePlan {
  /** Ids of barrages shown through their leader (not on their own); a live one merged on screen is added. */
  readonly merged: Set<number>;
  /** Leaders standing for more than one barrage: id → count (a live one merged on screen counts in). */
  readonly counts: Map<number, number>;
}

export function emptyMerge(): MergePlan {
  return { merged: new Set(), counts: new Map() };
}

/**
 * Identical barrages merged, incrementally: a barrage joins the nearest group of its text whose leader's time is
 * within the window of its own, else leads a new group. Fed in time order it answers as {@link planMerge}; any
 * order keeps the invariants (a member is within the window of its leader; leaders of a text are further apart).
 */
export class MergeIndex {
  private readonly leaders = new Map<string, { id: number; time: number }[]>();
  private readonly mergedIds = new Set<number>();
  private readonly countOf = new Map<number, number>();

  constructor(private readonly windowSec: number = MergeRules.windowSec) {}

  /** Adds a barrage: answers the leader's id it merged into (its count grew), or null when it leads. */
  add(barrage: FilterableBarrage): number | null {
    const key = mergeKey(barrage.content);
    let leaders = this.leaders.get(key);
    if (!leaders) {
      leaders = [];
      this.leaders.set(key, leaders);
    }
    let best: { id: number; time: number } | null = null;
    for (const leader of leaders) {
      const distance = Math.abs(leader.time - barrage.time);
      if (distance <= this.windowSec && (best === null || distance < Math.abs(best.time - barrage.time))) best = leader;
    }
    if (best === null) {
      leaders.push({ id: barrage.id, time: barrage.time });
      return null;
    }
    this.mergedIds.add(barrage.id);
    this.countOf.set(best.id, (this.countOf.get(best.id) ?? 1) + 1);
    return best.id;
  }

  count(id: number): number {
    return this.countOf.get(id) ?? 1;
  }

  plan(): MergePlan {
    return { merged: this.mergedIds, counts: this.countOf };
  }
}

/** The merge of a list (in time order, as the timeline holds it). */
export function planMerge(barrages: Iterable<FilterableBarrage>, windowSec: number = MergeRules.windowSec): MergePlan {
  const index = new MergeIndex(windowSec);
  for (const barrage of barrages) index.add(barrage);
  return index.plan();
}

/** A barrage's text as shown: with its ×N count when it stands for several. */
export function mergedLabel(content: string, count: number | undefined): string {
  return count !== undefined && count > 1 ? `${content} ×${count}` : content;
}

/** Everything the viewer's settings hide, as the renderer checks each barrage it admits. */
export interface ViewerFilter {
  readonly shields: CompiledShields;
  readonly types: TypeBlocks;
  /** The share shown, 0.1 to 1. */
  readonly density: number;
  /** Identical barrages shown through their leader (empty when merging is off). */
  readonly merge: MergePlan;
}

export function noFilter(): ViewerFilter {
  return { shields: compileShields(EMPTY_SHIELDS), types: NO_TYPE_BLOCKS, density: 1, merge: emptyMerge() };
}

/** The parts of a drawn barrage `hides` reads: one's own and the ad are hidden by the shield lists only. */
export type FilteredBarrage = FilterableBarrage & Pick<Barrage, 'uid'> & { own?: boolean; adMark?: boolean };

/**
 * True when the barrage is not shown: its sender or text is blocked, or (not one's own, not the ad) its type is
 * blocked, it is shown through an identical one (×N), or it is outside the density's share.
 */
export function hides(barrage: FilteredBarrage, filter: ViewerFilter): boolean {
  if (isShieldedBy(barrage, filter.shields)) return true;
  if (barrage.own === true || barrage.adMark === true) return false;
  if (isTypeBlocked(barrage, filter.types)) return true;
  if (filter.merge.merged.has(barrage.id)) return true;
  return !isSampled(barrage.id, filter.density);
}

/** True when `after` hides everything `before` hid (more blocked, a lower density, the same merge): nothing comes back. */
export function filterTightened(before: ViewerFilter, after: ViewerFilter): boolean {
  if (after.merge !== before.merge || after.density > before.density) return false;
  for (const type of ['scroll', 'top', 'bottom', 'color'] as const) if (before.types[type] && !after.types[type]) return false;
  return shieldsTightened(before.shields, after.shields);
}
