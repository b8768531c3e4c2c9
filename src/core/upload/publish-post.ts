import { parse } from 'valibot';
import type { Clock } from '../ports/clock.ts';
import type { HttpFilePart } from '../ports/http.ts';
import type { LocalFile, LocalFiles } from '../ports/local-files.ts';
import type { Place } from '../ports/place-search.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError, isTransportFailure } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { chunkCount, chunkProgress, chunkRange, missingChunks, safeFileName } from './chunk-plan.ts';
import { draftProblems, type DraftProblem, type Label, type PostDraftStore, type VideoFileInfo } from './post-draft.ts';
import type { ParamsOf } from '../request/protocol.ts';
import {
  UploadCalls,
  UploadChunkCalls,
  UploadConstants,
  UploadFields,
  UploadRet,
  coverChunkAnswer,
  videoChunkAnswer,
  type HeldChunks,
  type PublishPoint,
  type VideoChunkAnswer,
} from './upload-protocol.ts';
import { UploadTexts } from './upload-texts.ts';

/**
 * What publishing needs of posts (PostsService, wired by the composition root): CreateTrends for a saved video with
 * its cover; the new post's id. Throws ApiError like any call.
 */
export interface PostCreation {
  createPost(
    post: { contxt: string; labels: readonly number[]; location: Place | null; videoId: number; coverPath: string },
    options: { signal: AbortSignal },
  ): Promise<number>;
}

export type { PublishPoint } from './upload-protocol.ts';

export type PublishOutcome =
  /** Posted (progress 100). */
  | { kind: 'published'; postId: number }
  /** The upload stopped (phase failed, uploadError set, errorMessage shown): publish() again resumes it. */
  | { kind: 'failed'; message: string }
  /** cancel() was called while it ran; the draft is reset. */
  | { kind: 'cancelled' }
  /** Nothing was started: the draft has a problem, nobody is logged in, or CreateVideoFile refused it. */
  | { kind: 'refused'; message: string };

/** What the publisher reads of a video chunk's answer. */
type ChunkAnswer = Pick<VideoChunkAnswer, 'fileName' | 'received' | 'complete'>;

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** A step failed for a reason that is not a refusal of the server (the file could not be read, a bad answer). */
class UploadStopped extends Error {}

/**
 * Publishing the draft: CreateVideoFile, the video's chunks (UploadVideoChunk), SaveVideo, the cover's chunks
 * (UploadCover), CreateTrends — progress 1 → 80 across the chunks → 90 → 95 → 100.
 *
 * A transport failure (no answer, or not an answer of the API) is tried again after each of
 * UploadConstants.chunkRetryDelaysMs; when it still fails the draft is marked failed (uploadError,
 * UploadTexts.uploadFailed). A refusal (ret ≠ 200) is not retried: failed with the server's message.
 * publish() again resumes: it asks which chunks the server holds and sends only the others, and skips the save,
 * the cover and the post when they are done. cancel() aborts the call in flight and resets the draft.
 */
