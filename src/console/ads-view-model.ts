import { makeAutoObservable, runInAction } from 'mobx';
import type { ConsoleAd } from '../core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../core/admin-ads/admin-ads-texts.ts';
import type { AdChange, ConsoleAds } from '../core/admin-ads/console-ads.ts';
import type { Notifier } from '../core/ports/notifier.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

/** 广告: every ad by its list with its counts; one switched on or off at once, or edited (words, link, schedule). */
export class AdsViewModel {
  ads: ConsoleAd[] = [];
  loading = false;
  failed = false;
  /** The ad being edited, and the form's fields. */
  editing: ConsoleAd | null = null;
  form: AdChange = { enabled: true, title: '', linkURL: '', startsAt: null, endsAt: null };
  formError = '';
  busy = false;

  constructor(
    private readonly console: ConsoleAds,
    private readonly session: ConsoleSessionModel,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<AdsViewModel, 'console' | 'session' | 'notifier'>(this, { console: false, session: false, notifier: false }, { autoBind: true });
  }

  opened(): void {
    void this.load();
  }

  async load(): Promise<void> {
    await loadPage(this, this.session, () => this.console.list(), (ads) => (this.ads = ads));
  }

  positionName(ad: ConsoleAd): string {
    return ConsoleAdTexts.positions[ad.position];
  }

  /** The switch: on or off at once, the rest as it is. */
  async enabledToggled(ad: ConsoleAd, enabled: boolean): Promise<void> {
    const outcome = await this.console.change(ad.id, { enabled, title: ad.title, linkURL: ad.linkURL, startsAt: ad.startsAt, endsAt: ad.endsAt });
    if (outcome.ok) this.changed(outcome.ad);
    else this.notifier.toast(outcome.message, { durationMs: 2_000, position: 'top' });
  }

  /** The server's answer to a change takes its row's place. */
  private changed(ad: ConsoleAd): void {
    this.ads = this.ads.map((one) => (one.id === ad.id ? ad : one));
  }

  editTapped(ad: ConsoleAd): void {
    this.editing = ad;
    this.form = { enabled: ad.enabled, title: ad.title, linkURL: ad.linkURL, startsAt: ad.startsAt, endsAt: ad.endsAt };
    this.formError = '';
  }

  editClosed(): void {
    this.editing = null;
  }

  titleChanged(value: string): void {
    this.form.title = value;
  }

  linkChanged(value: string): void {
    this.form.linkURL = value;
  }

  /** The schedule's two ends (Unix ms), or none. */
  scheduleChanged(range: [number, number] | null): void {
    this.form.startsAt = range?.[0] ?? null;
    this.form.endsAt = range?.[1] ?? null;
  }

  async editSubmitted(): Promise<void> {
    const ad = this.editing;
    if (!ad || this.busy) return;
    this.busy = true;
    this.formError = '';
    try {
      const outcome = await this.console.change(ad.id, { ...this.form, title: this.form.title.trim(), linkURL: this.form.linkURL.trim() });
      if (!outcome.ok) {
        runInAction(() => (this.formError = outcome.message));
        return;
      }
      runInAction(() => {
        this.editing = null;
        this.changed(outcome.ad);
      });
      this.notifier.toast(ConsoleAdTexts.saved, { durationMs: 2_000, position: 'top' });
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
