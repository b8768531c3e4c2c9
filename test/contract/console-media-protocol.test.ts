import { expect, it } from 'vitest';
import { installFakeConsoleMediaApi } from '../../adapters/http/fake-console-media-api.ts';
import { installFakeConsoleOperatorsApi } from '../../adapters/http/fake-console-operators-api.ts';
import { ConsoleMediaCalls, ConsoleMediaRet, type IngestInfo, type MediaJob, type MediaJobPage, type SourceUpload } from '../../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaLimits, ConsoleMediaTexts } from '../../src/core/admin-media/admin-media-texts.ts';
import { ConsoleOperatorCalls, type AuditPage } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { ConsoleAccessRet, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { fakeOperator, serverOperator, type ConsoleBrowser } from './console-browser.ts';
import { protocolContract } from './protocol-contract.ts';

/**
 * The console's ingest calls (src/core/admin-media/admin-media-protocol.ts) as a browser on the console sends them,
 * answered by the fake (adapters/http/fake-console-media-api.ts) and by the reference server (no worker: jobs stay
 * queued, as on the fake; transcoding itself is test/server/transcode-*.test.ts's): both alike.
 */
interface MediaWorld {
  operator(role: OperatorRole): Promise<ConsoleBrowser>;
}

const CHUNK = ConsoleMediaLimits.chunkSize;

/** Bytes that start like an MP4 (an ftyp box), `size` long. */
function mp4Like(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom')]);
  return bytes;
}

protocolContract<MediaWorld>('console media protocol', {
  fake: ({ http, send }) => {
    const operators = installFakeConsoleOperatorsApi(http, { browser: (call) => call.params['browser'] ?? null });
    installFakeConsoleMediaApi(http, { callerOf: (call) => operators.callerOf(call), record: (...args) => operators.record(...args) });
    return { operator: (role) => fakeOperator({ operators, send, http }, role) };
  },
  server: { world: (side) => ({ operator: (role) => serverOperator(side, role) }) },
}, (world) => {
  it('an editor uploads a source in chunks and completes it: a queued job, listed, and both steps audited', async () => {
    const editor = await world.operator('editor');
    const info = (await editor.send(ConsoleMediaCalls.info, {})).data as IngestInfo;
    expect(info).toMatchObject({ chunkSize: CHUNK, maxSourceBytes: ConsoleMediaLimits.defaultMaxSourceBytes });
    expect(typeof info.toolsFound).toBe('boolean');
    const created = await editor.send(ConsoleMediaCalls.createSource, { fileName: '新片 第1集.mp4', size: 1000 });
    expect(created).toMatchObject({ ret: 200, data: { chunkCount: 1, chunkSize: CHUNK, received: [] } });
    const { sourceId } = created.data as SourceUpload;
    expect(await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId, chunk: 1 }, mp4Like(1000))).toMatchObject({ ret: 200, data: { sourceId, received: [1] } });
    const completed = await editor.send(ConsoleMediaCalls.completeSource, { sourceId });
    expect(completed).toMatchObject({ ret: 200, data: { sourceId, fileName: '新片 第1集.mp4', sizeBytes: 1000, state: 'queued', percent: 0, rungs: [], mediaKey: '' } });
    const job = completed.data as MediaJob;
    // Completing again answers the same job.
    expect(await editor.send(ConsoleMediaCalls.completeSource, { sourceId })).toMatchObject({ ret: 200, data: { id: job.id, state: 'queued' } });
    const page = (await editor.send(ConsoleMediaCalls.jobs, { page: 1, pageSize: 20 })).data as MediaJobPage;
    expect(page.list[0]).toMatchObject({ id: job.id, state: 'queued' });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(((await editor.send(ConsoleMediaCalls.jobs, { page: 1, pageSize: 20, state: 'ready' })).data as MediaJobPage).list.map((one) => one.id)).not.toContain(job.id);

    const owner = await world.operator('owner');
    const log = (await owner.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 10, action: 'media.' })).data as AuditPage;
    expect(log.list.slice(0, 2).map((row) => [row.action, row.target])).toEqual([['media.queue', `job:${job.id}`], ['media.upload', `source:${sourceId}`]]);
  });

  it('an upload resumes: the same file again gets the same source with the chunks held; a wrong chunk and an early complete are refused', async () => {
    const editor = await world.operator('editor');
    const size = CHUNK + 10;
    const first = (await editor.send(ConsoleMediaCalls.createSource, { fileName: 'resume.mkv', size })).data as SourceUpload;
    expect(first.chunkCount).toBe(2);
    const whole = mp4Like(size);
    expect(await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: first.sourceId, chunk: 2 }, whole.subarray(CHUNK))).toMatchObject({ ret: 200, data: { received: [2] } });
    const again = (await editor.send(ConsoleMediaCalls.createSource, { fileName: 'resume.mkv', size })).data as SourceUpload;
    expect(again).toEqual({ sourceId: first.sourceId, chunkCount: 2, chunkSize: CHUNK, received: [2] });
    expect(await editor.send(ConsoleMediaCalls.completeSource, { sourceId: first.sourceId })).toEqual({ ret: ConsoleMediaRet.Incomplete, msg: ConsoleMediaTexts.incomplete, data: null });
    expect((await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: first.sourceId, chunk: 1 }, whole.subarray(0, 100))).ret).toBe(ConsoleMediaRet.ChunkRefused);
    expect((await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: first.sourceId, chunk: 3 }, whole.subarray(0, 10))).ret).toBe(ConsoleMediaRet.ChunkRefused);
    expect((await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: 999_999, chunk: 1 }, whole.subarray(0, 10))).ret).toBe(ConsoleMediaRet.NotFound);
    // A chunk sent as a form, not as bytes, is a malformed call.
    expect((await editor.send(ConsoleMediaCalls.chunk, { sourceId: first.sourceId, chunk: 1 })).ret).toBe(1002);
    expect(await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: first.sourceId, chunk: 1 }, whole.subarray(0, CHUNK))).toMatchObject({ ret: 200, data: { received: [1, 2] } });
    expect(await editor.send(ConsoleMediaCalls.completeSource, { sourceId: first.sourceId })).toMatchObject({ ret: 200, data: { state: 'queued', fileName: 'resume.mkv' } });
    // Another operator's upload of a file of the same name and size is their own, and this one is not theirs to fill.
    const other = await world.operator('editor');
    expect(((await other.send(ConsoleMediaCalls.createSource, { fileName: 'resume.mkv', size })).data as SourceUpload).received).toEqual([]);
    const third = (await editor.send(ConsoleMediaCalls.createSource, { fileName: 'mine.mp4', size: 100 })).data as SourceUpload;
    expect((await other.sendBytes(ConsoleMediaCalls.chunk, { sourceId: third.sourceId, chunk: 1 }, mp4Like(100))).ret).toBe(ConsoleMediaRet.NotFound);
    await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId: third.sourceId, chunk: 1 }, mp4Like(100));
    expect((await other.send(ConsoleMediaCalls.completeSource, { sourceId: third.sourceId })).ret).toBe(ConsoleMediaRet.NotFound);
  });

  it('a text file renamed .mp4 is refused by its content, and its source is gone; too large a file is refused before any byte', async () => {
    const editor = await world.operator('editor');
    const text = new TextEncoder().encode('这不是视频，只是一个改了扩展名的文本文件。\n'.repeat(20));
    const { sourceId } = (await editor.send(ConsoleMediaCalls.createSource, { fileName: 'fake.mp4', size: text.length })).data as SourceUpload;
    await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId, chunk: 1 }, text);
    expect(await editor.send(ConsoleMediaCalls.completeSource, { sourceId })).toEqual({ ret: ConsoleMediaRet.NotVideo, msg: ConsoleMediaTexts.notVideoFile, data: null });
    expect((await editor.send(ConsoleMediaCalls.completeSource, { sourceId })).ret).toBe(ConsoleMediaRet.NotFound);
    expect(await editor.send(ConsoleMediaCalls.createSource, { fileName: 'huge.mov', size: ConsoleMediaLimits.defaultMaxSourceBytes + 1 })).toEqual({
      ret: ConsoleMediaRet.TooLarge,
      msg: ConsoleMediaTexts.tooLarge('4GB'),
      data: null,
    });
    expect((await editor.send(ConsoleMediaCalls.createSource, { fileName: '', size: 10 })).ret).toBe(1001);
    expect((await editor.send(ConsoleMediaCalls.createSource, { fileName: 'a.mp4', size: 0 })).ret).toBe(1002);
  });

  it('a queued job is cancelled once (its source removed) and cannot be retried; unknown jobs are refused', async () => {
    const editor = await world.operator('editor');
    const { sourceId } = (await editor.send(ConsoleMediaCalls.createSource, { fileName: 'cancel-me.webm', size: 64 })).data as SourceUpload;
    const webm = new Uint8Array(64);
    webm.set([0x1a, 0x45, 0xdf, 0xa3]);
    await editor.sendBytes(ConsoleMediaCalls.chunk, { sourceId, chunk: 1 }, webm);
    const job = (await editor.send(ConsoleMediaCalls.completeSource, { sourceId })).data as MediaJob;
    expect(await editor.send(ConsoleMediaCalls.cancel, { jobId: job.id })).toMatchObject({ ret: 200, data: { id: job.id, state: 'cancelled' } });
    expect(await editor.send(ConsoleMediaCalls.cancel, { jobId: job.id })).toEqual({ ret: ConsoleMediaRet.NotCancellable, msg: ConsoleMediaTexts.notCancellable, data: null });
    expect(await editor.send(ConsoleMediaCalls.retry, { jobId: job.id })).toEqual({ ret: ConsoleMediaRet.NotRetryable, msg: ConsoleMediaTexts.notRetryable, data: null });
    expect((await editor.send(ConsoleMediaCalls.cancel, { jobId: 999_999 })).ret).toBe(ConsoleMediaRet.NotFound);
    expect((await editor.send(ConsoleMediaCalls.retry, { jobId: 999_999 })).ret).toBe(ConsoleMediaRet.NotFound);
    const owner = await world.operator('owner');
    const log = (await owner.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 5, action: 'media.cancel' })).data as AuditPage;
    expect(log.list[0]).toMatchObject({ action: 'media.cancel', target: `job:${job.id}`, before: { state: 'queued' }, after: { state: 'cancelled' } });
  });

  it('ingest is for owners and editors: a moderator and finance are refused (9504)', async () => {
    for (const role of ['moderator', 'finance'] as const) {
      const someone = await world.operator(role);
      expect((await someone.send(ConsoleMediaCalls.info, {})).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.send(ConsoleMediaCalls.jobs, { page: 1, pageSize: 20 })).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.send(ConsoleMediaCalls.createSource, { fileName: 'x.mp4', size: 10 })).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.sendBytes(ConsoleMediaCalls.chunk, { sourceId: 1, chunk: 1 }, mp4Like(16))).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.send(ConsoleMediaCalls.cancel, { jobId: 1 })).ret).toBe(ConsoleAccessRet.Forbidden);
    }
    const owner = await world.operator('owner');
    expect((await owner.send(ConsoleMediaCalls.info, {})).ret).toBe(200);
  });
});
