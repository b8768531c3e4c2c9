import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeDownloadApi } from '../../adapters/http/fake-download-api.ts';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { DownloadCalls } from '../../src/core/download/download-protocol.ts';
import type { DownloadAnswer } from '../../src/core/download/download-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { FakeClock, createTestDatabase, testConfig } from '../server/support.ts';
import { sendToFake, sendToServer, type Answer } from './protocol-support.ts';

/**
 * The download call (src/core/download/download-protocol.ts) as the app sends it, answered by the fake
 * (adapters/http/fake-download-api.ts) and by the reference server (in process, no release rows: the package it
 * serves itself): both must answer alike.
 */
interface DownloadWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): Promise<Answer>;
}

function downloadContract(name: string, makeWorld: () => Promise<{ world: DownloadWorld; close: () => Promise<void> }>): void {
  describe(`download protocol: ${name}`, () => {
    let world: DownloadWorld;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ world, close } = await makeWorld());
    });
    afterAll(() => close());

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
}

downloadContract('the fake', async () => {
  const http = new FakeHttp();
  const toFake = sendToFake(http);
  installFakeDownloadApi(http);
  return { world: { send: (declared, input) => toFake(declared, input) }, close: async () => undefined };
});

downloadContract('the reference server', async () => {
  const db: Database = await createTestDatabase();
  const app: FastifyInstance = await createApp({ db, config: testConfig(), clock: new FakeClock(), logger: false });
  const toServer = sendToServer(app);
  return {
    world: { send: (declared, input) => toServer(declared, input) },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
});
