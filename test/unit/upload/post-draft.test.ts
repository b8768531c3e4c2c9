import { describe, expect, it } from 'vitest';
import { MemoryLocalFiles } from '../../../adapters/local-files/memory-local-files.ts';
import { chunkCount, chunkProgress, chunkRange, looksLikeCoverImage, looksLikeVideo, missingChunks, safeFileName } from '../../../src/core/upload/chunk-plan.ts';
import { PostDraftStore, type PostDraft } from '../../../src/core/upload/post-draft.ts';
import { UploadConstants } from '../../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { ApiError, isTransportFailure } from '../../../src/core/request/api-error.ts';
import { ClientRet } from '../../../src/core/request/ret.ts';

const files = new MemoryLocalFiles();
const file = (name: string, type: string, size = 100) => ({ ...files.add(name, new Uint8Array(1), type), size });

describe('chunk plan', () => {
  it('cuts files into 2 MB chunks, the last one the rest', () => {
    const size = UploadConstants.chunkSize;
    expect(chunkCount(0)).toBe(0);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(size)).toBe(1);
    expect(chunkCount(size + 1)).toBe(2);
    expect(chunkCount(7 * 1024 * 1024)).toBe(4);
    expect(chunkRange(1, size + 5)).toEqual({ start: 0, end: size });
    expect(chunkRange(2, size + 5)).toEqual({ start: size, end: size + 5 });
  });

  it('lists the missing chunks and counts progress by chunks held: 1, then up to 80', () => {
    expect(missingChunks(5, [2, 4, 9, 0])).toEqual([1, 3, 5]);
    expect(chunkProgress(0, 4)).toBe(1);
    expect(chunkProgress(1, 4)).toBe(21);
    expect(chunkProgress(4, 4)).toBe(80);
    expect(chunkProgress(9, 4)).toBe(80);
    expect(chunkProgress(0, 0)).toBe(1);
  });

  it('retries transport failures and malformed answers only', () => {
    expect(isTransportFailure(new ApiError(ClientRet.NetworkFailure, '网络错误'))).toBe(true);
    expect(isTransportFailure(new ApiError(ClientRet.MalformedAnswer, ''))).toBe(true);
    expect(isTransportFailure(new ApiError(ClientRet.Cancelled, ''))).toBe(false);
    expect(isTransportFailure(new ApiError(8113, '文件不是视频'))).toBe(false);
    expect(isTransportFailure(new Error('x'))).toBe(false);
  });

  it('sends file names the server takes: no path characters, no .., no control characters, at most 200 characters', () => {
    expect(safeFileName('旅行 vlog.mp4')).toBe('旅行 vlog.mp4');
    expect(safeFileName('../a/b\\c..mp4')).toBe('._a_b_c.mp4');
    expect(safeFileName('a\u0000b\u001f.mov')).toBe('ab.mov');
    expect(safeFileName('')).toBe('video.mp4');
    expect(safeFileName('..', 'cover.jpg')).toBe('.');
    const long = safeFileName(`${'长'.repeat(300)}.mp4`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.mp4')).toBe(true);
  });

  it('recognises videos and cover images by type, or by extension when there is no type', () => {
    expect(looksLikeVideo(file('a.mp4', 'video/mp4'))).toBe(true);
    expect(looksLikeVideo(file('a.mov', ''))).toBe(true);
    expect(looksLikeVideo(file('a.txt', 'text/plain'))).toBe(false);
    expect(looksLikeVideo(file('a.txt', ''))).toBe(false);
    expect(looksLikeCoverImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(looksLikeCoverImage(file('a.webp', ''))).toBe(true);
    expect(looksLikeCoverImage(file('a.gif', 'image/gif'))).toBe(false);
  });
});

describe('PostDraftStore', () => {
  it('takes a video and tells subscribers, refusing non-videos, empty, oversized and over-long ones', () => {
    const store = new PostDraftStore();
    const seen: PostDraft[] = [];
    const stop = store.subscribe((d) => seen.push(d));
    expect(store.setVideo(file('a.txt', 'text/plain'), 3)).toEqual({ field: 'video', message: UploadTexts.notAVideoFile });
    expect(store.setVideo(file('a.mp4', 'video/mp4', 0), 3)).toEqual({ field: 'video', message: UploadTexts.videoEmpty });
    expect(store.setVideo(file('a.mp4', 'video/mp4', UploadConstants.maxVideoBytes + 1), 3)?.message).toBe(UploadTexts.VideoTooLarge);
    expect(store.setVideo(file('a.mp4', 'video/mp4'), 601)?.message).toBe(UploadTexts.videoTooLong);
    expect(seen).toHaveLength(0);
    const video = file('b.mp4', 'video/mp4');
    expect(store.setVideo(video, 600)).toBeNull();
    expect(store.draft).toMatchObject({ video, duration: 600, phase: 'editing', progress: 0 });
    expect(seen).toHaveLength(1);
    stop();
    store.setDescription('x');
    expect(seen).toHaveLength(1);
  });

  it('replaces the draft object on each change (never mutates it)', () => {
    const store = new PostDraftStore();
    const before = store.draft;
    store.setDescription('hi');
    expect(before.description).toBe('');
    expect(store.draft).not.toBe(before);
  });

  it('takes jpeg/png/webp covers up to 10 MB', () => {
    const store = new PostDraftStore();
    expect(store.setCover(file('c.gif', 'image/gif'))?.message).toBe(UploadTexts.notAnImageFile);
    expect(store.setCover(file('c.jpg', 'image/jpeg', UploadConstants.maxCoverBytes + 1))?.message).toBe(UploadTexts.CoverTooLarge);
    const cover = file('c.png', 'image/png');
    expect(store.setCover(cover)).toBeNull();
    expect(store.draft.cover).toBe(cover);
  });

  it('toggles labels up to three, cuts the description to 200 characters, sets and clears the place', () => {
    const store = new PostDraftStore();
    for (const id of [1, 2, 3]) expect(store.toggleLabel({ id, name: `L${id}` })).toBeNull();
    expect(store.toggleLabel({ id: 4, name: 'L4' })).toEqual({ field: 'labels', message: UploadTexts.tooManyLabels });
    expect(store.toggleLabel({ id: 2, name: 'L2' })).toBeNull();
    expect(store.draft.labels.map((l) => l.id)).toEqual([1, 3]);
    store.setDescription('字'.repeat(250));
    expect([...store.draft.description]).toHaveLength(200);
    const place = { id: 'p', name: '外滩', address: '上海', lat: 1, lng: 2 };
    store.setLocation(place);
    expect(store.draft.location).toEqual(place);
    store.setLocation(null);
    expect(store.draft.location).toBeNull();
  });

  it('drops the upload, frames and cover of the previous video when another is picked, and reset forgets everything', () => {
    const store = new PostDraftStore();
    store.setVideo(file('a.mp4', 'video/mp4'), 3);
    store.setImages(['blob:1', 'blob:2']);
    store.setCover(file('c.jpg', 'image/jpeg'));
    store.patch({ fileInfo: { lid: 1, id: 2, uniqueFileName: 'u' }, progress: 41, phase: 'failed', uploadError: true, uploadedFileName: 'xw-u.mp4' });
    store.recordSteps({ videoId: 2, coverPath: '/c.jpg' });
    store.setVideo(file('b.mp4', 'video/mp4'), 4);
    expect(store.draft).toMatchObject({ fileInfo: null, progress: 0, phase: 'editing', uploadError: false, uploadedFileName: '', images: [], cover: null });
    expect(store.uploadSteps()).toEqual({ videoId: null, coverPath: '' });
    store.recordSteps({ videoId: 2, coverPath: '/c.jpg' });
    store.setCover(file('c.jpg', 'image/jpeg'));
    expect(store.uploadSteps()).toEqual({ videoId: 2, coverPath: '' });
    store.setDescription('d');
    store.reset();
    expect(store.draft).toMatchObject({ video: null, cover: null, description: '', labels: [], images: [] });
    expect(store.uploadSteps()).toEqual({ videoId: null, coverPath: '' });
  });
});
