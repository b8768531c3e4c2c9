import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { DownloadModel } from './download-view-model.ts';
import { DownloadUiTexts } from '../../core/download/download-texts.ts';
import './download.css';

/** embed=1 hides the nav bar (spec). */
const EMBED = '1';

/** /app-download — the Android client card and the use-a-PC block. */
export const DownloadScreen = observer(function DownloadScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(DownloadModel);
  useEffect(() => {
    void vm.opened();
  }, [vm]);
  const link = vm.androidLink;
  return (
    <div className="page download-page">
      {search.get('embed') !== EMBED && <NavBar title="下载APP" />}
      <section className="download-card" data-testid="android-card">
        <div className="download-card__icon" aria-hidden="true">奇</div>
        <div className="download-card__text">
          <h2 className="download-card__title">{DownloadUiTexts.appName} {DownloadUiTexts.androidTitle}</h2>
          <p className="download-card__version" data-testid="android-version">{vm.versionText}</p>
        </div>
        {link ? (
          <a className="primary-button download-card__button" href={link} download data-testid="android-download">
            {DownloadUiTexts.download}
          </a>
        ) : (
          <button type="button" className="primary-button download-card__button" disabled>
            {vm.loading ? DownloadUiTexts.download : DownloadUiTexts.noLink}
          </button>
        )}
      </section>
      <section className="download-pc" data-testid="pc-block">
        <h2 className="download-pc__title">{DownloadUiTexts.pcTitle}</h2>
        <p className="download-pc__hint">{DownloadUiTexts.pcHint}</p>
        <button type="button" className="download-pc__link" data-testid="pc-link" disabled={!link} onClick={() => void vm.pcLinkTapped()}>
          {link || DownloadUiTexts.noLink}
        </button>
      </section>
    </div>
  );
});
