import { makeAutoObservable, runInAction } from 'mobx';
import { AD_APP_PAGES, type AdAppPage, type ConsoleAd, type ConsoleAdPosition as AdPosition } from '../core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../core/admin-ads/admin-ads-texts.ts';
import type { AdChange, ConsoleAds } from '../core/admin-ads/console-ads.ts';
import type { PickedFiles } from '../core/ports/local-files.ts';
import type { Notifier } from '../core/ports/notifier.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

const TOAST = { durationMs: 2_000, position: 'top' } as const;
const EMPTY_FORM: AdChange = { showURL: '', enabled: true, title: '', linkURL: '', appPage: '', startsAt: null, endsAt: null };

/** An ad's in-app page as the form holds it: one of the pages an ad may open, or none. */
function appPageOf(value: string): AdAppPage | '' {
  return (AD_APP_PAGES as readonly string[]).includes(value) ? (value as AdAppPage) : '';
}

/**
 * 广告: every ad by its list with its counts; one switched on or off at once, edited (picture, words, link, in-app
 * page, schedule), or made new on a picture uploaded here (cropped by the server to its list's size).
 */
export class AdsViewModel {
  ads: ConsoleAd[] = [];
  loading = false;
  failed = false;
  /** The ad being edited, 'new' for a new one, or null when the form is closed. */
  editing: ConsoleAd | 'new' | null = null;
  /** A new ad's list (an ad keeps its own). */
  position: AdPosition = 'kaiping';
  form: AdChange = { ...EMPTY_FORM };
  formError = '';
  busy = false;
  /** A picture is being sent. */
  pictureBusy = false;

  constructor(
    private readonly console: ConsoleAds,
    private readonly session: ConsoleSessionModel,
    private readonly notifier: Notifier,
    private readonly picked: PickedFiles,
  ) {
    makeAutoObservable<AdsViewModel, 'console' | 'session' | 'notifier' | 'picked'>(this, { console: false, session: false, notifier: false, picked: false }, { autoBind: true });
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

  appPageName(ad: ConsoleAd): string {
    return ad.appPage === '' ? '' : (ConsoleAdTexts.appPages[ad.appPage] ?? ad.appPage);
  }

  /** The form's list: a new ad's choice, or the edited ad's own. */
  get formPosition(): AdPosition {
    return this.editing === null || this.editing === 'new' ? this.position : this.editing.position;
  }

  get pictureHint(): string {
    return ConsoleAdTexts.pictureHint[this.formPosition];
  }

  get title(): string {
    return this.editing === 'new' ? ConsoleAdTexts.create : ConsoleAdTexts.edit;
  }

  /** The switch: on or off at once, the rest as it is. */
  async enabledToggled(ad: ConsoleAd, enabled: boolean): Promise<void> {
    const outcome = await this.console.change(ad.id, { enabled, startsAt: ad.startsAt, endsAt: ad.endsAt });
    if (outcome.ok) this.changed(outcome.value);
    else this.notifier.toast(outcome.message, TOAST);
  }

  private changeOf(ad: ConsoleAd): AdChange {
    return { showURL: ad.showURL, enabled: ad.enabled, title: ad.title, linkURL: ad.linkURL, appPage: appPageOf(ad.appPage), startsAt: ad.startsAt, endsAt: ad.endsAt };
  }

  /** The server's answer to a change takes its row's place. */
  private changed(ad: ConsoleAd): void {
    this.ads = this.ads.map((one) => (one.id === ad.id ? ad : one));
  }

  editTapped(ad: ConsoleAd): void {
    this.editing = ad;
    this.form = this.changeOf(ad);
    this.formError = '';
  }

  createTapped(): void {
    this.editing = 'new';
    this.form = { ...EMPTY_FORM };
    this.formError = '';
  }

  editClosed(): void {
    this.editing = null;
  }

  positionChosen(position: AdPosition): void {
    if (this.editing !== 'new' || position === this.position) return;
    this.position = position;
    // A picture is cropped for its list: another list needs its own.
    this.form.showURL = '';
  }

  titleChanged(value: string): void {
    this.form.title = value;
  }

  linkChanged(value: string): void {
    this.form.linkURL = value;
  }

  appPageChosen(value: AdAppPage | ''): void {
    this.form.appPage = value;
  }

  enabledChanged(value: boolean): void {
    this.form.enabled = value;
  }

  /** The schedule's two ends (Unix ms), or none. */
  scheduleChanged(range: [number, number] | null): void {
    this.form.startsAt = range?.[0] ?? null;
    this.form.endsAt = range?.[1] ?? null;
  }

  /** A picture was picked: sent, cropped by the server, and shown in the form. */
  async pictureChosen(blob: Blob): Promise<void> {
    if (this.pictureBusy) return;
    const file = this.picked.adopt(blob);
    this.pictureBusy = true;
    this.formError = '';
    try {
      const outcome = await this.console.uploadPicture(this.formPosition, file);
      runInAction(() => {
        if (outcome.ok) this.form.showURL = outcome.value;
        else this.formError = outcome.message;
      });
    } finally {
      this.picked.release(file);
      runInAction(() => (this.pictureBusy = false));
    }
  }

  async editSubmitted(): Promise<void> {
    const editing = this.editing;
    if (!editing || this.busy) return;
    if (this.form.showURL === '') {
      this.formError = ConsoleAdTexts.pictureRequired;
      return;
    }
    this.busy = true;
    this.formError = '';
    try {
      const change = { ...this.form, title: this.form.title.trim(), linkURL: this.form.linkURL.trim() };
      // An in-app page the form does not offer (set otherwise) is left as it is.
      const kept = editing !== 'new' && this.form.appPage === '' && editing.appPage !== '' && appPageOf(editing.appPage) === '';
      const outcome = editing === 'new'
        ? await this.console.create(this.position, change)
        : await this.console.change(editing.id, kept ? { ...change, appPage: undefined } : change);
      if (!outcome.ok) {
        runInAction(() => (this.formError = outcome.message));
        return;
      }
      runInAction(() => {
        this.editing = null;
        if (editing === 'new') this.ads = [...this.ads, outcome.value];
        else this.changed(outcome.value);
      });
      this.notifier.toast(editing === 'new' ? ConsoleAdTexts.created : ConsoleAdTexts.saved, TOAST);
      // A new ad takes its place in its list's order.
      if (editing === 'new') await this.load();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
