import { describe, expect, it } from 'vitest';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { CropLimits, cropRect, frameFor, initialCrop, panCrop, zoomCrop } from '../../../src/ui/posting/crop-geometry.ts';
import { AddPosterViewModel, EditPosterViewModel, POSTER_FRAME_COUNT, VideoPreviewViewModel } from '../../../src/ui/posting/media-view-models.ts';
import { PostingTexts } from '../../../src/ui/posting/posting-texts.ts';
import { takeVideo } from '../../../src/ui/posting/publish-view-model.ts';
import { postingSetup, settle, videoFile } from './posting-support.ts';

async function withVideo(path = '/dynamicVideoAddPoster') {
  const s = postingSetup({ path: '/publishDynamic' });
  expect(await takeVideo(s.deps, videoFile())).toBe(true);
  s.world.navigator.push(path);
  return s;
}

describe('crop geometry', () => {
  const frame = { width: 300, height: 400 };

  it('covers the 3:4 frame with the picture centred at zoom 1', () => {
    const crop = initialCrop(frame, { width: 1280, height: 720 });
    expect(crop.y).toBe(0);
    expect(crop.x).toBeCloseTo((300 - 1280 * (400 / 720)) / 2);
    const rect = cropRect(crop);
    expect(rect.sh).toBeCloseTo(720);
    expect(rect.sw).toBeCloseTo(540);
    expect(rect.sx).toBeCloseTo((1280 - 540) / 2);
  });

  it('never drags a gap into the frame, and zooms about the focus within 1–3', () => {
    const crop = initialCrop(frame, { width: 1280, height: 720 });
    const right = panCrop(crop, 10_000, 50);
    expect(right.x).toBe(0);
    expect(right.y).toBe(0);
    const left = panCrop(crop, -10_000, -50);
    expect(cropRect(left).sx + cropRect(left).sw).toBeCloseTo(1280);
    const zoomed = zoomCrop(crop, 2);
    expect(zoomed.zoom).toBe(2);
    expect(cropRect(zoomed).sw).toBeCloseTo(270);
    // The centre stays where it was.
    expect(cropRect(zoomed).sx + cropRect(zoomed).sw / 2).toBeCloseTo(640);
    expect(zoomCrop(crop, 9).zoom).toBe(CropLimits.maxZoom);
    expect(zoomCrop(crop, 0.2).zoom).toBe(CropLimits.minZoom);
    expect(zoomCrop(crop, Number.NaN).zoom).toBe(CropLimits.minZoom);
  });

  it('fits the frame into the space there is', () => {
    expect(frameFor({ width: 360, height: 1000 })).toEqual({ width: 360, height: 480 });
    expect(frameFor({ width: 360, height: 400 })).toEqual({ width: 300, height: 400 });
  });
});

