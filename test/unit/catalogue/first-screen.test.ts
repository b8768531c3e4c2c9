/** The home data the app starts with: the page's first-screen answer (FirstScreenHttp) and the home load started at start (HomePreload). */
import { describe, expect, it } from 'vitest';
import { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { FirstScreenHttp } from '../../../adapters/http/first-screen-http.ts';
import { CatalogueService } from '../../../src/core/catalogue/catalogue-service.ts';
import { FIRST_SCREEN_CALL } from '../../../src/core/catalogue/first-screen.ts';
import { HomePreload } from '../../../src/core/catalogue/home-preload.ts';
import type { HttpRequest } from '../../../src/core/ports/http.ts';
import type { ApiClient } from '../../../src/core/request/api-client.ts';

const PAGE_ANSWER = { ret: 200, msg: '成功', data: { channels: [], blocks: [{ key: 'movie', title: '电影', category: 'movie', list: [] }], watchingList: [] } };
const SERVER_ANSWER = { ret: 200, msg: '成功', data: { channels: [], blocks: [], watchingList: [] } };
const home = (params: HttpRequest['params'] = {}): HttpRequest => ({ method: 'GET', url: FIRST_SCREEN_CALL, params: { System: 'h5', ...params }, timeoutMs: 1000 });

function transport(): { http: FirstScreenHttp; server: FakeHttp } {
  const server = new FakeHttp().route('GET', FIRST_SCREEN_CALL, () => ({ body: SERVER_ANSWER }));
  return { http: new FirstScreenHttp(server, PAGE_ANSWER), server };
}

describe('FirstScreenHttp', () => {
  it("answers a visitor's first GetHomeData of 推荐 from the page, and the next ones from the server", async () => {
    const { http, server } = transport();
    expect((await http.send(home())).body).toEqual(PAGE_ANSWER);
    expect(server.requests).toHaveLength(0);
    expect((await http.send(home())).body).toEqual(SERVER_ANSWER);
    expect(server.requests).toHaveLength(1);
  });

  it("asks the server for a signed-in user's or another channel's home, and the page's answer is then used up", async () => {
    for (const params of [{ login_uid: 7, token: 'x' }, { category: 'movie' }]) {
      const { http, server } = transport();
      expect((await http.send(home(params))).body).toEqual(SERVER_ANSWER);
      expect((await http.send(home())).body).toEqual(SERVER_ANSWER);
      expect(server.requests).toHaveLength(2);
    }
  });

  it('reads the data block once and removes it; a page without one leaves the transport as it is', () => {
    const server = new FakeHttp();
    const element = { textContent: JSON.stringify(PAGE_ANSWER), removed: false, remove() { this.removed = true; } };
    const withBlock = { getElementById: (id: string) => (id === 'first-screen-data' ? element : null) } as unknown as Document;
    expect(FirstScreenHttp.fromDocument(server, withBlock)).toBeInstanceOf(FirstScreenHttp);
    expect(element.removed).toBe(true);
    expect(FirstScreenHttp.fromDocument(server, { getElementById: () => null } as unknown as Document)).toBe(server);
  });
});

describe('HomePreload', () => {
  it('hands the started load to the first screen of its channel, once, with its data once arrived', async () => {
    const calls: string[] = [];
    const api = { request: async (declared: { path: string }) => (calls.push(declared.path), PAGE_ANSWER.data) } as unknown as ApiClient;
    const service = new CatalogueService(api);
    const preload = new HomePreload(service);
    preload.start('');
    const started = preload.take('');
    expect(started?.data).toBeUndefined();
    await started?.promise;
    expect(started?.data?.blocks.map((b) => b.title)).toEqual(['电影']);
    expect(preload.take('')).toBeNull();
    expect(calls).toEqual([FIRST_SCREEN_CALL]);
    preload.start('');
    expect(preload.take('movie')).toBeNull();
    expect(preload.take('')).toBeNull();
  });
});
