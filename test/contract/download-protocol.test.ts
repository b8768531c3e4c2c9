import { expect, it } from 'vitest';
import { installFakeDownloadApi } from '../../adapters/http/fake-download-api.ts';
import { DownloadCalls } from '../../src/core/download/download-protocol.ts';
import type { DownloadAnswer } from '../../src/core/download/download-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The download call (src/core/download/download-protocol.ts) as the app sends it, answered by the fake
 * (adapters/http/fake-download-api.ts) and by the reference server (in process, no release rows: the package it
 * serves itself): both must answer alike.
 */
interface DownloadWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): Promise<Answer>;
}

protocolContract<DownloadWorld>('download protocol', {
  fake: ({ http, send }) => {
    installFakeDownloadApi(http);
    return { send };
  },
  server: { world: ({ send }) => ({ send }) },
}, (world) => {
  it('GetDownloadUrl: the Android link (also androidUrl) to the served package of the default version, the other platforms empty', async () => {
    const answer = await world.send(DownloadCalls.info, {});
    expect(answer.ret).toBe(200);
    const info = answer.data as DownloadAnswer;
    expect(info.AndroidVer).toBe('1.6.3');
    expect(info.androidUrl).toMatch(/^https?:\/\/[^/]+\/download\/qiyu-1\.6\.3\.apk$/);
    expect(info.AndroidDownloadURL).toBe(info.androidUrl);
    for (const platform of ['iPhone', 'iPad', 'PC', 'Mac', 'TV'] as const) {
      expect([info[`${platform}DownloadURL`], info[`${platform}Ver`], info[`${platform}Memo`]]).toEqual(['', '', '']);
    }
  });
});
