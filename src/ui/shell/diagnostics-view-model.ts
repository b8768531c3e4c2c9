import { makeAutoObservable, runInAction } from 'mobx';
import { pingText, type ApiCheck, type Diagnostics, type PingResult, type StorageCheck } from '../../core/shell/diagnostics.ts';
import { DiagnosticsTexts } from '../../core/shell/shell-texts.ts';
import type { NetworkType } from '../../core/ports/network-type.ts';
import type { Unsubscribe } from '../../core/ports/page-visibility.ts';
import type { Socket } from '../../core/ports/socket.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export interface DiagnosticsRow {
  /** data-testid suffix. */
  id: string;
  label: string;
  value: string;
}

const yesNo = (value: boolean): string => (value ? DiagnosticsTexts.yes : DiagnosticsTexts.no);

/**
 * /test and /mobileTest (`compact`): the diagnostics as rows, the storage and API checks run on open (the API one
 * again on 重新测试), a ping through the native bridge on tap; network and socket follow their changes. /mobileTest
 * adds a touch check: each tap on its area counts.
 */
export class DiagnosticsViewModel {
  storage: StorageCheck | null = null;
  api: ApiCheck | null = null;
  testingApi = false;
  ping: PingResult | null = null;
  network: string;
  socket: string;
  touches = 0;

  constructor(
    private readonly diagnostics: Diagnostics,
    private readonly networkType: Pick<NetworkType, 'onChange'>,
    private readonly socketPort: Pick<Socket, 'onStatus'>,
    readonly compact: boolean,
  ) {
    this.network = diagnostics.network();
    this.socket = diagnostics.socketState();
    makeAutoObservable<DiagnosticsViewModel, 'diagnostics' | 'networkType' | 'socketPort'>(
      this,
      { diagnostics: false, networkType: false, socketPort: false, compact: false },
      { autoBind: true },
    );
  }

  get rows(): DiagnosticsRow[] {
    const seen = this.diagnostics.recognised();
    return [
      { id: 'version', label: '应用版本', value: this.diagnostics.appVersion },
      { id: 'platform', label: '平台', value: seen.iosVersion === null ? seen.platform : `${seen.platform} ${seen.iosVersion}` },
      { id: 'webview', label: 'WebView', value: yesNo(seen.webview) },
      { id: 'native', label: '原生桥', value: seen.nativeApp === 'none' ? DiagnosticsTexts.bridgeNone : `${seen.nativeApp === 'android' ? 'Android' : 'iOS'}（已检测到）` },
      { id: 'wechat', label: '微信内打开', value: yesNo(seen.wechat) },
      { id: 'tv', label: '电视端', value: yesNo(seen.tv) },
      { id: 'ios-low', label: 'iOS 低版本样式', value: yesNo(seen.lowIos) },
      { id: 'network', label: '网络类型', value: this.network },
      { id: 'storage', label: '存储空间', value: this.storage?.estimate ?? DiagnosticsTexts.notChecked },
      {
        id: 'local-storage',
        label: '本地存储',
        value: this.storage === null ? DiagnosticsTexts.notChecked : this.storage.localStorageWritable ? DiagnosticsTexts.writable : DiagnosticsTexts.notWritable,
      },
      { id: 'api-base', label: '接口地址', value: this.diagnostics.apiBase },
      { id: 'api', label: '接口耗时', value: this.api === null || this.testingApi ? DiagnosticsTexts.notChecked : this.api.text },
      { id: 'socket', label: '实时连接', value: this.socket },
    ];
  }

  get userAgent(): string {
    return this.diagnostics.userAgent;
  }

  get pingText(): string {
    return this.ping === null ? '' : pingText(this.ping);
  }

  get touchText(): string {
    return this.touches === 0 ? '点击下方区域测试触摸' : `触摸正常，已点击 ${this.touches} 次`;
  }

  /** Runs the checks and follows network and socket changes; the returned function stops following. */
  opened(): Unsubscribe {
    void this.checkStorage();
    void this.retestApi();
    const stopNetwork = this.networkType.onChange(() => runInAction(() => (this.network = this.diagnostics.network())));
    const stopSocket = this.socketPort.onStatus(() => runInAction(() => (this.socket = this.diagnostics.socketState())));
    return () => {
      stopNetwork();
      stopSocket();
    };
  }

  async retestApi(): Promise<void> {
    if (this.testingApi) return;
    this.testingApi = true;
    const result = await this.diagnostics.timeApi();
    runInAction(() => {
      this.api = result;
      this.testingApi = false;
    });
  }

  pingTapped(): void {
    this.ping = this.diagnostics.ping();
  }

  touched(): void {
    this.touches += 1;
  }

  private async checkStorage(): Promise<void> {
    const result = await this.diagnostics.storage();
    runInAction(() => (this.storage = result));
  }
}

export const DiagnosticsModel = viewModelToken<DiagnosticsViewModel, { compact: boolean }>('DiagnosticsViewModel');
