import { makeAutoObservable, runInAction } from 'mobx';
import { InvitationProtocolLimits, type InvitationEntered, type InvitationInfo, type Invitee, type InviteeStatus } from '../../core/invitation/invitation-protocol.ts';
import { invitationRulesText } from '../../core/invitation/invitation-rules.ts';
import type { InvitationService } from '../../core/invitation/invitation-service.ts';
import type { Clipboard } from '../../core/ports/clipboard.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { BRAND } from '../app/brand.ts';
import type { SessionModel } from '../app/session-model.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const InvitationUiTexts = {
  codeCopied: '邀请码已复制',
  linkCopied: '邀请链接已复制',
  copyFailed: '复制失败',
  loadFailed: '加载失败，请稍后再试',
  posterFailed: '海报生成失败，请稍后再试',
  rewardCapped: '已达奖励上限',
  headline: '邀请好友一起看',
} as const;

/** What the share poster shows (the screen draws it as a card, the renderer as a PNG). */
export interface PosterContent {
  brand: string;
  nickName: string;
  headline: string;
  code: string;
  link: string;
  /** The line under the QR code: what the friend gets. */
  offer: string;
}

/** Draws the poster as a PNG the user can save; resolves its data: address (the browser draws it on a canvas). */
export type PosterRenderer = (poster: PosterContent) => Promise<string>;

const TOAST = { durationMs: 1500, position: 'bottom' } as const;

/** /invitation: the caller's code and link (copied on tap), the share poster, the rules, and whom they invited. */
export class InvitationViewModel {
  info: InvitationInfo | null = null;
  /** Whom the caller invited, newest first, a page at a time. */
  readonly invitees: PagedListModel<Invitee>;
  loaded = false;
  failed = false;
  /** The poster rendered as a PNG (data: address), shown to be saved; '' while not rendered. */
  posterImage = '';
  posterRendering = false;

