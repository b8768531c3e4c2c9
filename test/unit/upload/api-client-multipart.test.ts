import { describe, expect, it } from 'vitest';
import { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { HttpFailure } from '../../../src/core/ports/http.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { ClientRet } from '../../../src/core/request/ret.ts';

function setup() {
  const http = new FakeHttp();
  const notifier = new FakeNotifier();
  const context = {
    visitorId: () => 'visitor-1',
    traditionalChinese: () => false,
    tokenParams: () => ({ uid: 7, token: 'tok', login_uid: 7 }),
    sessionInvalidated: () => {},
  };
  return { http, notifier, api: new ApiClient(http, context, notifier, new MemoryNavigator('/publishDynamic')) };
}

describe('ApiClient.postMultipart', () => {
  it('sends the common params, then the fields, as multipart with the file parts; answers data', async () => {
    const { http, api } = setup();
    let seen: { body: Record<string, unknown>; files: Record<string, { bytes: Uint8Array; fileName: string; contentType: string }> } | undefined;
    http.route('POST', '/api/User/UploadVideoChunk', (call) => {
      seen = { body: call.body, files: call.files };
      return { body: { ret: 200, msg: '', data: { complete: false } } };
    });
    const bytes = new Uint8Array([1, 2, 3]);
    expect(await api.postMultipart('/api/User/UploadVideoChunk', { chunk: 1, uniqueFileID: 'u' }, { file: { bytes, fileName: 'a.mp4', contentType: 'video/mp4' } })).toEqual({
      complete: false,
    });
    const request = http.requests[0];
    expect(request?.bodyEncoding).toBe('multipart');
    const keys = Object.keys(seen?.body ?? {});
    expect(keys.slice(0, 4)).toEqual(['System', 'AppVersion', 'SystemVersion', 'version']);
    expect(keys.slice(-2)).toEqual(['chunk', 'uniqueFileID']);
    expect(seen?.body).toMatchObject({ DeviceId: 'visitor-1', token: 'tok', login_uid: '7', chunk: '1', uniqueFileID: 'u' });
    expect([...(seen?.files.file?.bytes ?? [])]).toEqual([1, 2, 3]);
  });

  it('keeps suppressTips: a refusal or a dropped connection is not toasted', async () => {
    const { http, api, notifier } = setup();
    http.route('POST', '/a', () => ({ body: { ret: 8113, msg: '文件不是视频', data: null } }));
    http.route('POST', '/b', () => {
      throw new HttpFailure('network', 'down');
    });
    const part = { file: { bytes: new Uint8Array(1), fileName: 'x', contentType: '' } };
    await expect(api.postMultipart('/a', {}, part, { suppressTips: true })).rejects.toMatchObject({ ret: 8113 });
    await expect(api.postMultipart('/b', {}, part, { suppressTips: true })).rejects.toMatchObject({ ret: ClientRet.NetworkFailure });
    expect(notifier.toasts).toEqual([]);
  });
});

describe('ApiClient.post with a JSON body', () => {
  it('nests objects and arrays, with the common params at the top', async () => {
    const { http, api } = setup();
    let body: Record<string, unknown> | undefined;
    http.route('POST', '/api/Trends/CreateTrends', (call) => {
      body = call.body;
      return { body: { ret: 200, msg: '', data: { id: 1 } } };
    });
    await api.post('/api/Trends/CreateTrends', { trends: { contxt: 'x', labels: [1, 2] }, location: null, videoId: 5 }, { bodyEncoding: 'json' });
    expect(body).toMatchObject({ System: 'h5', uid: 7, token: 'tok', trends: { contxt: 'x', labels: [1, 2] }, location: null, videoId: 5 });
  });
});
