import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatImageUrl } from '../../core/display/image-url.ts';
import { useViewModel } from '../app/container-context.tsx';
import { VideoCard } from '../catalogue/video-card.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { EpisodeChip } from './episode-chip.tsx';
import { episodeFromQuery } from './play-view-model.ts';
import {
  AlbumDetailModel,
  ChoseEpisodesModel,
  PlayDownloadModel,
  WatchRedirectModel,
  WatchingModel,
  watchedLine,
} from './playback-view-models.ts';
import { PlaybackPageTexts as T } from '../../core/playback/playback-texts.ts';
import './play.css';
import '../catalogue/catalogue.css';

const POSTER = { width: 108, height: 144 } as const;

function Missing() {
  return <p className="play-hint">{T.missingVideo}</p>;
}

/** /choseEpisodes (query mediaKey, episode): the episode grid; a tap replaces this page with /play/<key>?episode=n. */
export const ChoseEpisodesScreen = observer(function ChoseEpisodesScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(ChoseEpisodesModel, { mediaKey: search.get('mediaKey') ?? '', episode: episodeFromQuery(search.get('episode')) });
  const page = vm.page;
  useEffect(() => void page.opened(), [page]);
  return (
    <div className="page chose-episodes-page">
      <NavBar title={page.details ? `${page.details.title} · ${T.episodes}` : T.episodes} />
      {page.missing ? (
        <Missing />
      ) : page.status === 'loading' ? (
        <LoadingState />
      ) : page.status === 'failed' ? (
        <ErrorState onRefresh={() => void page.load()} />
      ) : (
        <div className="episode-grid" data-testid="episode-grid">
          {page.episodes.map((e) => (
            <EpisodeChip key={e.episode} episode={e.episode} current={e.episode === vm.current} onTap={vm.episodeTapped} />
          ))}
        </div>
      )}
    </div>
  );
});

