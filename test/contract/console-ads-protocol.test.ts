import sharp from 'sharp';
import { expect, it } from 'vitest';
import { installFakeConsoleAdsApi } from '../../adapters/http/fake-console-ads-api.ts';
import { installFakeConsoleOperatorsApi } from '../../adapters/http/fake-console-operators-api.ts';
import { seedAds } from '../../server/ads/seed.ts';
import { ConsoleAdCalls, ConsoleAdRet, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { ConsoleAdTexts } from '../../src/core/admin-ads/admin-ads-texts.ts';
import { ConsoleOperatorCalls, type AuditPage } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { AdCalls, type AdLists } from '../../src/core/ads/ads-protocol.ts';
import { ConsoleAccessRet, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { fakeOperator, serverOperator, type ConsoleBrowser } from './console-browser.ts';
import { protocolContract, wire, type Answer } from './protocol-contract.ts';

/**
 * The console's ad calls (src/core/admin-ads/admin-ads-protocol.ts) as a browser on the console sends them, answered
 * by the fake (adapters/http/fake-console-ads-api.ts, on the console operators' fake sessions) and by the reference
 * server on its seeded ads: both alike. On the server, the app's own ad list follows at once.
 */
interface AdsWorld {
  operator(role: OperatorRole): Promise<ConsoleBrowser>;
  /** The app's start ads now (GetAdsDataList's kaiping), by id; null on the fake (it imitates the console only). */
  startAdIds(): Promise<number[] | null>;
  /** The size of the picture at `showURL` as /media serves it; null on the fake. */
  pictureSize(showURL: string): Promise<[number, number] | null>;
}


protocolContract<AdsWorld>('console ads protocol', {
  fake: ({ http, send }) => {
    const operators = installFakeConsoleOperatorsApi(http, { browser: (call) => call.params['browser'] ?? null });
    const ads = installFakeConsoleAdsApi(http, { callerOf: (call) => operators.callerOf(call), record: (...args) => operators.record(...args) });
    for (let i = 0; i < 3; i++) ads.addAd({ position: 'kaiping', showURL: `/media/demo/poster-${i}.jpg` });
    ads.addAd({ position: 'zanting', showURL: '/media/demo/cover-1.jpg', title: '暂停广告' });
    return {
      operator: (role) => fakeOperator({ operators, send, http }, role),
      startAdIds: async () => null,
      pictureSize: async () => null,
    };
  },
  server: {
    seed: seedAds,
    world: ({ app, db, clock }) => ({
      operator: (role) => serverOperator({ app, db, clock }, role),
      pictureSize: async (showURL) => {
        const response = await app.inject({ method: 'GET', url: showURL });
        if (response.statusCode !== 200) return [0, 0];
        const meta = await sharp(response.rawPayload).metadata();
        return [meta.width ?? 0, meta.height ?? 0];
      },
      startAdIds: async () => {
        const answer = (await app.inject({ method: 'GET', url: AdCalls.list.path, query: wire(AdCalls.list, { typeList: '1,2,3,4' }) })).json() as Answer;
        return (answer.data as AdLists).kaiping.map((ad) => Number(ad.id));
      },
    }),
  },
}, (world) => {
  it('an editor lists every ad by its list with its counts; turning one off takes it out of the app’s list at once, and it is audited', async () => {
    const editor = await world.operator('editor');
    const listed = await editor.send(ConsoleAdCalls.list, {});
    expect(listed.ret).toBe(200);
    const ads = listed.data as ConsoleAd[];
    const starts = ads.filter((ad) => ad.position === 'kaiping');
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(ads.findIndex((ad) => ad.position === 'zanting')).toBeGreaterThan(ads.findIndex((ad) => ad.position === 'kaiping'));
    const first = starts[0]!;
    expect(first).toMatchObject({ enabled: true, startsAt: null, endsAt: null });
    expect(first.views).toBeGreaterThanOrEqual(0);

    const before = await world.startAdIds();
    const off = await editor.send(ConsoleAdCalls.update, { id: first.id, enabled: 0 });
    expect(off).toMatchObject({ ret: 200, data: { id: first.id, enabled: false, title: first.title, linkURL: first.linkURL } });
    if (before !== null) {
      expect(before).toContain(first.id);
      expect(await world.startAdIds()).toEqual(before.filter((id) => id !== first.id));
    }
    const on = await editor.send(ConsoleAdCalls.update, { id: first.id, enabled: 1, title: '新片上线', linkURL: 'https://example.com/new' });
    expect(on).toMatchObject({ ret: 200, data: { enabled: true, title: '新片上线', linkURL: 'https://example.com/new' } });
    if (before !== null) expect(await world.startAdIds()).toEqual(before);

    const owner = await world.operator('owner');
    const log = (await owner.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 10, action: 'ads.update' })).data as AuditPage;
    expect(log.list.slice(0, 2).map((row) => [row.action, row.target, row.before?.['enabled'], row.after?.['enabled']])).toEqual([
      ['ads.update', `ad:${first.id}`, false, true],
      ['ads.update', `ad:${first.id}`, true, false],
    ]);
  });

  it('a schedule shows an ad only between its times; one that ends before it starts is refused; bad links and unknown ads too', async () => {
    const editor = await world.operator('editor');
    const ads = (await editor.send(ConsoleAdCalls.list, {})).data as ConsoleAd[];
    const ad = ads.find((one) => one.position === 'kaiping')!;
    const later = { id: ad.id, enabled: 1, startsAt: Date.UTC(2100, 0, 1), endsAt: Date.UTC(2100, 1, 1) };
    expect(await editor.send(ConsoleAdCalls.update, later)).toMatchObject({ ret: 200, data: { startsAt: later.startsAt, endsAt: later.endsAt } });
    const listed = await world.startAdIds();
    if (listed !== null) expect(listed).not.toContain(ad.id);
    expect(await editor.send(ConsoleAdCalls.update, { id: ad.id, enabled: 1, startsAt: later.endsAt, endsAt: later.startsAt })).toEqual({ ret: ConsoleAdRet.BadSchedule, msg: ConsoleAdTexts.badSchedule, data: null });
    expect(await editor.send(ConsoleAdCalls.update, { id: ad.id, enabled: 1, linkURL: 'javascript:alert(1)' })).toMatchObject({ ret: 1002, msg: ConsoleAdTexts.linkInvalid });
    expect(await editor.send(ConsoleAdCalls.update, { id: 999_999, enabled: 1 })).toEqual({ ret: ConsoleAdRet.NotFound, msg: ConsoleAdTexts.notFound, data: null });
    expect(await editor.send(ConsoleAdCalls.update, { id: ad.id, enabled: 1, startsAt: 0, endsAt: 0 })).toMatchObject({ ret: 200, data: { startsAt: null, endsAt: null } });
    const back = await world.startAdIds();
    if (back !== null) expect(back).toContain(ad.id);
  });

  it('ads are for owners and editors: a moderator and finance are refused (9504)', async () => {
    for (const role of ['moderator', 'finance'] as const) {
      const someone = await world.operator(role);
      expect((await someone.send(ConsoleAdCalls.list, {})).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.send(ConsoleAdCalls.update, { id: 1, enabled: 0 })).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.sendBytes(ConsoleAdCalls.uploadPicture, { position: 'kaiping' }, new Uint8Array([0xff, 0xd8, 0xff, 0]))).ret).toBe(ConsoleAccessRet.Forbidden);
      expect((await someone.send(ConsoleAdCalls.create, { position: 'kaiping', showURL: '/media/ads/x.jpg', enabled: 1 })).ret).toBe(ConsoleAccessRet.Forbidden);
    }
  });

  it('a new ad on a picture uploaded here, cropped to its list’s size, leading to an in-app page: in the app’s list at once, audited', async () => {
    const editor = await world.operator('editor');
    const text = new TextEncoder().encode('这不是图片');
    expect(await editor.sendBytes(ConsoleAdCalls.uploadPicture, { position: 'kaiping' }, text)).toEqual({ ret: ConsoleAdRet.BadPicture, msg: ConsoleAdTexts.pictureInvalid, data: null });
    const png = new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d4380d' } }).png().toBuffer());
    const uploaded = await editor.sendBytes(ConsoleAdCalls.uploadPicture, { position: 'kaiping' }, png);
    expect(uploaded).toMatchObject({ ret: 200, data: { showURL: expect.stringMatching(/^\/media\/ads\/[A-Za-z0-9_-]+\.jpg$/) } });
    const { showURL } = uploaded.data as { showURL: string };
    const size = await world.pictureSize(showURL);
    if (size !== null) expect(size).toEqual([1080, 1920]);

    expect(await editor.send(ConsoleAdCalls.create, { position: 'kaiping', showURL: 'https://evil.example/ad.jpg', enabled: 1 })).toEqual({ ret: ConsoleAdRet.PictureNotOurs, msg: ConsoleAdTexts.pictureNotOurs, data: null });
    expect((await editor.send(ConsoleAdCalls.create, { position: 'kaiping', showURL, enabled: 1, appPage: '/admin' })).ret).toBe(1002);
    const made = await editor.send(ConsoleAdCalls.create, { position: 'kaiping', showURL, enabled: 1, title: '新片上线', appPage: '/openVip' });
    expect(made).toMatchObject({ ret: 200, data: { position: 'kaiping', showURL, title: '新片上线', appPage: '/openVip', linkURL: '', enabled: true, views: 0 } });
    const ad = made.data as ConsoleAd;
    const listed = (await editor.send(ConsoleAdCalls.list, {})).data as ConsoleAd[];
    expect(listed.filter((one) => one.position === 'kaiping').at(-1)?.id).toBe(ad.id);
    const starts = await world.startAdIds();
    if (starts !== null) expect(starts).toContain(ad.id);

    const owner = await world.operator('owner');
    const log = (await owner.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 5, action: 'ads.create' })).data as AuditPage;
    expect(log.list[0]).toMatchObject({ action: 'ads.create', target: `ad:${ad.id}`, before: null, after: { showURL, appPage: '/openVip' } });
  });
});
