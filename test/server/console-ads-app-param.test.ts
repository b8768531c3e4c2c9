/**
 * A console change keeps what the console does not show of an ad's appParam (issue 33): the seeded start ad that
 * opens /openVip?from=ad and needs a login keeps its query and its login through a switch and an edit of its words,
 * and loses them only when its page changes.
 */
import { describe, expect, it } from 'vitest';
import { seedAds } from '../../server/ads/seed.ts';
import { ConsoleAdCalls, type ConsoleAd } from '../../src/core/admin-ads/admin-ads-protocol.ts';
import { AdCalls, type AdLists } from '../../src/core/ads/ads-protocol.ts';
import { serverOperator } from '../contract/console-browser.ts';
import { wire, type Answer } from '../contract/protocol-contract.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture({ seed: (db) => seedAds(db) });

async function appParamOf(id: number) {
  const answer = (await server.app.inject({ method: 'GET', url: AdCalls.list.path, query: wire(AdCalls.list, { typeList: '1' }) })).json() as Answer;
  return (answer.data as AdLists).kaiping.find((ad) => Number(ad.id) === id)?.appParam;
}

describe('an ad’s appParam through the console', () => {
  it('keeps its query and login through a switch and a new title; a new page takes its own', async () => {
    const editor = await serverOperator({ app: server.app, db: server.db }, 'editor');
    const ads = (await editor.send(ConsoleAdCalls.list, {})).data as ConsoleAd[];
    const vip = ads.find((ad) => ad.position === 'kaiping' && ad.appPage === '/openVip')!;
    expect(await appParamOf(vip.id)).toMatchObject({ type: 'page', pagePath: '/openVip', param: 'from=ad', isNeedLogin: true });

    await editor.send(ConsoleAdCalls.update, { id: vip.id, enabled: 0 });
    await editor.send(ConsoleAdCalls.update, { id: vip.id, enabled: 1, title: '开通会员', appPage: '/openVip', linkURL: '' });
    expect(await appParamOf(vip.id)).toMatchObject({ type: 'page', pagePath: '/openVip', param: 'from=ad', isNeedLogin: true });

    await editor.send(ConsoleAdCalls.update, { id: vip.id, enabled: 1, appPage: '/rank' });
    expect(await appParamOf(vip.id)).toMatchObject({ type: 'page', pagePath: '/rank', param: '', isNeedLogin: false });
  });
});
