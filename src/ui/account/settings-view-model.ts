import { makeAutoObservable, runInAction } from 'mobx';
import { DEFAULT_SETTINGS, type AccountSettings, type SettingName } from '../../core/account/account-protocol.ts';
import type { SettingsService } from '../../core/account/settings-service.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { UserTexts } from '../user/user-texts.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const SETTING_LABELS: readonly { name: SettingName; label: string }[] = [
  { name: 'enableNotify', label: '新消息通知' },
  { name: 'onlyReceiveFriendMessage', label: '仅接收好友私信' },
  { name: 'autoPlayWhenWWAN', label: '移动网络自动播放' },
  { name: 'danmuOpen', label: '弹幕' },
];

/** /settings: switches saved as soon as they are flipped, and 退出登录. */
export class SettingsViewModel {
  settings: AccountSettings = { ...DEFAULT_SETTINGS };
  loaded = false;
  /** Settings whose save is under way (their switch shows loading). */
  pending = new Set<SettingName>();

  constructor(
    private readonly session: SessionModel,
    private readonly service: Pick<SettingsService, 'load' | 'set'>,
    private readonly sessions: Pick<SessionService, 'logOut'>,
    private readonly notifier: Notifier,
  ) {
    makeAutoObservable<SettingsViewModel, 'session' | 'service' | 'sessions' | 'notifier'>(
      this,
      { session: false, service: false, sessions: false, notifier: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get items(): { name: SettingName; label: string; on: boolean; saving: boolean }[] {
    return SETTING_LABELS.map(({ name, label }) => ({ name, label, on: this.settings[name], saving: this.pending.has(name) }));
  }

  async load(): Promise<void> {
    const settings = await this.service.load();
    runInAction(() => {
      this.settings = settings;
      this.loaded = true;
    });
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  /** Flips the switch at once; a refused save puts back what the server holds. */
  async toggled(name: SettingName, on: boolean): Promise<void> {
    if (this.pending.has(name)) return;
    this.settings = { ...this.settings, [name]: on };
    this.pending.add(name);
    const result = await this.service.set(name, on);
    runInAction(() => {
      this.pending.delete(name);
      this.settings = result.settings;
    });
  }

  async logoutTapped(): Promise<void> {
    const confirmed = await this.notifier.confirm({ message: UserTexts.logoutConfirm, confirmText: '退出', cancelText: '取消' });
    if (!confirmed) return;
    await this.sessions.logOut();
    this.notifier.toast(UserTexts.loggedOut, { durationMs: 1000, position: 'bottom' });
    await this.load();
  }
}

/** /settings' view-model, bound by the composition root (account-screen-bindings.ts). */
export const SettingsModel = viewModelToken<SettingsViewModel>('SettingsViewModel');
