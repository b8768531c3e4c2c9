import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { compileShields, type CompiledShields } from '../../core/playback/barrage-rules.ts';
import type { BarrageItem, ShieldedUser } from '../../core/playback/barrage-service.ts';
import type { BarrageShields } from '../../core/playback/barrage-shields.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { BARRAGE_TOAST as TOAST, BarrageUiTexts } from './barrage-texts.ts';

/**
 * The play screen's barrage filtering: the viewer's blocked users and keywords as MobX state (the blocking sheet),
 * what they hide (for the renderer), and the viewer's changes to them.
 */
export class BarrageFilterViewModel {
  shieldUsers: readonly ShieldedUser[];
  shieldKeywords: readonly string[];
  keywordInput = '';

  constructor(
    private readonly shields: BarrageShields,
    private readonly notifier: Notifier,
  ) {
    const state = shields.current();
    this.shieldUsers = state.users;
    this.shieldKeywords = state.keywords;
    makeAutoObservable<BarrageFilterViewModel, 'shields' | 'notifier'>(
      this,
      { shields: false, notifier: false, shieldUsers: observableRef, shieldKeywords: observableRef },
      { autoBind: true },
    );
  }

  get compiledShields(): CompiledShields {
    return compileShields({ users: this.shieldUsers.map((user) => user.uid), keywords: this.shieldKeywords });
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
