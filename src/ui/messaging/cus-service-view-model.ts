import { makeAutoObservable, runInAction } from 'mobx';
import { cusServiceAvailable, type CusServiceConfig, type CusServiceConfigService } from '../../core/shell/cus-service-config.ts';
import { CusServiceTexts } from '../../core/shell/shell-texts.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** What the app shows of the customer-service configuration (GetCusServiceConfig) where it reaches customer service. */
export class CusServiceViewModel {
  config: CusServiceConfig | null = null;

  constructor(private readonly service: Pick<CusServiceConfigService, 'load' | 'kept'>) {
    this.config = service.kept();
    makeAutoObservable<CusServiceViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  async opened(): Promise<void> {
    const config = await this.service.load();
    runInAction(() => (this.config = config));
  }

  /** In a chat with the service account: its welcome text and hours; null in any other chat. */
  chatNotice(partnerUid: number | null): { welcome: string; hours: string } | null {
    const config = this.config;
    if (!config || !cusServiceAvailable(config) || partnerUid !== config.uid) return null;
    return { welcome: config.welcome, hours: config.hours ? CusServiceTexts.hours(config.hours) : '' };
  }

  /** Help centre's contact lines: the hours and the fallback contact, or only the fallback when no service account is reachable. */
  get contactLines(): string[] {
    const config = this.config;
    if (!config) return [];
    if (!cusServiceAvailable(config)) return config.fallbackContact ? [CusServiceTexts.fallback(config.fallbackContact)] : [];
    return [config.hours ? CusServiceTexts.hours(config.hours) : '', config.fallbackContact ? CusServiceTexts.contact(config.fallbackContact) : ''].filter(Boolean);
  }
}

/** The customer-service notice's and contact's view-model, bound by the composition root (messaging-bindings.ts). */
export const CusServiceModel = viewModelToken<CusServiceViewModel>('CusServiceViewModel');