/** /albumDetail (query mediaKey): poster, title, year, area, tags, score, description and the episodes. */
export const AlbumDetailScreen = observer(function AlbumDetailScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(AlbumDetailModel, { mediaKey: search.get('mediaKey') ?? '' });
  const page = vm.page;
  useEffect(() => void page.opened(), [page]);
  const details = page.details;
  const poster = details ? formatImageUrl(details.poster || details.cover, POSTER) : null;
  return (
    <div className="page album-page">
      <NavBar title={details?.title ?? '专辑'} />
      {page.missing ? (
        <Missing />
      ) : page.status === 'loading' ? (
        <LoadingState />
      ) : page.status === 'failed' || !details ? (
        <ErrorState onRefresh={() => void page.load()} />
      ) : (
        <>
          <section className="album-head" data-testid="album-head">
            <img className="album-head__poster" src={poster?.ok ? poster.url : ''} alt="" width={POSTER.width} height={POSTER.height} />
            <div>
              <h2 className="album-head__title">{details.title}</h2>
              {vm.score && (
                <p className="album-head__line">
                  评分 <span className="album-head__score">{vm.score}</span>
                </p>
              )}
              {vm.lines.map((line) => (
                <p key={line} className="album-head__line">
                  {line}
                </p>
              ))}
              <button type="button" className="primary-button" data-testid="album-play" onClick={vm.playTapped}>
                {T.play}
              </button>
            </div>
          </section>
          <h3 className="section-title">{T.description}</h3>
          <p className="album-desc" data-testid="album-description">
            {details.description}
          </p>
          {page.episodes.length > 1 && (
            <section className="play-section">
              <h3 className="play-section__title">{T.episodes}</h3>
              <div className="episode-grid">
                {page.episodes.map((e) => (
                  <EpisodeChip key={e.episode} episode={e.episode} current={false} onTap={vm.episodeTapped} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
});

/** /watch (query mediaKey, episode): the old address of the player, replaced by /play/<mediaKey>. */
export function WatchScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(WatchRedirectModel);
  const mediaKey = search.get('mediaKey') ?? '';
  const episode = episodeFromQuery(search.get('episode'));
  useEffect(() => vm.redirect(mediaKey, episode), [vm, mediaKey, episode]);
  return mediaKey ? null : (
    <div className="page">
      <NavBar title="播放" />
      <Missing />
    </div>
  );
}

/** /playDownload (query mediaKey): the episodes; MP4 ones download, HLS ones need the app. */
export const PlayDownloadScreen = observer(function PlayDownloadScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(PlayDownloadModel, { mediaKey: search.get('mediaKey') ?? '' });
  useEffect(() => void vm.opened(), [vm]);
  return (
    <div className="page play-download-page">
      <NavBar title={vm.title ? `${T.download} · ${vm.title}` : T.download} />
      {vm.missing ? (
        <Missing />
      ) : vm.status === 'loading' ? (
        <LoadingState />
      ) : vm.status === 'failed' ? (
        <ErrorState onRefresh={() => void vm.load()} />
      ) : (
        <>
          {vm.refusal !== null && (
            <div className="download-row" role="alert" data-testid="download-refused">
              <span className="download-row__note">{vm.refusal}</span>
            </div>
          )}
          {vm.needsApp && (
            <div className="download-row" data-testid="download-needs-app">
              <span className="download-row__note">{T.downloadHls}</span>
              <button type="button" className="play-section__more download-link" onClick={vm.appTapped}>
                {T.downloadApp} ›
              </button>
            </div>
          )}
          {vm.rows.map((row) => (
            <div key={row.episode} className="download-row" data-testid={`download-${row.episode}`}>
              <span>{row.title}</span>
              {row.kind === 'mp4' ? (
                <a href={row.url} download={row.fileName} data-testid={`download-link-${row.episode}`}>
                  {T.download}
                </a>
              ) : row.kind === 'hls' ? (
                <span className="download-row__note">{T.downloadApp}</span>
              ) : row.kind === 'locked' ? (
                <button type="button" className="play-section__more download-link" onClick={vm.unlockTapped}>
                  {T.downloadLocked}
                </button>
              ) : row.kind === 'refused' ? (
                <span className="download-row__note">{row.reason}</span>
              ) : row.kind === 'live' ? (
                <span className="download-row__note">{T.live}</span>
              ) : (
                <span className="download-row__note">{T.downloadFailed}</span>
              )}
            </div>
          ))}
        </>
      )}
    </div>
  );
});

/** /watching: 继续观看 (logged in, with progress) then 大家在看. */
export const WatchingScreen = observer(function WatchingScreen() {
  const vm = useViewModel(WatchingModel);
  useEffect(() => void vm.opened(), [vm, vm.loggedIn]);
  return (
    <div className="page watching-page">
      <NavBar title="大家在看" />
      {vm.status === 'loading' ? (
        <LoadingState />
      ) : vm.status === 'failed' ? (
        <ErrorState onRefresh={() => void vm.load()} />
      ) : (
        <>
          {vm.loggedIn && vm.mine.length > 0 && (
            <section data-testid="watching-mine">
              <h3 className="section-title">{T.watchingMine}</h3>
              <div className="video-rows">
                {vm.mine.map((video) => {
                  const line = watchedLine(video);
                  return (
                    <VideoCard
                      key={video.mediaKey}
                      video={video}
                      layout="row"
                      extra={
                        <>
                          <span className="video-card__uploader" data-testid="watching-progress-label">
                            {line.label}
                          </span>
                          <span className="watching-progress" role="progressbar" aria-valuenow={line.percent} aria-valuemin={0} aria-valuemax={100}>
                            <span className="watching-progress__bar" style={{ width: `${line.percent}%` }} />
                          </span>
                        </>
                      }
                    />
                  );
                })}
              </div>
            </section>
          )}
          <section data-testid="watching-everyone">
            <h3 className="section-title">{T.watchingEveryone}</h3>
            {vm.everyone.length === 0 ? (
              <p className="play-hint">{T.watchingEmpty}</p>
            ) : (
              <div className="video-rows">
                {vm.everyone.map((video) => (
                  <VideoCard key={video.mediaKey} video={video} layout="row" />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
});
