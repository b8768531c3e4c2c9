import type { LocalFile } from '../ports/local-files.ts';
import type { Place } from '../ports/place-search.ts';
import { looksLikeCoverImage, looksLikeVideo } from './chunk-plan.ts';
import { UploadConstants, type Label, type VideoFileInfo } from './upload-protocol.ts';
import { UploadTexts } from './upload-texts.ts';

export type { Label, VideoFileInfo } from './upload-protocol.ts';

/** editing: the form; uploading: a publish is running; failed: it stopped (resume or cancel); published: done. */
type UploadPhase = 'editing' | 'uploading' | 'failed' | 'published';

/** The post being written (spec: the video post draft). Replaced, never mutated, on every change. */
export interface PostDraft {
  video: LocalFile | null;
  /** Seconds. */
  duration: number;
  /** Poster frame candidates (URLs the UI made). */
  images: string[];
  cover: LocalFile | null;
  labels: Label[];
  description: string;
  location: Place | null;
  fileInfo: VideoFileInfo | null;
  /** 0 before a publish, then 1..100 (see UploadConstants' milestones). */
  progress: number;
  uploadError: boolean;
  errorMessage: string;
  /** The server's name of the uploaded video (xw-….mp4), '' until a chunk answer or GetUploadedChunks gave it. */
  uploadedFileName: string;
  phase: UploadPhase;
  publishedPostId: number | null;
}

/** What stops a pick or a publish, with the text to show. */
export interface DraftProblem {
  field: 'video' | 'cover' | 'labels' | 'description' | 'session';
  message: string;
}

/** The publish's own progress, kept so a resume skips the steps already done (not shown to the UI). */
export interface UploadSteps {
  /** SaveVideo's answer; null until the video is saved. */
  videoId: number | null;
  /** The cover's path once its last chunk was taken; '' before. */
  coverPath: string;
}

const EMPTY: PostDraft = {
  video: null,
  duration: 0,
  images: [],
  cover: null,
  labels: [],
  description: '',
  location: null,
  fileInfo: null,
  progress: 0,
  uploadError: false,
  errorMessage: '',
  uploadedFileName: '',
  phase: 'editing',
  publishedPostId: null,
};

const NO_STEPS: UploadSteps = { videoId: null, coverPath: '' };

/** Validates a picked video: a video file, not empty, not over the size limit, not longer than 10 minutes. */
export function videoProblem(file: LocalFile, durationSeconds: number): DraftProblem | null {
  if (!looksLikeVideo(file)) return { field: 'video', message: UploadTexts.notAVideoFile };
  if (file.size <= 0) return { field: 'video', message: UploadTexts.videoEmpty };
  if (file.size > UploadConstants.maxVideoBytes) return { field: 'video', message: UploadTexts.VideoTooLarge };
  if (Number.isFinite(durationSeconds) && durationSeconds > UploadConstants.maxDurationSeconds) {
    return { field: 'video', message: UploadTexts.videoTooLong };
  }
  return null;
}

/** Validates a cover: jpeg, png or webp, not empty, at most maxCoverBytes. */
function coverProblem(file: LocalFile): DraftProblem | null {
  if (!looksLikeCoverImage(file) || file.size <= 0) return { field: 'cover', message: UploadTexts.notAnImageFile };
  if (file.size > UploadConstants.maxCoverBytes) return { field: 'cover', message: UploadTexts.CoverTooLarge };
  return null;
}

/** What stops the draft from being published, in the order the form shows them. */
export function draftProblems(draft: PostDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.video) problems.push({ field: 'video', message: UploadTexts.chooseVideo });
  else {
    const video = videoProblem(draft.video, draft.duration);
    if (video) problems.push(video);
  }
  if (!draft.cover) problems.push({ field: 'cover', message: UploadTexts.chooseCover });
  else {
    const cover = coverProblem(draft.cover);
    if (cover) problems.push(cover);
  }
  if (draft.labels.length > UploadConstants.maxLabels) problems.push({ field: 'labels', message: UploadTexts.tooManyLabels });
  if ([...draft.description].length > UploadConstants.maxDescription) {
    problems.push({ field: 'description', message: UploadTexts.DescriptionTooLong });
  }
  return problems;
}

/**
 * The post being written, one per app (a singleton): the posting screens edit it, PublishPost uploads it and
 * writes its progress. Picking another video drops any upload of the previous one; cancel resets everything.
 */
export class PostDraftStore {
  private current: PostDraft = EMPTY;
  private steps: UploadSteps = NO_STEPS;
  private readonly listeners = new Set<(draft: PostDraft) => void>();

  get draft(): PostDraft {
    return this.current;
  }

  subscribe(listener: (draft: PostDraft) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Takes a picked video (duration in seconds, as the UI read it). A refused file leaves the draft as it was; a
   * new video drops the previous one's upload, poster frames and cover.
   */
  setVideo(file: LocalFile, durationSeconds: number): DraftProblem | null {
    const problem = videoProblem(file, durationSeconds);
    if (problem) return problem;
    this.steps = NO_STEPS;
    this.update({
      ...this.current,
      ...uploadCleared(),
      video: file,
      duration: Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0,
      // The poster frames and the cover belonged to the previous video.
      images: [],
      cover: null,
    });
    return null;
  }

  setImages(urls: string[]): void {
    this.update({ ...this.current, images: [...urls] });
  }

  /** Takes a cover image. A new cover is uploaded again on the next publish. */
  setCover(file: LocalFile): DraftProblem | null {
    const problem = coverProblem(file);
    if (problem) return problem;
    this.steps = { ...this.steps, coverPath: '' };
    this.update({ ...this.current, cover: file });
    return null;
  }

  /** Adds or removes a label (by id). Adding beyond maxLabels is refused with a problem. */
  toggleLabel(label: Label): DraftProblem | null {
    const chosen = this.current.labels;
    if (chosen.some((l) => l.id === label.id)) {
      this.update({ ...this.current, labels: chosen.filter((l) => l.id !== label.id) });
      return null;
    }
    if (chosen.length >= UploadConstants.maxLabels) return { field: 'labels', message: UploadTexts.tooManyLabels };
    this.update({ ...this.current, labels: [...chosen, { id: label.id, name: label.name }] });
    return null;
  }

  /** The description, cut to maxDescription characters. */
  setDescription(text: string): void {
    const cut = [...text].slice(0, UploadConstants.maxDescription).join('');
    this.update({ ...this.current, description: cut });
  }

  setLocation(place: Place | null): void {
    this.update({ ...this.current, location: place ? { ...place } : null });
  }

  /** Forgets everything: the form and any upload. */
  reset(): void {
    this.steps = NO_STEPS;
    this.update(EMPTY);
  }

  // ---- The publish's side (PublishPost) ----

  /** The steps done so far by a publish of this draft. */
  uploadSteps(): UploadSteps {
    return this.steps;
  }

  recordSteps(patch: Partial<UploadSteps>): void {
    this.steps = { ...this.steps, ...patch };
  }

  /** Writes upload fields (progress, phase, fileInfo, error…). */
  patch(patch: Partial<PostDraft>): void {
    this.update({ ...this.current, ...patch });
  }

  private update(next: PostDraft): void {
    this.current = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}

function uploadCleared(): Pick<PostDraft, 'fileInfo' | 'progress' | 'uploadError' | 'errorMessage' | 'uploadedFileName' | 'phase' | 'publishedPostId'> {
  return { fileInfo: null, progress: 0, uploadError: false, errorMessage: '', uploadedFileName: '', phase: 'editing', publishedPostId: null };
}
