import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { StartAdModel } from './start-ad-view-model.ts';
import './start-ad.css';

/** The fullscreen start advertisement, mounted once by the app shell. */
export const StartAd = observer(function StartAd() {
  const vm = useViewModel(StartAdModel);
  useEffect(() => {
    void vm.appStarted();
  }, [vm]);
  if (!vm.visible) return null;
  return (
    <div className="start-ad" role="dialog" aria-label="开屏广告" data-testid="start-ad">
      <img key={vm.imageUrl} className="start-ad__image" src={vm.imageUrl} alt="广告" onLoad={vm.imageLoaded} onError={vm.imageFailed} onClick={vm.adTapped} />
      <button type="button" className="start-ad__skip" onClick={vm.skipTapped}>
        {vm.skipLabel}
      </button>
      <span className="start-ad__badge">广告</span>
    </div>
  );
});
