import { makeAutoObservable, runInAction } from 'mobx';
import type { PostDraft } from '../../core/upload/post-draft.ts';
import { UploadTexts } from '../../core/upload/upload-texts.ts';
import { cropRect, initialCrop, panCrop, scaleOf, zoomCrop, type CropState, type Size } from './crop-geometry.ts';
import { HINT, PostingRoutes } from './posting-routes.ts';
import type { PostingUiState } from './posting-state.ts';
import { PostingTexts } from './posting-texts.ts';
import { takeVideo, videoInfoOf, type PostingDeps } from './publish-view-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** How many frames the poster page offers. */
export const POSTER_FRAME_COUNT = 8;

/** /selectVideoPreview (after picking: play it, 重新选择 or 下一步) and /previewDynamicVideo (the form's video, full size). */
export class VideoPreviewViewModel {
  reading = false;

  constructor(private readonly deps: PostingDeps) {
    makeAutoObservable<VideoPreviewViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get draft(): PostDraft {
    return this.deps.draft.draft;
  }

  get hasVideo(): boolean {
    return this.draft.video !== null;
  }

  get videoUrl(): string {
    return this.draft.video ? this.deps.media.urlOf(this.draft.video) : '';
  }

  get videoName(): string {
    return this.draft.video?.name ?? '';
  }

  get videoInfo(): string {
    return videoInfoOf(this.draft);
  }

  /** 重新选择: another file replaces the video (the cover frames go with the old one). */
  async rePicked(file: Blob | null | undefined): Promise<void> {
    if (!file || this.reading) return;
    this.reading = true;
    try {
      await takeVideo(this.deps, file);
    } finally {
      runInAction(() => (this.reading = false));
    }
  }

  /** 下一步: back to the form, the video chosen. */
  nextTapped(): void {
    this.deps.navigator.back();
  }

  /** With no video (the page opened on its own): to the form to pick one. */
  pickTapped(): void {
    this.deps.navigator.replace(PostingRoutes.publish);
  }
}

export type FramesStatus = 'noVideo' | 'loading' | 'ready' | 'failed';

/**
 * /dynamicVideoAddPoster — eight frames of the video to choose the cover from, or a picture from the album. The
 * chosen picture opens in the cover editor, which replaces this page (its back arrow comes back here; 完成 goes
 * back to the form).
 */
export class AddPosterViewModel {
  status: FramesStatus = 'loading';