export class PublishPost {
  private running: { promise: Promise<PublishOutcome>; controller: AbortController } | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly files: LocalFiles,
    private readonly clock: Clock,
    private readonly store: PostDraftStore,
    private readonly session: UserSession,
    private readonly posts: PostCreation,
    /** Tests may cut smaller chunks (the server they talk to must agree); UploadConstants.chunkSize otherwise. */
    private readonly chunkSize: number = UploadConstants.chunkSize,
  ) {}

  /** GetPublishPoint. Throws ApiError (the request layer toasts it). */
  async publishPoint(): Promise<PublishPoint> {
    return this.api.request(UploadCalls.publishPoint, {});
  }

  /** GetLabel. Throws ApiError (the request layer toasts it). */
  async labels(): Promise<Label[]> {
    return this.api.request(UploadCalls.labels, {});
  }

  /** What stops publishing, in the form's order (empty when it can go). */
  problems(): DraftProblem[] {
    const problems = draftProblems(this.store.draft);
    if (!this.session.user()) problems.push({ field: 'session', message: UploadTexts.loginFirst });
    return problems;
  }

  /** Whether a publish is running. */
  isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * Publishes from wherever the draft stands: fresh, or resuming after a failure. A second call while one runs
   * gets the same outcome. The request layer shows no toast for these calls: the outcome's message is the UI's.
   */
  publish(): Promise<PublishOutcome> {
    if (this.running) return this.running.promise;
    const draft = this.store.draft;
    if (draft.phase === 'published' && draft.publishedPostId !== null) {
      return Promise.resolve({ kind: 'published', postId: draft.publishedPostId });
    }
    const [problem] = this.problems();
    if (problem) return Promise.resolve({ kind: 'refused', message: problem.message });
    const controller = new AbortController();
    const promise = this.run(controller.signal).finally(() => {
      if (this.running?.controller === controller) this.running = null;
    });
    this.running = { promise, controller };
    return promise;
  }

  /** Stops a running publish (its call in flight is aborted, its outcome is cancelled) and resets the draft. */
  cancel(): void {
    const running = this.running;
    this.running = null;
    running?.controller.abort();
    this.store.reset();
  }

  private async run(signal: AbortSignal): Promise<PublishOutcome> {
    const draft = this.store.draft;
    const video = draft.video as LocalFile;
    const cover = draft.cover as LocalFile;
    const fresh = draft.fileInfo === null;
    this.store.patch({
      phase: 'uploading',
      uploadError: false,
      errorMessage: '',
      progress: fresh ? UploadConstants.progressStart : Math.max(draft.progress, UploadConstants.progressStart),
    });
    try {
      let info = draft.fileInfo;
      if (!info) {
        try {
          info = await this.createFile(video, draft.duration, signal);
        } catch (error) {
          if (error instanceof ApiError && !isTransportFailure(error) && !error.isCancelled) {
            this.write(signal, { phase: 'editing', progress: 0 });
            return { kind: 'refused', message: error.msg || UploadTexts.uploadFailed };
          }
          throw error;
        }
        this.write(signal, { fileInfo: info });
      }
      await this.sendVideo(info, video, !fresh, signal);

      let steps = this.store.uploadSteps();
      if (steps.videoId === null) {
        const videoId = await this.saveVideo(info, signal);
        this.check(signal);
        this.store.recordSteps({ videoId });
      }
      this.write(signal, { progress: UploadConstants.progressSaved });

      steps = this.store.uploadSteps();
      if (!steps.coverPath) {
        const coverPath = await this.sendCover(info, cover, signal);
        this.check(signal);
        this.store.recordSteps({ coverPath });
      }
      this.write(signal, { progress: UploadConstants.progressCoverDone });

      steps = this.store.uploadSteps();
      const postId = await this.createPost(steps.videoId as number, steps.coverPath, signal);
      this.write(signal, { progress: UploadConstants.progressPosted, phase: 'published', publishedPostId: postId });
      return { kind: 'published', postId };
    } catch (error) {
      if (signal.aborted || error instanceof Cancelled || (error instanceof ApiError && error.isCancelled)) return { kind: 'cancelled' };
      const message =
        error instanceof ApiError && !isTransportFailure(error) && error.msg ? error.msg : UploadTexts.uploadFailed;
      this.store.patch({ phase: 'failed', uploadError: true, errorMessage: message });
      if (error instanceof ApiError && error.ret === UploadRet.UploadNotFound) {
        // The server no longer knows this upload (or it is another user's): the next publish starts afresh.
        this.store.patch({ fileInfo: null, uploadedFileName: '' });
        this.store.recordSteps({ videoId: null, coverPath: '' });
      }
      return { kind: 'failed', message };
    }
  }

  private async createFile(video: LocalFile, duration: number, signal: AbortSignal): Promise<VideoFileInfo> {
    const params = {
      fileName: safeFileName(video.name),
      fileSize: video.size,
      duration: String(Math.round(duration)),
      chunks: chunkCount(video.size, this.chunkSize),
    };
    const info = await this.retrying(signal, () => this.api.request(UploadCalls.createFile, params, { suppressTips: true, signal }));
    if (!info) throw new UploadStopped('bad CreateVideoFile answer');
    return info;
  }

  /** Sends every chunk the server lacks; on a resume it asks first. Ends when the server says the file is whole. */
  private async sendVideo(info: VideoFileInfo, video: LocalFile, resume: boolean, signal: AbortSignal): Promise<void> {
    const total = chunkCount(video.size, this.chunkSize);
    let held = new Set<number>();
    let complete = false;
    const progressTo = (value: number) => {
      this.write(signal, { progress: Math.max(this.store.draft.progress, value) });
    };
    const ask = async () => {
      const state = await this.heldChunks(info, signal);
      held = new Set(state.received);
      complete = state.complete;
      this.noteFileName(state.fileName, signal);
      progressTo(complete ? UploadConstants.progressChunksDone : chunkProgress(held.size, total));
    };
    if (resume) await ask();
    // A few rounds: if the server still lacks chunks after all were sent (it lost some), send those again.
    for (let round = 0; round < 3 && !complete; round += 1) {
      if (round > 0) await ask();
      for (const chunk of missingChunks(total, held)) {
        if (complete) break;
        const answer = await this.sendChunk(info, video, chunk, total, signal);
        for (const n of answer.received) held.add(n);
        held.add(chunk);
        complete = answer.complete;
        this.noteFileName(answer.fileName, signal);
        progressTo(complete ? UploadConstants.progressChunksDone : chunkProgress(held.size, total));
      }
    }
    if (!complete) throw new UploadStopped('the server did not assemble the video');
  }

  private async sendChunk(info: VideoFileInfo, video: LocalFile, chunk: number, total: number, signal: AbortSignal): Promise<ChunkAnswer> {
    const part = await this.chunkPart(video, chunk, signal);
    const user = this.session.user();
    const fields = {
      [UploadFields.chunk]: chunk,
      [UploadFields.renamemode]: UploadConstants.renamemode,
      [UploadFields.prefix]: UploadConstants.prefix,
      [UploadFields.chunks]: total,
      [UploadFields.uid]: user?.token.uid ?? '',
      [UploadFields.uniqueFileID]: info.uniqueFileName,
    };
    const data = await this.retrying(signal, () =>
      this.api.postMultipart(UploadChunkCalls.videoChunk.path, fields, { [UploadFields.file]: part }, { suppressTips: true, signal }),
    );
    return parse(videoChunkAnswer, data);
  }

  private heldChunks(info: VideoFileInfo, signal: AbortSignal): Promise<HeldChunks> {
    return this.retrying(signal, () => this.api.request(UploadCalls.heldChunks, { uniqueFileID: info.uniqueFileName }, { suppressTips: true, signal }));
  }

  private async saveVideo(info: VideoFileInfo, signal: AbortSignal): Promise<number> {
    const draft = this.store.draft;
    const user = this.session.user();
    const body: ParamsOf<typeof UploadCalls.saveVideo.params> = {
      LID: info.lid,
      ID: info.id,
      CID: UploadConstants.defaultCategoryId,
      UID: String(user?.token.uid ?? ''),
      Contxt: draft.description,
      // Decided: the cover goes up after the save (the progress milestones), so the save carries none.
      Corver: '',
      UploadedFileName: draft.uploadedFileName,
      ServerID: UploadConstants.referenceServerId,
    };
    // Left out when no label is chosen (spec).
    if (draft.labels.length > 0) body.Labels = draft.labels.map((l) => l.id).join(',');
    const { videoId } = await this.retrying(signal, () => this.api.request(UploadCalls.saveVideo, body, { suppressTips: true, signal }));
    return videoId || info.id;
  }

  /** The cover in 2 MB chunks under the video's file token; the last answer names its path. */
  private async sendCover(info: VideoFileInfo, cover: LocalFile, signal: AbortSignal): Promise<string> {
    const total = chunkCount(cover.size, this.chunkSize);
    let path = '';
    for (let chunk = 1; chunk <= total; chunk += 1) {
      const part = await this.chunkPart(cover, chunk, signal, 'cover.jpg');
      const fields = { [UploadFields.chunk]: chunk, [UploadFields.chunks]: total, [UploadFields.uniqueFileID]: info.uniqueFileName };
      const data = await this.retrying(signal, () =>
        this.api.postMultipart(UploadChunkCalls.coverChunk.path, fields, { [UploadFields.coverFile]: part }, { suppressTips: true, signal }),
      );
      path = parse(coverChunkAnswer, data).filepath || path;
    }
    if (!path) throw new UploadStopped('the server gave no cover path');
    return path;
  }

  /** CreateTrends (PostsService). Retried like the others: the server answers the same post for the same video. */
  private async createPost(videoId: number, coverPath: string, signal: AbortSignal): Promise<number> {
    const draft = this.store.draft;
    const post = { contxt: draft.description, labels: draft.labels.map((l) => l.id), location: draft.location, videoId, coverPath };
    return this.retrying(signal, () => this.posts.createPost(post, { signal }));
  }

  /** Chunk `chunk` of a picked file, read from the device, as a multipart file part. */
  private async chunkPart(file: LocalFile, chunk: number, signal: AbortSignal, fallbackName?: string): Promise<HttpFilePart> {
    const { start, end } = chunkRange(chunk, file.size, this.chunkSize);
    const bytes = await this.files.read(file, start, end);
    this.check(signal);
    return { bytes, fileName: safeFileName(file.name, fallbackName), contentType: file.type || 'application/octet-stream' };
  }

  /** The first non-empty file name the server gave is kept. */
  private noteFileName(fileName: string, signal: AbortSignal): void {
    if (fileName && !this.store.draft.uploadedFileName) this.write(signal, { uploadedFileName: fileName });
  }

  /** Tries a call again after each retry delay while it fails in transport. */
  private async retrying<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
    const delays = UploadConstants.chunkRetryDelaysMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (signal.aborted) throw new Cancelled();
        const delay = delays[attempt];
        if (!isTransportFailure(error) || delay === undefined) throw error;
        await this.wait(delay, signal);
      }
    }
  }

  private wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.clock.cancelSchedule(id);
        reject(new Cancelled());
      };
      const id = this.clock.schedule(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private check(signal: AbortSignal): void {
    if (signal.aborted) throw new Cancelled();
  }

  /** Writes to the draft unless this run was cancelled (the draft then belongs to nobody's run). */
  private write(signal: AbortSignal, patch: Parameters<PostDraftStore['patch']>[0]): void {
    this.check(signal);
    this.store.patch(patch);
  }
}
