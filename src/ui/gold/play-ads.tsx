import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { PlayAdTexts } from '../../core/ads/ads-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import type { InsertedAdProps, PauseAdProps } from '../common/player-slots.ts';
import { InsertedAdModel, PauseAdModel } from './play-ads-view-models.ts';
import './gold.css';

const PauseAdView = observer(function PauseAdView({ mediaKey, visible }: PauseAdProps) {
  const vm = useViewModel(PauseAdModel);
  useEffect(() => {
    vm.opened(mediaKey);
    return () => vm.stop();
  }, [vm, mediaKey]);
  useEffect(() => vm.visibleChanged(visible), [vm, visible]);
  if (!vm.shown) return null;
  return (
    <div className="pause-ad" role="complementary" aria-label="暂停广告" data-testid="pause-ad">
      <img key={vm.imageUrl} className="pause-ad__image" src={vm.imageUrl} alt={vm.caption || '广告'} onLoad={vm.imageLoaded} onError={vm.imageFailed} onClick={vm.adTapped} />
      {vm.caption && <p className="pause-ad__caption">{vm.caption}</p>}
      <span className="play-ad__badge">{PlayAdTexts.adBadge}</span>
      <button type="button" className="pause-ad__close" aria-label={PlayAdTexts.close} data-testid="pause-ad-close" onClick={vm.closeTapped}>
        ×
      </button>
    </div>
  );
});

/** The pause ad (zanting) over the paused picture: shown while `visible`, closed with ×, tap opens the ad. */
export function PauseAd(props: PauseAdProps) {
  return <PauseAdView key={props.mediaKey} {...props} />;
}

const InsertedAdView = observer(function InsertedAdView({ mediaKey, onFinished }: InsertedAdProps) {
  const latest = useRef(onFinished);
  latest.current = onFinished;
  const vm = useViewModel(InsertedAdModel, { finished: () => latest.current() });
  useEffect(() => {
    vm.opened(mediaKey);
    return () => vm.stop();
  }, [vm, mediaKey]);
  if (!vm.shown) return null;
  return (
    <div className="inserted-ad" role="dialog" aria-label="广告" data-testid="inserted-ad">
      <img key={vm.imageUrl} className="inserted-ad__image" src={vm.imageUrl} alt={vm.caption || '广告'} onLoad={vm.imageLoaded} onError={vm.imageFailed} onClick={vm.adTapped} />
      <div className="inserted-ad__top">
        <span className="inserted-ad__countdown" data-testid="inserted-ad-countdown">{vm.countdownText}</span>
        <button type="button" className="inserted-ad__skip" data-testid="inserted-ad-skip" onClick={vm.skipTapped}>
          {vm.skipText}
        </button>
      </div>
      {vm.caption && <p className="inserted-ad__caption">{vm.caption}</p>}
      <span className="play-ad__badge">{PlayAdTexts.adBadge}</span>
      <button type="button" className="inserted-ad__vip" onClick={vm.vipTapped}>
        {vm.vipText}
      </button>
    </div>
  );
});

/** The inserted ad (chaBo) before playback: a 5 s countdown and 跳过广告; VIP users skip it; onFinished once. */
export function InsertedAd(props: InsertedAdProps) {
  return <InsertedAdView key={props.mediaKey} {...props} />;
}