  constructor(
    private readonly session: SessionModel,
    private readonly service: Pick<InvitationService, 'info' | 'invitees' | 'link'>,
    private readonly clipboard: Clipboard,
    private readonly notifier: Notifier,
    private readonly navigator: Navigator,
    private readonly renderPoster: PosterRenderer,
  ) {
    this.invitees = new PagedListModel(async (page, size) => ({ list: (await this.service.invitees(page, size)).list }), InvitationProtocolLimits.defaultPageSize);
    makeAutoObservable<InvitationViewModel, 'session' | 'service' | 'clipboard' | 'notifier' | 'navigator' | 'renderPoster'>(
      this,
      { session: false, service: false, clipboard: false, notifier: false, navigator: false, renderPoster: false, invitees: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** The page is shown: the code and totals (the invitee list loads itself). */
  async shown(): Promise<void> {
    if (!this.loggedIn) return;
    const info = await this.service.info();
    runInAction(() => {
      this.loaded = true;
      this.failed = info === null;
      if (info) this.info = info;
    });
  }

  get code(): string {
    return this.info?.code ?? '';
  }

  get link(): string {
    return this.code === '' ? '' : this.service.link(this.code);
  }

  get rewardText(): string {
    const info = this.info;
    return info ? `每邀请1位好友注册，你得${info.inviterReward}金币，好友得${info.inviteeReward}金币` : '';
  }

  get invitedCount(): number {
    return this.info?.invitedCount ?? 0;
  }

  get earnedGold(): number {
    return this.info?.earnedGold ?? 0;
  }

  /** The totals as shown: a dash until the server has said them (not a 0 that is not known yet). */
  get totalsText(): { invited: string; gold: string } {
    return this.info ? { invited: String(this.invitedCount), gold: String(this.earnedGold) } : { invited: '–', gold: '–' };
  }

  get rules(): string[] {
    return invitationRulesText();
  }

  /** A new account (no code entered, within 7 days of registering) may still enter a friend's code. */
  get canEnterCode(): boolean {
    return this.info?.invitee.canEnter === true;
  }

  get invitedByText(): string {
    const by = this.info?.invitee.invitedBy;
    return by ? `你已填写好友「${by}」的邀请码` : '';
  }

  rewardLabel(invitee: Invitee): string {
    return invitee.reward > 0 ? `+${invitee.reward}金币` : InvitationUiTexts.rewardCapped;
  }

  get poster(): PosterContent {
    const user = this.session.user;
    return {
      brand: BRAND,
      nickName: user ? user.nickName || user.userNameRaw : '',
      headline: InvitationUiTexts.headline,
      code: this.code,
      link: this.link,
      offer: this.info ? `扫码注册，领${this.info.inviteeReward}金币` : '',
    };
  }

  async copyCodeTapped(): Promise<void> {
    await this.copy(this.code, InvitationUiTexts.codeCopied);
  }

  async copyLinkTapped(): Promise<void> {
    await this.copy(this.link, InvitationUiTexts.linkCopied);
  }

  /** 保存海报: draws the poster as a PNG and shows it (long-press to save on a phone, or the download link). */
  async savePosterTapped(): Promise<void> {
    if (this.code === '' || this.posterRendering) return;
    this.posterRendering = true;
    let image = '';
    try {
      image = await this.renderPoster(this.poster);
    } catch {
      image = '';
    }
    runInAction(() => {
      this.posterRendering = false;
      this.posterImage = image;
    });
    if (image === '') this.notifier.toast(InvitationUiTexts.posterFailed, TOAST);
  }

  posterClosed(): void {
    this.posterImage = '';
  }

  enterCodeTapped(): void {
    this.navigator.push('/inputInvitationCode');
  }

  loginTapped(): void {
    this.navigator.push('/login', { redirect: '/invitation' });
  }

  private async copy(text: string, done: string): Promise<void> {
    if (text === '') return;
    let copied = true;
    try {
      await this.clipboard.copy(text);
    } catch {
      copied = false;
    }
    this.notifier.toast(copied ? done : InvitationUiTexts.copyFailed, TOAST);
  }
}

/** /inputInvitationCode: a new account enters a friend's code once, within 7 days of registering. */
export class InputInvitationCodeViewModel {
  code = '';
  error = '';
  submitting = false;
  status: InviteeStatus | null = null;
  result: InvitationEntered | null = null;
  loaded = false;

  constructor(
    private readonly session: SessionModel,
    private readonly service: Pick<InvitationService, 'info' | 'enter' | 'rememberedCode'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<InputInvitationCodeViewModel, 'session' | 'service' | 'navigator' | 'notifier'>(
      this,
      { session: false, service: false, navigator: false, notifier: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** The page is shown: a code an invitation link brought is filled in; whether the account may still enter one. */
  async shown(): Promise<void> {
    if (!this.loggedIn) return;
    if (this.code === '') this.code = this.service.rememberedCode();
    const info = await this.service.info();
    runInAction(() => {
      this.loaded = true;
      if (info) this.status = info.invitee;
    });
  }

  /** Why the form is not offered (a code entered before, or past the 7 days), '' while it is. */
  get closedText(): string {
    const status = this.status;
    if (this.result !== null || status === null || status.canEnter) return '';
    return status.invitedBy ? `你已填写过好友「${status.invitedBy}」的邀请码` : '注册超过7天，无法填写邀请码';
  }

  get canSubmit(): boolean {
    return !this.submitting && this.code.trim() !== '';
  }

  get resultText(): string {
    return this.result ? `填写成功！好友「${this.result.inviter}」的邀请奖励已到账` : '';
  }

  get rewardText(): string {
    return this.result ? `+${this.result.reward}金币` : '';
  }

  codeChanged(value: string): void {
    this.code = value.toUpperCase();
    this.error = '';
  }

  async submitTapped(): Promise<void> {
    if (!this.canSubmit) return;
    this.submitting = true;
    this.error = '';
    const outcome = await this.service.enter(this.code);
    runInAction(() => {
      this.submitting = false;
      if (outcome.ok) this.result = outcome.entered;
      else this.error = outcome.message;
    });
    if (!outcome.ok) this.notifier.toast(outcome.message, TOAST);
  }

  goldTapped(): void {
    this.navigator.push('/myGold');
  }

  loginTapped(): void {
    this.navigator.push('/login', { redirect: '/inputInvitationCode' });
  }
}

/** The view-models' tokens, bound by the composition root (invitation-bindings.ts). */
export const InvitationModel = viewModelToken<InvitationViewModel>('InvitationViewModel');
export const InputInvitationCodeModel = viewModelToken<InputInvitationCodeViewModel>('InputInvitationCodeViewModel');