describe('VideoPreviewViewModel', () => {
  it('plays the picked video; 下一步 goes back to the form; 重新选择 replaces the video', async () => {
    const s = await withVideo('/selectVideoPreview');
    const vm = new VideoPreviewViewModel(s.deps);
    expect(vm.hasVideo).toBe(true);
    expect(vm.videoName).toBe('clip.mp4');
    expect(vm.videoInfo).toBe('00:12 · 5KB');
    const first = vm.videoUrl;
    await vm.rePicked(videoFile(9000, 'other.mp4'));
    expect(vm.videoName).toBe('other.mp4');
    expect(vm.videoUrl).not.toBe(first);
    await vm.rePicked(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(s.toasts()).toEqual([UploadTexts.notAVideoFile]);
    expect(vm.videoName).toBe('other.mp4');
    vm.nextTapped();
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
  });

  it('with no video (opened on its own) offers to go and pick one', () => {
    const s = postingSetup({ path: '/selectVideoPreview' });
    const vm = new VideoPreviewViewModel(s.deps);
    expect(vm.hasVideo).toBe(false);
    vm.pickTapped();
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/publishDynamic']);
  });
});

describe('AddPosterViewModel', () => {
  it('takes eight frames once per video, the first chosen; 下一步 opens it in the editor in this page\'s place', async () => {
    const s = await withVideo();
    const vm = new AddPosterViewModel(s.deps);
    await vm.opened();
    expect(vm.status).toBe('ready');
    expect(vm.frames).toHaveLength(POSTER_FRAME_COUNT);
    expect(vm.selected).toBe(0);
    vm.frameTapped(5);
    expect(vm.selected).toBe(5);
    vm.nextTapped();
    expect(s.ui.posterSource).toBe(vm.frames[5]);
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/publishDynamic', '/dynamicVideoEditPoster']);
    // Coming back keeps the frames and the choice.
    const again = new AddPosterViewModel(s.deps);
    await again.opened();
    expect(s.media.framesAsked).toBe(1);
    expect(again.selected).toBe(5);
  });

  it('从相册选择 takes an image straight to the editor and refuses anything else', async () => {
    const s = await withVideo();
    const vm = new AddPosterViewModel(s.deps);
    await vm.opened();
    vm.albumPicked(new File(['x'], 'song.mp3', { type: 'audio/mpeg' }));
    expect(s.toasts()).toEqual([UploadTexts.notAnImageFile]);
    expect(s.world.navigator.current().path).toBe('/dynamicVideoAddPoster');
    vm.albumPicked(new File(['x'], 'me.png', { type: 'image/png' }));
    expect(s.ui.posterSource).toMatch(/^blob:fake\/album-/);
    expect(s.world.navigator.current().path).toBe('/dynamicVideoEditPoster');
  });

  it('says so when the frames cannot be taken, and without a video sends to the form', async () => {
    const s = await withVideo();
    s.media.framesFail = true;
    const vm = new AddPosterViewModel(s.deps);
    await vm.opened();
    expect(vm.status).toBe('failed');
    expect(vm.canGoOn).toBe(false);
    vm.nextTapped();
    expect(s.toasts()).toEqual([PostingTexts.framesFailed]);

    const empty = postingSetup({ path: '/dynamicVideoAddPoster' });
    const none = new AddPosterViewModel(empty.deps);
    await none.opened();
    expect(none.status).toBe('noVideo');
  });
});

describe('EditPosterViewModel', () => {
  it('lays the picture under the frame, moves and zooms it, and 完成 makes the cover and goes back to the form', async () => {
    const s = await withVideo();
    s.ui.choosePosterSource('blob:fake/frame');
    s.world.navigator.replace('/dynamicVideoEditPoster');
    const vm = new EditPosterViewModel(s.deps);
    expect(vm.status).toBe('loading');
    vm.imageLoaded({ width: 1280, height: 720 }, { width: 300, height: 400 });
    expect(vm.status).toBe('ready');
    expect(vm.imageBox?.height).toBeCloseTo(400);
    vm.dragged(40, 0);
    vm.zoomChanged(1.5);
    expect(vm.zoom).toBe(1.5);
    vm.pinched(2, { x: 0, y: 0 });
    expect(vm.zoom).toBe(2);
    await vm.doneTapped();
    expect(s.media.crops).toHaveLength(1);
    expect(s.media.crops[0]?.source).toBe('blob:fake/frame');
    expect(s.media.crops[0]?.rect.sw).toBeCloseTo(270);
    expect(s.store.draft.cover?.name).toBe('cover.jpg');
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
  });

  it('the back arrow returns to the frames; a picture that will not open is said; no picture, no editor', async () => {
    const s = await withVideo();
    s.ui.choosePosterSource('blob:fake/frame');
    s.world.navigator.replace('/dynamicVideoEditPoster');
    const vm = new EditPosterViewModel(s.deps);
    vm.imageFailed();
    expect(vm.status).toBe('failed');
    expect(s.toasts()).toEqual([PostingTexts.imageFailed]);
    await vm.doneTapped();
    expect(s.media.crops).toHaveLength(0);
    vm.backTapped();
    expect(s.world.navigator.entries().map((entry) => entry.path)).toEqual(['/publishDynamic', '/dynamicVideoAddPoster']);
    await settle();

    const none = postingSetup();
    expect(new EditPosterViewModel(none.deps).status).toBe('noSource');
  });
});