  constructor(private readonly deps: PostingDeps & { ui: PostingUiState }) {
    makeAutoObservable<AddPosterViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get frames(): string[] {
    return this.deps.draft.draft.images;
  }

  get selected(): number {
    const index = this.frames.indexOf(this.deps.ui.posterSource ?? '');
    return index < 0 ? 0 : index;
  }

  get canGoOn(): boolean {
    return this.status === 'ready' && this.frames.length > 0;
  }

  /** Takes the frames once per video (they stay in the draft). */
  async opened(): Promise<void> {
    const video = this.deps.draft.draft.video;
    if (!video) {
      this.status = 'noVideo';
      return;
    }
    if (this.frames.length > 0) {
      this.status = 'ready';
      return;
    }
    this.status = 'loading';
    try {
      const urls = await this.deps.media.frames(video, POSTER_FRAME_COUNT);
      // A video picked again meanwhile has frames of its own to come.
      if (this.deps.draft.draft.video?.id !== video.id) return;
      this.deps.store.setImages(urls);
      runInAction(() => (this.status = urls.length > 0 ? 'ready' : 'failed'));
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  frameTapped(index: number): void {
    const url = this.frames[index];
    if (url) this.deps.ui.choosePosterSource(url);
  }

  nextTapped(): void {
    const url = this.frames[this.selected];
    if (!url) {
      this.deps.notifier.toast(PostingTexts.framesFailed, HINT);
      return;
    }
    this.deps.ui.choosePosterSource(url);
    this.deps.navigator.replace(PostingRoutes.editPoster);
  }

  /** 从相册选择: an image opens in the editor at once. */
  albumPicked(file: Blob | null | undefined): void {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      this.deps.notifier.toast(UploadTexts.notAnImageFile, HINT);
      return;
    }
    this.deps.ui.choosePosterSource(this.deps.media.previewUrl(file));
    this.deps.navigator.replace(PostingRoutes.editPoster);
  }

  pickVideoTapped(): void {
    this.deps.navigator.replace(PostingRoutes.publish);
  }
}

export type EditorStatus = 'noSource' | 'loading' | 'ready' | 'failed';

/**
 * /dynamicVideoEditPoster — the chosen picture under a 3:4 frame: drag to move, pinch or the slider to zoom;
 * 完成 cuts the cover (a JPEG), puts it in the draft and goes back to the form.
 */
export class EditPosterViewModel {
  status: EditorStatus;
  crop: CropState | null = null;
  saving = false;

  constructor(private readonly deps: PostingDeps & { ui: PostingUiState }) {
    this.status = deps.ui.posterSource ? 'loading' : 'noSource';
    makeAutoObservable<EditPosterViewModel, 'deps'>(this, { deps: false, crop: true }, { autoBind: true });
  }

  get source(): string {
    return this.deps.ui.posterSource ?? '';
  }

  get zoom(): number {
    return this.crop?.zoom ?? 1;
  }

  /** Where the picture lies under the frame (frame pixels). */
  get imageBox(): { left: number; top: number; width: number; height: number } | null {
    const crop = this.crop;
    if (!crop) return null;
    const scale = scaleOf(crop);
    return { left: crop.x, top: crop.y, width: crop.image.width * scale, height: crop.image.height * scale };
  }

  imageLoaded(image: Size, frame: Size): void {
    if (image.width <= 0 || image.height <= 0) {
      this.imageFailed();
      return;
    }
    this.crop = initialCrop(frame, image);
    this.status = 'ready';
  }

  imageFailed(): void {
    this.status = 'failed';
    this.deps.notifier.toast(PostingTexts.imageFailed, HINT);
  }

  /** The frame changed size (rotation): the picture is laid out again. */
  frameResized(frame: Size): void {
    if (!this.crop || (frame.width === this.crop.frame.width && frame.height === this.crop.frame.height)) return;
    this.crop = zoomCrop(initialCrop(frame, this.crop.image), this.crop.zoom);
  }

  dragged(dx: number, dy: number): void {
    if (this.crop) this.crop = panCrop(this.crop, dx, dy);
  }

  /** A pinch: the zoom it reached and the point between the fingers (frame pixels). */
  pinched(zoom: number, focus: { x: number; y: number }): void {
    if (this.crop) this.crop = zoomCrop(this.crop, zoom, focus);
  }

  zoomChanged(zoom: number): void {
    if (this.crop) this.crop = zoomCrop(this.crop, zoom);
  }

  async doneTapped(): Promise<void> {
    const crop = this.crop;
    if (!crop || this.saving) return;
    this.saving = true;
    try {
      const cover = await this.deps.media.crop(this.source, cropRect(crop));
      const problem = this.deps.store.setCover(cover);
      if (problem) {
        this.deps.notifier.toast(problem.message, HINT);
        return;
      }
      this.deps.navigator.back();
    } catch {
      this.deps.notifier.toast(PostingTexts.cropFailed, HINT);
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** The back arrow returns to the frames (this page replaced them). */
  backTapped(): void {
    this.deps.navigator.replace(PostingRoutes.addPoster);
  }
}

/** The posting media screens' view-models, bound by the composition root (posting-bindings.ts). */
export const VideoPreviewModel = viewModelToken<VideoPreviewViewModel>('VideoPreviewViewModel');
export const AddPosterModel = viewModelToken<AddPosterViewModel>('AddPosterViewModel');
export const EditPosterModel = viewModelToken<EditPosterViewModel>('EditPosterViewModel');
