import { computed, computedStruct, makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { BarrageConfig } from '../../core/playback/barrage-config.ts';
import {
  MergeRules,
  emptyMerge,
  hides,
  isTypeBlocked,
  mergeKey,
  mergedLabel,
  planMerge,
  type FilteredBarrage,
  type MergePlan,
  type TypeBlocks,
  type ViewerFilter,
} from '../../core/playback/barrage-filters.ts';
import { compileShields, isShieldedBy, type BarrageTimeline, type CompiledShields } from '../../core/playback/barrage-rules.ts';
import type { BarrageItem, ShieldedUser } from '../../core/playback/barrage-service.ts';
import type { BarrageShields } from '../../core/playback/barrage-shields.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';

/** What the filters read of the rest of the barrages: the viewer's settings and the episode's timeline. */
export interface BarrageFilterSources {
  /** The barrage settings (observable: the filter follows them). */
  config(): BarrageConfig;
  timeline: BarrageTimeline<BarrageItem>;
}

/**
 * The play screen's barrage filtering: the viewer's blocked users, keywords and /regex/ as MobX state (the blocking
 * sheet), everything the settings hide (for the renderer: lists, types, density, identical barrages merged into
 * one with ×N), and the viewer's changes to the lists.
 */
export class BarrageFilterViewModel {
  shieldUsers: readonly ShieldedUser[];
  shieldKeywords: readonly string[];
  keywordInput = '';
  /** Bumped when the episode's barrages are loaded: the merge is planned again. */
  private timelineVersion = 0;
  /** The last barrage shown of each text (by merge key) and the media time it came: a live twin merges into it. */
  private readonly recent = new Map<string, { id: number; at: number }>();

  constructor(
    private readonly shields: BarrageShields,
    private readonly notifier: Notifier,
    private readonly sources: BarrageFilterSources,
  ) {
    const state = shields.current();
    this.shieldUsers = state.users;
    this.shieldKeywords = state.keywords;
    makeAutoObservable<BarrageFilterViewModel, 'shields' | 'notifier' | 'sources' | 'recent' | 'timelineVersion'>(
      this,
      {
        shields: false,
        notifier: false,
        sources: false,
        recent: false,
        timelineVersion: true,
        shieldUsers: observableRef,
        shieldKeywords: observableRef,
        // Each follows only its own settings, so a change of opacity or speed plans nothing again.
        typeBlocks: computedStruct,
        // Kept while nobody observes: a live merge changes the plan in place.
        mergePlan: computed({ keepAlive: true }),
        viewerFilter: computed({ keepAlive: true }),
      },
      { autoBind: true },
    );
  }

  get compiledShields(): CompiledShields {
    return compileShields({ users: this.shieldUsers.map((user) => user.uid), keywords: this.shieldKeywords });
  }

  get typeBlocks(): TypeBlocks {
    const config = this.sources.config();
    return { scroll: config.blockScroll, top: config.blockTop, bottom: config.blockBottom, color: config.blockColor };
  }

  get mergeOn(): boolean {
    return this.sources.config().merge;
  }

  get density(): number {
    return this.sources.config().density;
  }

  /**
   * Identical barrages of the loaded episode merged (merging on): among those the lists and types let through,
   * one's own aside, in time order.
   */
  get mergePlan(): MergePlan {
    void this.timelineVersion;
    if (!this.mergeOn) return emptyMerge();
    const shields = this.compiledShields;
    const types = this.typeBlocks;
    const { timeline } = this.sources;
    const candidates: BarrageItem[] = [];
    for (let index = 0; index < timeline.size(); index++) {
      const item = timeline.at(index) as BarrageItem;
      if (!item.own && !isShieldedBy(item, shields) && !isTypeBlocked(item, types)) candidates.push(item);
    }
    return planMerge(candidates);
  }

  /** Everything the settings hide, for the renderer. */
  get viewerFilter(): ViewerFilter {
    return { shields: this.compiledShields, types: this.typeBlocks, density: this.density, merge: this.mergePlan };
  }

  /** The episode's barrages were loaded. */
  timelineLoaded(): void {
    this.timelineVersion += 1;
  }

  /** A barrage as written on screen and in the accessible list: with ×N when identical ones merged into it. */
  label(item: FilteredBarrage): string {
    return mergedLabel(item.content, this.mergePlan.counts.get(item.id));
  }

  /** A barrage went on screen at media time `at`: a live twin arriving soon merges into it. */
  shown(item: FilteredBarrage, at: number): void {
    if (item.own === true || item.adMark === true) return;
    this.recent.set(mergeKey(item.content), { id: item.id, at });
  }

  /**
   * A live barrage arrived at media time `now`: when merging is on and an identical one shown within the window is
   * still on screen, it merges into that one (its count grows; answers its id, to draw it again); else null.
   */
  liveArrived(item: FilteredBarrage, now: number, onScreen: (id: number) => boolean): number | null {
    const filter = this.viewerFilter;
    if (!this.mergeOn || item.own === true || hides(item, filter)) return null;
    const recent = this.recent.get(mergeKey(item.content));
    if (!recent || recent.id === item.id || Math.abs(now - recent.at) > MergeRules.windowSec || !onScreen(recent.id)) return null;
    const plan = filter.merge;
    plan.merged.add(item.id);
    plan.counts.set(recent.id, (plan.counts.get(recent.id) ?? 1) + 1);
    return recent.id;
  }

  /** Follows the stored lists; returns the unsubscribe. */
  follow(): () => void {
    const shields = this.shields;
    return shields.subscribe(() => runInAction(() => {
      const state = shields.current();
      this.shieldUsers = state.users;
      this.shieldKeywords = state.keywords;
    }));
  }

  keywordInputChanged(text: string): void {
    this.keywordInput = text;
  }

  async keywordSubmitted(): Promise<void> {
    const keyword = this.keywordInput;
    const outcome = await this.shields.addKeyword(keyword);
    runInAction(() => {
      if (outcome.ok) {
        if (this.keywordInput === keyword) this.keywordInput = '';
      } else if (!outcome.toasted) {
        this.notifier.toast(outcome.message, TOAST);
      }
    });
  }

  async keywordRemoved(keyword: string): Promise<void> {
    await this.shields.removeKeyword(keyword);
  }

  async userUnblocked(uid: number): Promise<void> {
    await this.shields.removeUser(uid);
  }

  /** 屏蔽此用户 on a barrage: its sender is blocked (not one without a sender). */
  async userShielded(target: BarrageItem): Promise<void> {
    if (target.uid <= 0) return;
    const outcome = await this.shields.addUser({ uid: target.uid, nickName: target.nickName });
    if (outcome.ok) this.notifier.toast(BarrageUiTexts.userShielded, TOAST);
    else if (!outcome.toasted) this.notifier.toast(outcome.message, TOAST);
  }
}
