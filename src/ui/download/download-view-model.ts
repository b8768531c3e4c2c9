import { makeAutoObservable, runInAction } from 'mobx';
import type { DownloadInfo, DownloadService } from '../../core/download/download-info.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { DownloadUiTexts } from '../../core/download/download-texts.ts';

/** /app-download: the Android card (version, download link) and the copy-on-tap link for a PC. */
export class DownloadViewModel {
  info: DownloadInfo;
  loading = true;

  constructor(private readonly service: Pick<DownloadService, 'initial' | 'load' | 'copyLink'>) {
    this.info = service.initial();
    makeAutoObservable<DownloadViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  get androidLink(): string {
    return this.info.AndroidDownloadURL;
  }

  get versionText(): string {
    return `${DownloadUiTexts.version}：${this.info.AndroidVer}`;
  }

  async opened(): Promise<void> {
    const info = await this.service.load();
    runInAction(() => {
      this.info = info;
      this.loading = false;
    });
  }

  async pcLinkTapped(): Promise<void> {
    await this.service.copyLink(this.androidLink);
  }
}

/** /app-download's view-model, bound by the composition root (feedback-bindings.ts). */
export const DownloadModel = viewModelToken<DownloadViewModel>('DownloadViewModel');
