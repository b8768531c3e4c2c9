import { describe, expect, it } from 'vitest';
import { UploadCalls, UploadChunkCalls, UploadConstants, UploadRet } from '../../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { PostingTexts } from '../../../src/ui/posting/posting-texts.ts';
import { PUBLISHED_PAUSE_MS, PublishViewModel } from '../../../src/ui/posting/publish-view-model.ts';
import { drive, postingSetup, settle, videoFile } from './posting-support.ts';

function publishSetup(options: Parameters<typeof postingSetup>[0] = {}) {
  const base = postingSetup(options);
  const vm = new PublishViewModel({ ...base.deps, publisher: base.publisher, session: base.session, clock: base.world.clock });
  const progress: number[] = [];
  base.store.subscribe((draft) => {
    if (draft.progress > 0 && progress[progress.length - 1] !== draft.progress) progress.push(draft.progress);
  });
  return { ...base, vm, progress };
}

/** Picks a 5000-byte MP4 and comes back from the preview page. */
async function pickVideo(s: ReturnType<typeof publishSetup>, size = 5000): Promise<void> {
  await s.vm.videoPicked(videoFile(size));
  expect(s.world.navigator.current().path).toBe('/selectVideoPreview');
  s.world.navigator.back();
}

describe('PublishViewModel — the form', () => {
  it('shows today\'s remaining posts and the labels once shown', async () => {
    const s = publishSetup();
    const stop = s.vm.opened();
    await settle();
    expect(s.vm.remainingText).toBe('今日还可发布5条');
    expect(s.vm.labelChips.map((chip) => chip.label.name)).toEqual(['搞笑', '生活', '美食', '旅行', '萌宠', '音乐']);
    expect(s.vm.labelsStatus).toBe('ready');
    expect(s.vm.canPublish).toBe(false);
    stop();
    // The form is made again when it is shown again: the labels are there at once, asked only once.
    const again = new PublishViewModel({ ...s.deps, publisher: s.publisher, session: s.session, clock: s.world.clock });
    expect(again.labelChips).toHaveLength(6);
    again.opened()();
    expect(s.world.http.requests.filter((r) => r.url === UploadCalls.labels.path)).toHaveLength(1);
  });

  it('says when today\'s posts are used up, and 发布 then only explains', async () => {
    const s = publishSetup({ dailyLimit: 0 });
    const stop = s.vm.opened();
    await settle();
    expect(s.vm.remainingText).toBe(PostingTexts.noneLeft);
    expect(s.vm.limitReached).toBe(true);
    await pickVideo(s);
    expect(s.vm.canPublish).toBe(false);
    await s.vm.publishTapped();
    expect(s.toasts()).toContain(UploadTexts.PublishLimitReached);
    expect(s.world.http.requests.filter((r) => r.url === UploadCalls.createFile.path)).toHaveLength(0);
    stop();
  });

  it('takes a picked video into the draft and opens its preview; refuses what is not a video', async () => {
    const s = publishSetup();
    await s.vm.videoPicked(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(s.toasts()).toEqual([UploadTexts.notAVideoFile]);
    expect(s.vm.hasVideo).toBe(false);

    s.media.undecodable.add('broken.mp4');
    await s.vm.videoPicked(videoFile(5000, 'broken.mp4'));
    expect(s.toasts()).toEqual([UploadTexts.notAVideoFile, UploadTexts.notAVideoFile]);

    s.media.durations.set('long.mp4', UploadConstants.maxDurationSeconds + 1);
    await s.vm.videoPicked(videoFile(5000, 'long.mp4'));
    expect(s.toasts()[2]).toBe(UploadTexts.videoTooLong);
    expect(s.world.navigator.current().path).toBe('/publishDynamic');

    s.media.durations.set('clip.mp4', 75);
    await s.vm.videoPicked(videoFile(5000));
    expect(s.world.navigator.current().path).toBe('/selectVideoPreview');
    expect(s.vm.hasVideo).toBe(true);
    expect(s.vm.durationText).toBe('01:15');
    expect(s.vm.videoInfo).toBe('01:15 · 5KB');
    expect(s.vm.videoUrl).toMatch(/^blob:fake\//);
  });

  it('labels toggle, a fourth is refused with 最多选择3个标签; the description counts characters', async () => {
    const s = publishSetup();
    const stop = s.vm.opened();
    await settle();
    const [a, b, c, d] = s.vm.labelChips.map((chip) => chip.label);
    for (const label of [a, b, c, d]) s.vm.labelTapped(label!);
    expect(s.toasts()).toEqual([UploadTexts.tooManyLabels]);
    expect(s.vm.labelChips.filter((chip) => chip.selected).map((chip) => chip.label.name)).toEqual(['搞笑', '生活', '美食']);
    s.vm.labelTapped(b!);
    expect(s.vm.draft.labels.map((label) => label.name)).toEqual(['搞笑', '美食']);
    s.vm.descriptionChanged('周末去外滩😀');
    expect(s.vm.descriptionCounter).toBe('6/200');
    stop();
  });

  it('the cover tile and 所在位置 open their pages; the cover needs a video first', async () => {
    const s = publishSetup();
    s.vm.coverTapped();
    expect(s.toasts()).toEqual([UploadTexts.chooseVideo]);
    await pickVideo(s);
    s.vm.coverTapped();
    expect(s.world.navigator.current().path).toBe('/dynamicVideoAddPoster');
    s.world.navigator.back();
    s.vm.locationTapped();
    expect(s.world.navigator.current().path).toBe('/getUserLocation');
    s.world.navigator.back();
    s.vm.videoTapped();
    expect(s.world.navigator.current().path).toBe('/previewDynamicVideo');
  });

  it('发布 without a video says 请选择视频; a visitor is sent to /login and comes back', async () => {
    const s = publishSetup();
    await s.vm.publishTapped();
    expect(s.toasts()).toEqual([UploadTexts.chooseVideo]);
    const visitor = publishSetup({ loggedIn: false });
    await visitor.vm.publishTapped();
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/publishDynamic' } });
  });
});

describe('PublishViewModel — publishing', () => {
  it('uploads with the first frame as the cover when none was chosen: 1 → 80 → 90 → 95 → 100, 发布成功, then /myDynamic', async () => {
    const s = publishSetup({ chunkSize: undefined });
    const stop = s.vm.opened();
    await settle();
    await pickVideo(s, 5000);
    s.vm.labelTapped(s.vm.labelChips[0]!.label);
    s.vm.descriptionChanged('第一条动态');
    await drive(s.world.clock, s.vm.publishTapped());
    expect(s.media.firstFrames).toBe(1);
    expect(s.progress[0]).toBe(1);
    expect(s.progress.slice(-4)).toEqual([80, 90, 95, 100]);
    expect(s.vm.overlayVisible).toBe(true);
    expect(s.vm.stepText).toBe(UploadTexts.published);
    expect(s.toasts()).toContain(UploadTexts.published);
    expect(s.api.state.posts).toHaveLength(1);
    expect(s.api.state.posts[0]).toMatchObject({ contxt: '第一条动态', labels: [{ id: 1, name: '搞笑' }] });
    // 100 % stays on screen for a moment before the list replaces the form.
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
    s.world.clock.advance(PUBLISHED_PAUSE_MS);
    expect(s.world.navigator.current().path).toBe('/myDynamic');
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/myDynamic']);
    expect(s.vm.draft.phase).toBe('editing');
    expect(s.vm.draft.video).toBeNull();
    stop();
  });

  it('a chunk that keeps failing shows the error with 继续上传; resuming sends only what is missing and posts', async () => {
    const s = publishSetup({ chunkSize: undefined });
    const stop = s.vm.opened();
    await settle();
    await pickVideo(s, 3 * UploadConstants.chunkSize + 100);
    let down = true;
    s.api.fault = (call) => (down && call.path === UploadChunkCalls.videoChunk.path && call.body.chunk === '3' ? 'network-before' : null);
    await drive(s.world.clock, s.vm.publishTapped());
    expect(s.vm.failed).toBe(true);
    expect(s.vm.errorMessage).toBe(UploadTexts.uploadFailed);
    expect(s.vm.overlayVisible).toBe(true);
    const stoppedAt = s.vm.progress;
    expect(stoppedAt).toBe(1 + Math.round((79 * 2) / 4));
    expect(s.toasts()).not.toContain(UploadTexts.published);

    down = false;
    const before = s.api.state.chunkLog.length;
    await drive(s.world.clock, s.vm.resumeTapped());
    expect(s.api.state.chunkLog.slice(before).map((entry) => entry.chunk)).toEqual([3, 4]);
    expect(s.vm.draft.phase).toBe('published');
    expect(s.toasts()).toContain(UploadTexts.published);
    stop();
  });

  it('a refusal before anything is uploaded is toasted and the form stays', async () => {
    const s = publishSetup();
    const stop = s.vm.opened();
    await settle();
    await pickVideo(s);
    s.api.fault = (call) => (call.path === UploadCalls.createFile.path ? { ret: UploadRet.QuotaExceeded, msg: UploadTexts.QuotaExceeded } : null);
    await drive(s.world.clock, s.vm.publishTapped());
    expect(s.toasts()).toEqual([UploadTexts.QuotaExceeded]);
    expect(s.vm.overlayVisible).toBe(false);
    expect(s.vm.hasVideo).toBe(true);
    stop();
  });

  it('a first frame that cannot be read asks for a cover instead of publishing', async () => {
    const s = publishSetup();
    await pickVideo(s);
    s.media.firstFrameFail = true;
    await s.vm.publishTapped();
    expect(s.toasts()).toEqual([PostingTexts.coverFailed]);
    expect(s.vm.preparing).toBe(false);
    expect(s.world.http.requests.filter((r) => r.url === UploadCalls.createFile.path)).toHaveLength(0);
  });

  it('取消 asks first; confirmed, it stops the upload and clears the form', async () => {
    const s = publishSetup();
    const stop = s.vm.opened();
    await settle();
    await pickVideo(s, UploadConstants.chunkSize + 10);
    s.api.fault = (call) => (call.path === UploadChunkCalls.videoChunk.path ? 'hang' : null);
    const publishing = s.vm.publishTapped();
    await settle(20);
    expect(s.vm.draft.phase).toBe('uploading');
    expect(s.vm.busy).toBe(true);
    const cancelling = s.vm.cancelTapped();
    await settle();
    expect(s.world.notifier.dialogs[0]?.options).toMatchObject({ title: PostingTexts.cancelTitle, message: PostingTexts.cancelConfirm });
    s.world.notifier.answer(false);
    await cancelling;
    expect(s.vm.draft.phase).toBe('uploading');
    const confirmed = s.vm.cancelTapped();
    await settle();
    s.world.notifier.answer(true);
    await confirmed;
    await publishing;
    expect(s.vm.overlayVisible).toBe(false);
    expect(s.vm.hasVideo).toBe(false);
    expect(s.toasts()).toContain(PostingTexts.cancelled);
    stop();
  });

  it('the back arrow asks before throwing a filled form away', async () => {
    const s = publishSetup();
    let left = 0;
    const leave = () => (left += 1);
    expect(await s.vm.backTapped(leave)).toBe(true);
    expect(left).toBe(1);
    s.vm.descriptionChanged('写了一半');
    const kept = s.vm.backTapped(leave);
    await settle();
    expect(s.world.notifier.dialogs[0]?.options).toMatchObject({ title: PostingTexts.leaveTitle, confirmText: PostingTexts.leave, cancelText: PostingTexts.stay });
    s.world.notifier.answer(false);
    expect(await kept).toBe(false);
    expect(s.vm.draft.description).toBe('写了一半');
    const thrown = s.vm.backTapped(leave);
    await settle();
    s.world.notifier.answer(true);
    expect(await thrown).toBe(true);
    expect(left).toBe(2);
    expect(s.vm.draft.description).toBe('');
  });

  it('a draft published earlier is cleared when the form is shown again', async () => {
    const s = publishSetup();
    s.store.patch({ phase: 'published', progress: 100, publishedPostId: 3 });
    const stop = s.vm.opened();
    expect(s.vm.draft.phase).toBe('editing');
    expect(s.vm.overlayVisible).toBe(false);
    stop();
  });
});
