import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { LoadingState } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { AddPosterModel, VideoPreviewModel, type VideoPreviewViewModel } from './media-view-models.ts';
import { PostingTexts } from './posting-texts.ts';
import './posting.css';

function NoVideo({ onPick }: { onPick: () => void }) {
  return (
    <div className="posting-empty" data-testid="posting-no-video">
      <p>{PostingTexts.noVideo}</p>
      <button type="button" className="primary-button" onClick={onPick}>{PostingTexts.goPick}</button>
    </div>
  );
}

/** 重新选择: picks another video in place of the draft's (读取中… while it is read). */
const RePick = observer(function RePick({ vm, testId }: { vm: VideoPreviewViewModel; testId?: string }) {
  return (
    <label className="video-preview__secondary" aria-busy={vm.reading}>
      <input
        className="posting-hidden-input"
        type="file"
        accept="video/*"
        data-testid={testId}
        disabled={vm.reading}
        onChange={(event) => {
          void vm.rePicked(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {vm.reading ? PostingTexts.readingVideo : PostingTexts.rePick}
    </label>
  );
});

/** /selectVideoPreview — the picked video plays; 重新选择 picks another, 下一步 goes back to the form with it. */
export const SelectVideoPreviewScreen = observer(function SelectVideoPreviewScreen() {
  const vm = useViewModel(VideoPreviewModel);
  return (
    <div className="page video-preview-page">
      <NavBar title="选择视频" />
      {vm.hasVideo ? (
        <>
          <div className="video-preview">
            <video key={vm.videoUrl} data-testid="select-preview-video" src={vm.videoUrl} controls autoPlay muted playsInline loop />
          </div>
          <p className="video-preview__info">
            {vm.videoName} {vm.videoInfo && `· ${vm.videoInfo}`}
          </p>
          <div className="video-preview__actions">
            <RePick vm={vm} testId="repick-video" />
            <button type="button" className="primary-button" data-testid="select-video-next" disabled={vm.reading} onClick={vm.nextTapped}>
              {PostingTexts.next}
            </button>
          </div>
        </>
      ) : (
        <NoVideo onPick={vm.pickTapped} />
      )}
    </div>
  );
});

/** /previewDynamicVideo — the form's video at full size, with sound. */
export const PreviewVideoScreen = observer(function PreviewVideoScreen() {
  const vm = useViewModel(VideoPreviewModel);
  return (
    <div className="page video-preview-page">
      <NavBar title="预览视频" />
      {vm.hasVideo ? (
        <>
          <div className="video-preview">
            <video data-testid="preview-video" src={vm.videoUrl} controls autoPlay playsInline />
          </div>
          <p className="video-preview__info">{vm.videoInfo}</p>
          <div className="video-preview__actions">
            <RePick vm={vm} />
            <button type="button" className="primary-button" onClick={vm.nextTapped}>{PostingTexts.done}</button>
          </div>
        </>
      ) : (
        <NoVideo onPick={vm.pickTapped} />
      )}
    </div>
  );
});

/** /dynamicVideoAddPoster — eight frames of the video, or 从相册选择; 下一步 opens the chosen picture in the editor. */
export const AddPosterScreen = observer(function AddPosterScreen() {
  const vm = useViewModel(AddPosterModel);
  useEffect(() => void vm.opened(), [vm]);
  const album = (
    <label className="poster-album">
      <input
        className="posting-hidden-input"
        type="file"
        accept="image/*"
        data-testid="pick-poster-image"
        onChange={(event) => {
          vm.albumPicked(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {PostingTexts.pickFromAlbum}
    </label>
  );
  if (vm.status === 'noVideo') {
    return (
      <div className="page posting-page">
        <NavBar title={PostingTexts.posterTitle} />
        <NoVideo onPick={vm.pickVideoTapped} />
      </div>
    );
  }
  const chosen = vm.frames[vm.selected];
  return (
    <div className="page posting-page">
      <NavBar title={PostingTexts.posterTitle} />
      {vm.status === 'loading' && <LoadingState />}
      {vm.status === 'failed' && (
        <div className="posting-empty" role="alert">
          <p>{PostingTexts.framesFailed}</p>
        </div>
      )}
      {vm.status === 'ready' && (
        <>
          <p className="poster-hint">{PostingTexts.posterHint}</p>
          <div className="poster-preview">{chosen && <img src={chosen} alt="所选封面" data-testid="poster-chosen" />}</div>
          <div className="poster-frames" role="listbox" aria-label="视频画面">
            {vm.frames.map((url, index) => (
              <button
                key={url}
                type="button"
                role="option"
                aria-selected={index === vm.selected}
                className={`poster-frame ${index === vm.selected ? 'poster-frame--selected' : ''}`}
                data-testid="poster-frame"
                onClick={() => vm.frameTapped(index)}
              >
                <img src={url} alt={`第${index + 1}帧`} />
              </button>
            ))}
          </div>
        </>
      )}
      <div className="poster-actions">
        {album}
        {vm.status !== 'failed' && (
          <button type="button" className="primary-button" data-testid="poster-next" disabled={!vm.canGoOn} onClick={vm.nextTapped}>
            {PostingTexts.next}
          </button>
        )}
      </div>
    </div>
  );
});
