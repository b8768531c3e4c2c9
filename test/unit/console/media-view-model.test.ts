import { afterEach, describe, expect, it } from 'vitest';
import { installFakeConsoleMediaApi } from '../../../adapters/http/fake-console-media-api.ts';
import { installFakeConsoleOperatorsApi } from '../../../adapters/http/fake-console-operators-api.ts';
import { SystemClock } from '../../../adapters/clock/system-clock.ts';
import { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { MemoryLocalFiles } from '../../../adapters/local-files/memory-local-files.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { ConsoleMediaCalls } from '../../../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaLimits, ConsoleMediaTexts } from '../../../src/core/admin-media/admin-media-texts.ts';
import { ConsoleMedia } from '../../../src/core/admin-media/console-media.ts';
import { ConsoleOperators } from '../../../src/core/admin-operators/console-operators.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { ConsoleSessionModel } from '../../../src/console/console-session-model.ts';
import { durationText, MediaViewModel, sizeText } from '../../../src/console/media-view-model.ts';

const CHUNK = ConsoleMediaLimits.chunkSize;

/** Bytes that start like an MP4 (an ftyp box). */
function mp4Like(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom')]);
  return bytes;
}

let leave: (() => void) | undefined;
afterEach(() => leave?.());

async function setup() {
  const http = new FakeHttp();
  const operators = installFakeConsoleOperatorsApi(http, { browser: () => 'one' });
  operators.addOperator({ name: 'writer', role: 'editor', password: 'editor password' });
  const media = installFakeConsoleMediaApi(http, { callerOf: (call) => operators.callerOf(call), record: (...args) => operators.record(...args) });
  const notifier = new FakeNotifier();
  const context = { visitorId: () => null, traditionalChinese: () => false, tokenParams: () => null, sessionInvalidated: () => undefined };
  const api = new ApiClient(http, context, notifier, new MemoryNavigator('/admin/media'));
  const consoleOperators = new ConsoleOperators(api);
  await consoleOperators.signIn({ name: 'writer', password: 'editor password' });
  const files = new MemoryLocalFiles();
  const service = new ConsoleMedia(api, files, new SystemClock());
  const vm = new MediaViewModel(service, new ConsoleSessionModel(consoleOperators), notifier, files);
  return { http, operators, media, notifier, files, service, vm, api };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('素材转码 (MediaViewModel)', () => {
  it('a picked file is sent chunk by chunk with its progress, then listed as queued; the upload is audited', async () => {
    const { vm, notifier, operators } = await setup();
    leave = vm.opened();
    await settle();
    expect(vm.limitText).toBe('支持 mp4、mov、mkv、webm，单个文件不超过4 GB');
    expect(vm.noTools).toBe(false);
    const seen: number[] = [];
    const sending = vm.fileChosen(new File([mp4Like(CHUNK + 1000)], '电视剧 第1集.mp4', { type: 'video/mp4' }));
    expect(vm.upload).toMatchObject({ fileName: '电视剧 第1集.mp4', totalBytes: CHUNK + 1000 });
    const watch = setInterval(() => seen.push(vm.uploadPercent), 0);
    await sending;
    clearInterval(watch);
    expect(vm.upload).toBeNull();
    expect(vm.uploadError).toBe('');
    expect(notifier.toasts.map((toast) => toast.message)).toContain(ConsoleMediaTexts.uploaded);
    expect(vm.jobs.map((job) => [job.fileName, vm.stateText(job)])).toEqual([['电视剧 第1集.mp4', '排队中']]);
    expect(operators.audit.map((row) => row.action)).toEqual(expect.arrayContaining(['media.upload', 'media.queue']));
  });

  it('picking the same file again after a dropped upload sends only the chunks the server lacks', async () => {
    const { vm, files, api } = await setup();
    leave = vm.opened();
    const bytes = mp4Like(2 * CHUNK + 10);
    // An earlier try got chunk 1 across, then stopped.
    const source = await api.request(ConsoleMediaCalls.createSource, { fileName: 'resume.mov', size: bytes.length });
    await api.request(ConsoleMediaCalls.chunk, { sourceId: source.sourceId, chunk: 1 }, { bytes: bytes.slice(0, CHUNK) });
    await vm.fileChosen(new File([bytes], 'resume.mov'));
    expect(files.reads.map((read) => read.start)).toEqual([CHUNK, 2 * CHUNK]);
    expect(vm.jobs[0]).toMatchObject({ fileName: 'resume.mov', state: 'queued' });
  });

  it('a text file renamed .mp4 says why it was refused; too large a file too', async () => {
    const { vm, media } = await setup();
    leave = vm.opened();
    await vm.fileChosen(new File(['只是文本'.repeat(10)], 'movie.mp4'));
    expect(vm.uploadError).toBe(ConsoleMediaTexts.notVideoFile);
    expect(vm.jobs).toEqual([]);
    media.settings.maxSourceBytes = 1024 ** 2;
    await vm.fileChosen(new File([mp4Like(2 * 1024 ** 2)], 'big.mp4'));
    expect(vm.uploadError).toBe('文件不能超过1MB');
  });

  it('a job’s progress, its cancel, a failure with its reason and its retry', async () => {
    const { vm, media, notifier } = await setup();
    leave = vm.opened();
    await vm.fileChosen(new File([mp4Like(100)], 'a.mp4'));
    const job = vm.jobs[0]!;
    expect(vm.canCancel(job)).toBe(true);
    media.advance(job.id, { state: 'transcoding', percent: 42, durationSeconds: 3725, width: 1920, height: 1080 });
    await vm.load();
    expect(vm.jobs[0]).toMatchObject({ state: 'transcoding', percent: 42 });
    expect([durationText(vm.jobs[0]!.durationSeconds), vm.resolutionText(vm.jobs[0]!)]).toEqual(['1:02:05', '1920×1080']);
    await vm.cancelTapped(vm.jobs[0]!);
    expect(vm.jobs[0]).toMatchObject({ state: 'cancelled' });
    expect(notifier.toasts.at(-1)?.message).toBe(ConsoleMediaTexts.cancelled);
    expect([vm.canCancel(vm.jobs[0]!), vm.canRetry(vm.jobs[0]!)]).toEqual([false, false]);

    await vm.fileChosen(new File([mp4Like(100)], 'b.mp4'));
    const second = vm.jobs[0]!;
    media.advance(second.id, { state: 'failed', error: '转码失败（1080p）', errorTail: 'Conversion failed!' });
    await vm.load();
    expect(vm.canRetry(vm.jobs[0]!)).toBe(true);
    await vm.retryTapped(vm.jobs[0]!);
    expect(vm.jobs[0]).toMatchObject({ id: second.id, state: 'queued', error: '' });
    vm.stateFiltered('cancelled');
    await settle();
    expect(vm.jobs.map((one) => one.fileName)).toEqual(['a.mp4']);
  });

  it('says plainly when this server has no ffmpeg', async () => {
    const { vm, media } = await setup();
    media.settings.toolsFound = false;
    leave = vm.opened();
    await settle();
    expect(vm.noTools).toBe(true);
    expect(vm.storageText).toBe('存储 1 KB / 100.0 GB');
  });

  it('sizes and durations as the page shows them', () => {
    expect([sizeText(500), sizeText(10 * 1024 ** 2), sizeText(3 * 1024 ** 3)]).toEqual(['1 KB', '10.0 MB', '3.0 GB']);
    expect([durationText(null), durationText(9.6), durationText(600)]).toEqual(['', '0:10', '10:00']);
  });
});
