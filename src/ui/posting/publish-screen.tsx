import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { UploadTexts } from '../../core/upload/upload-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar, useBackAction } from '../common/nav-bar.tsx';
import { PublishPollRow } from '../votes/publish-poll-row.tsx';
import { PostingGateModel } from './posting-gate-view-model.ts';
import { PostingRoutes } from './posting-routes.ts';
import { PostingTexts } from './posting-texts.ts';
import { PublishModel, type PublishViewModel } from './publish-view-model.ts';
import './posting.css';

function PinIcon() {
  return (
    <svg className="publish-row__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" fill="currentColor" />
    </svg>
  );
}

/** The progress card over the form while publishing; on failure the message with 继续上传 and 取消. */
const UploadOverlay = observer(function UploadOverlay({ vm }: { vm: PublishViewModel }) {
  const published = vm.draft.phase === 'published';
  return (
    <div className="upload-overlay" data-testid="upload-progress" data-progress={vm.progress} role="dialog" aria-modal="true" aria-label={UploadTexts.uploading}>
      <div className="upload-card">
        <p className="upload-card__title">{vm.failed ? UploadTexts.uploading : vm.stepText}</p>
        <p className="upload-card__percent">{vm.progress}%</p>
        <div className="upload-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={vm.progress}>
          <span className="upload-bar__fill" style={{ width: `${vm.progress}%` }} />
        </div>
        {vm.failed ? (
          <div data-testid="upload-error" role="alert">
            <p className="upload-card__error">{vm.errorMessage}</p>
            <div className="upload-card__actions">
              <button type="button" className="upload-card__secondary" data-testid="upload-cancel" onClick={() => void vm.cancelTapped()}>
                {UploadTexts.cancel}
              </button>
              <button type="button" className="upload-card__primary" data-testid="upload-resume" onClick={() => void vm.resumeTapped()}>
                {UploadTexts.resume}
              </button>
            </div>
          </div>
        ) : (
          <>
            <p className="upload-card__hint">{published ? '' : PostingTexts.uploadingHint}</p>
            {!published && (
              <button type="button" className="link-button upload-card__cancel" data-testid="upload-abort" onClick={() => void vm.cancelTapped()}>
                {PostingTexts.cancelYes}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
});

const PublishForm = observer(function PublishForm() {
  const vm = useViewModel(PublishModel);
  useEffect(() => vm.opened(), [vm]);
  const leave = useBackAction();
  const draft = vm.draft;
  return (
    <>
      <NavBar
        title={PostingTexts.publishTitle}
        onBack={() => void vm.backTapped(leave)}
      />
      <section className="publish-media">
        {vm.hasVideo ? (
          <button type="button" className="publish-tile" data-testid="publish-video" aria-label="预览视频" onClick={vm.videoTapped}>
            <video src={`${vm.videoUrl}#t=0.1`} muted playsInline preload="metadata" />
            {vm.durationText && <span className="publish-tile__badge">{vm.durationText}</span>}
          </button>
        ) : (
          <label className={`publish-tile ${vm.reading ? 'publish-tile--reading' : ''}`} aria-busy={vm.reading}>
            <input
              className="posting-hidden-input"
              type="file"
              accept="video/*"
              data-testid="pick-video"
              disabled={vm.busy}
              onChange={(event) => {
                void vm.videoPicked(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <span className="publish-tile__plus" aria-hidden="true">＋</span>
            <span>{vm.reading ? PostingTexts.readingVideo : PostingTexts.pickVideo}</span>
          </label>
        )}
        <button type="button" className="publish-tile" data-testid="publish-cover" onClick={vm.coverTapped}>
          {vm.coverUrl ? (
            <img src={vm.coverUrl} alt={PostingTexts.cover} data-testid="publish-cover-image" />
          ) : (
            vm.hasVideo && <video src={`${vm.videoUrl}#t=0.1`} muted playsInline preload="metadata" aria-hidden="true" />
          )}
          {vm.hasVideo && !vm.coverUrl && <span className="publish-tile__tag">{PostingTexts.defaultCover}</span>}
          {vm.hasVideo ? (
            <span className="publish-tile__caption">{vm.coverUrl ? '更换封面' : PostingTexts.chooseCover}</span>
          ) : (
            <>
              <span className="publish-tile__plus" aria-hidden="true">＋</span>
              <span>{PostingTexts.cover}</span>
            </>
          )}
        </button>
      </section>
      <p className="publish-hint">{vm.hasVideo ? vm.videoInfo : PostingTexts.videoLimits}</p>
      <div className="publish-description">
        <textarea
          aria-label="描述"
          data-testid="publish-description"
          placeholder={PostingTexts.descriptionPlaceholder}
          value={draft.description}
          onChange={(event) => vm.descriptionChanged(event.target.value)}
        />
        <span className="publish-description__counter" data-testid="publish-counter">{vm.descriptionCounter}</span>
      </div>
      <section className="publish-section">
        <h2 className="publish-section__head">
          {PostingTexts.labels}
          <span className="publish-section__hint">{PostingTexts.labelsHint}</span>
        </h2>
        {vm.labelsStatus === 'failed' ? (
          <button type="button" className="link-button" onClick={() => void vm.loadLabels()}>{PostingTexts.labelsFailed}</button>
        ) : (
          <div className="label-chips" aria-busy={vm.labelsStatus === 'loading'}>
            {vm.labelChips.map(({ label, selected }) => (
              <button
                key={label.id}
                type="button"
                className={`label-chip ${selected ? 'label-chip--selected' : ''}`}
                data-testid="label-chip"
                aria-pressed={selected}
                onClick={() => vm.labelTapped(label)}
              >
                #{label.name}
              </button>
            ))}
          </div>
        )}
      </section>
      <button type="button" className="publish-row" data-testid="location-row" onClick={vm.locationTapped}>
        <PinIcon />
        <span className="publish-row__label">{PostingTexts.location}</span>
        <span className={`publish-row__value ${vm.locationText ? 'publish-row__value--set' : ''}`} data-testid="location-value">
          {vm.locationText}
        </span>
        <span className="publish-row__arrow" aria-hidden="true">›</span>
      </button>
      <PublishPollRow />
      <div className="publish-footer">
        {vm.remainingText && (
          <p className={`publish-remaining ${vm.limitReached ? 'publish-remaining--none' : ''}`} data-testid="publish-remaining">
            {vm.remainingText}
          </p>
        )}
        {/* Looks inactive until a video is chosen, but still answers a tap with what is missing. */}
        <button
          type="button"
          className={`primary-button ${vm.canPublish ? '' : 'primary-button--inactive'}`}
          aria-disabled={!vm.canPublish}
          data-testid="publish"
          onClick={() => void vm.publishTapped()}
        >
          {vm.preparing ? PostingTexts.cropping : PostingTexts.publish}
        </button>
      </div>
      {vm.overlayVisible && <UploadOverlay vm={vm} />}
    </>
  );
});

/** /publishDynamic — write a video post and publish it (login required: a visitor goes to /login and comes back). */
export const PublishScreen = observer(function PublishScreen() {
  const gate = useViewModel(PostingGateModel, { page: PostingRoutes.publish });
  useEffect(() => gate.visitorSentToLogin(), [gate, gate.loggedIn]);
  return (
    <div className="page posting-page publish-page">
      {gate.loggedIn ? <PublishForm /> : <NavBar title={PostingTexts.publishTitle} />}
    </div>
  );
});
