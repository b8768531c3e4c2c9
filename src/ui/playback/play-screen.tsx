import Switch from 'antd-mobile/es/components/switch';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { pageTitle } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import { BarrageInputBar, BarrageOverlay, BarrageProvider } from '../barrage/barrage-slots.tsx';
import { VideoCard } from '../catalogue/video-card.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { GoldGate } from '../gold/gold-gate.tsx';
import { InsertedAd, PauseAd } from '../gold/play-ads.tsx';
import { CommentSection, VideoActions } from '../video-social/video-social-slots.tsx';
import { PollCard } from '../votes/poll-card.tsx';
import { EpisodeChip } from './episode-chip.tsx';
import { PlayerGestureLayer } from './player-gestures.tsx';
import { PlayerTuningButtons, PlayerTuningLayer } from './player-speed-quality.tsx';
import { useMiniPlayerHandoff } from './mini-player-handoff.ts';
import { PlayModel, episodeFromQuery, type PlayViewModel } from './play-view-model.ts';
import './play.css';

const PlayIcon = ({ playing }: { playing: boolean }) =>
  playing ? (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" /></svg>
  ) : (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M8 5v14l11-7z" fill="currentColor" /></svg>
  );

const FullscreenIcon = ({ on }: { on: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d={on ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const MoreIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M5 10.5h3v3H5zM10.5 10.5h3v3h-3zM16 10.5h3v3h-3z" fill="currentColor" /></svg>
);

/** Play/pause, time and progress (none for live: the 直播 badge), moreFun and fullscreen. */
const PlayerControls = observer(function PlayerControls({ vm, area }: { vm: PlayViewModel; area: React.RefObject<HTMLDivElement | null> }) {
  const [dragging, setDragging] = useState(false);
  const endDrag = () => {
    setDragging(false);
    vm.scrubEnded();
  };
  return (
    <div className="player-controls" data-testid="player-controls">
      <button type="button" className="player-icon" data-testid="play-toggle" aria-label={vm.playLabel} onClick={vm.playTapped}>
        <PlayIcon playing={vm.playing} />
      </button>
      {vm.live ? (
        <span className="player-live-badge">
          <span className="live-badge" data-testid="live-badge">
            {vm.texts.live}
          </span>
        </span>
      ) : (
        <>
          <span className="player-time" data-testid="play-time">
            {vm.timeLabel}
          </span>
          <input
            type="range"
            className="player-progress"
            data-testid="play-progress"
            aria-label="播放进度"
            min={0}
            max={vm.duration}
            step={0.1}
            value={Math.min(vm.shownTime, vm.duration)}
            disabled={vm.duration <= 0}
            onPointerDown={() => setDragging(true)}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onChange={(event) => vm.scrubbed(Number(event.currentTarget.value), dragging)}
          />
          <span className="player-time" data-testid="play-duration">
            {vm.durationLabel}
          </span>
        </>
      )}
      <PlayerTuningButtons controls={vm.controls} />
      <button type="button" className="player-icon" data-testid="play-more" aria-label={vm.texts.moreFun} onClick={vm.moreFunTapped}>
        <MoreIcon />
      </button>
      <button
        type="button"
        className="player-icon"
        data-testid="play-fullscreen"
        aria-label={vm.fullscreen ? '退出全屏' : '全屏'}
        onClick={() => area.current && vm.fullscreenTapped(area.current)}
      >
        <FullscreenIcon on={vm.fullscreen} />
      </button>
    </div>
  );
});

/** The moreFun panel over the player (inside the player area, so it shows in fullscreen too). */
const MoreFunSheet = observer(function MoreFunSheet({ vm }: { vm: PlayViewModel }) {
  if (!vm.moreFunOpen) return null;
  return (
    <div className="player-sheet" data-testid="morefun-sheet" onClick={vm.moreFunClosed}>
      <div className="player-sheet__panel" onClick={(event) => event.stopPropagation()}>
        <h3 className="player-sheet__title">{vm.texts.moreFun}</h3>
        <label className="player-sheet__row" data-testid="morefun-skip">
          <span>{vm.texts.skipIntro}</span>
          <Switch checked={vm.settings.skip} aria-label={vm.texts.skipIntro} onChange={(on) => vm.settingChanged('skip', on)} />
        </label>
        <label className="player-sheet__row" data-testid="morefun-next">
          <span>{vm.texts.autoNext}</span>
          <Switch checked={vm.settings.next} aria-label={vm.texts.autoNext} onChange={(on) => vm.settingChanged('next', on)} />
        </label>
      </div>
    </div>
  );
});

/** Notices over the picture: mobile data, a failure, the play button after a refused autoplay. */
const PlayerNotices = observer(function PlayerNotices({ vm }: { vm: PlayViewModel }) {
  if (vm.askingMobileData) {
    return (
      <div className="player-center" data-testid="mobile-data-notice">
        <p>{vm.texts.mobileData}</p>
        <button type="button" className="player-center__button" data-testid="play-continue" onClick={vm.continueTapped}>
          {vm.texts.continuePlaying}
        </button>
      </div>
    );
  }
  if (vm.mediaFailed) {
    return (
      <div className="player-center" role="alert">
        <p>{vm.texts.playFailed}</p>
        <button type="button" className="player-center__button" data-testid="play-retry" onClick={vm.retryTapped}>
          {vm.texts.retry}
        </button>
      </div>
    );
  }
  if (vm.awaitingTap) {
    return (
      <div className="player-center player-center--clear">
        <button type="button" className="player-big-play" data-testid="play-start" aria-label="播放" onClick={vm.playTapped}>
          <PlayIcon playing={false} />
        </button>
      </div>
    );
  }
  return null;
});

/** The player area: video, barrages, gate, ads, notices and controls; this element goes fullscreen. */
const PlayerArea = observer(function PlayerArea({ vm, mediaKey }: { vm: PlayViewModel; mediaKey: string }) {
  const area = useRef<HTMLDivElement | null>(null);
  const covered = vm.locked || vm.showInsertedAd;
  return (
    <div
      ref={area}
      className={`player-area${vm.fullscreen ? ' player-area--fullscreen' : ''}`}
      data-testid="player-area"
      data-fullscreen={vm.fullscreen ? 'true' : 'false'}
      data-live={vm.live ? 'true' : 'false'}
    >
      <video ref={vm.videoMounted} className="player-video" data-testid="play-video" playsInline preload="metadata" />
      <BarrageOverlay />
      <PlayerGestureLayer player={vm} area={area} hold={vm.controls} covered={covered} />
      {vm.locked && <GoldGate mediaKey={mediaKey} title={vm.title} price={vm.goldPrice} onUnlocked={vm.goldUnlocked} />}
      {vm.showInsertedAd && <InsertedAd mediaKey={mediaKey} onFinished={vm.insertedAdFinished} />}
      <PauseAd mediaKey={mediaKey} visible={vm.pausedByUser} />
      {!covered && <PlayerNotices vm={vm} />}
      {!covered && <PlayerControls vm={vm} area={area} />}
      <MoreFunSheet vm={vm} />
      <PlayerTuningLayer controls={vm.controls} player={vm} area={area} />
    </div>
  );
});

/** Title, the info line and 简介. */
const PlayInfo = observer(function PlayInfo({ vm }: { vm: PlayViewModel }) {
  return (
    <section className="play-info">
      <h2 className="play-info__title" data-testid="play-title">
        {vm.title}
        {vm.showEpisodes && vm.currentEpisodeTitle ? ` ${vm.currentEpisodeTitle}` : ''}
      </h2>
      <div className="play-info__meta">
        <span>
          {vm.live && <span className="live-badge">{vm.texts.live}</span>} {vm.infoLine}
        </span>
        <button type="button" className="play-info__intro" data-testid="play-intro" onClick={vm.introTapped}>
          {vm.texts.intro} ›
        </button>
      </div>
    </section>
  );
});

const EpisodeStrip = observer(function EpisodeStrip({ vm }: { vm: PlayViewModel }) {
  if (!vm.showEpisodes) return null;
  return (
    <section className="play-section" data-testid="episode-strip">
      <div className="play-section__head">
        <h3 className="play-section__title">{vm.texts.episodes}</h3>
        <button type="button" className="play-section__more" data-testid="episodes-more" onClick={vm.moreEpisodesTapped}>
          {vm.texts.more} ›
        </button>
      </div>
      <div className="episode-strip">
        {vm.episodes.map((e) => (
          <EpisodeChip key={e.episode} episode={e.episode} current={e.episode === vm.episode} onTap={vm.episodeTapped} />
        ))}
      </div>
    </section>
  );
});

const Related = observer(function Related({ vm }: { vm: PlayViewModel }) {
  if (vm.related.length === 0) return null;
  return (
    <section className="play-section" data-testid="related-videos">
      <h3 className="play-section__title">{vm.texts.related}</h3>
      <div className="video-rows">
        {vm.related.map((video) => (
          <VideoCard key={video.mediaKey} video={video} layout="row" />
        ))}
      </div>
    </section>
  );
});

/** /play/:mediaKey (query episode): the player with its parts, then the title, episodes, actions, related videos and comments. */
export const PlayScreen = observer(function PlayScreen() {
  const { mediaKey = '' } = useParams();
  const [search] = useSearchParams();
  const episode = episodeFromQuery(search.get('episode'));
  const vm = useViewModel(PlayModel, { mediaKey });
  useMiniPlayerHandoff(vm, mediaKey);
  const firstEpisode = useRef(episode);
  useEffect(() => vm.opened(firstEpisode.current), [vm]);
  useEffect(() => vm.episodeQueryChanged(episode), [vm, episode]);
  useEffect(() => {
    if (vm.title) document.title = pageTitle(vm.title);
  }, [vm.title]);

  return (
    <div className="page play-page">
      <NavBar title={vm.title || '播放'} />
      <BarrageProvider mediaKey={mediaKey} episode={vm.episode} player={vm.slotPlayer}>
        <PlayerArea vm={vm} mediaKey={mediaKey} />
        {/* In fullscreen the bar is inside the player (PlayerGestureLayer). */}
        {!vm.fullscreen && <BarrageInputBar />}
      </BarrageProvider>
      {vm.loading && <LoadingState />}
      {vm.failed && <ErrorState onRefresh={vm.retryTapped} message={vm.texts.loadFailed} />}
      {vm.details && (
        <>
          <PlayInfo vm={vm} />
          <EpisodeStrip vm={vm} />
          <VideoActions mediaKey={mediaKey} title={vm.title} uploader={vm.uploader} />
          <PollCard place={{ type: 'video', id: mediaKey }} ownerUid={vm.uploader?.uid ?? null} />
          <Related vm={vm} />
          <CommentSection mediaKey={mediaKey} videoType={vm.category} />
        </>
      )}
    </div>
  );
});
