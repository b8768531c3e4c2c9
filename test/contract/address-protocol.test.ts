import { expect, it } from 'vitest';
import { installFakeAddressApi } from '../../adapters/http/fake-address-api.ts';
import { AddressCalls, AddressRet, type AddressView } from '../../src/core/vip/address-protocol.ts';
import { AddressRules } from '../../src/core/vip/vip-texts.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The delivery-address calls (src/core/vip/address-protocol.ts) as the app sends them, answered by the fake the app's
 * tests use (adapters/http/fake-address-api.ts) and by the reference server: both must answer alike.
 */
interface AddressWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  newUser(): Promise<Caller>;
}
type Caller = Record<string, string>;

const HOME = { name: '张三', phone: '13800138000', region: '广东省 深圳市 南山区', detail: '科技园南路88号 3栋 1201', isDefault: 0 };
const OFFICE = { name: '李四', phone: '+852 9123 4567', region: '香港 九龙', detail: '弥敦道 100 号 8 楼', isDefault: 0 };

protocolContract<AddressWorld>('address protocol', {
  fake: ({ http, send }) => {
    let nextUid = 1;
    installFakeAddressApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    return {
      newUser: async () => ({ login_uid: String(nextUid++) }),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    world: ({ app, send }) => ({
      newUser: async () => tokenParams((await registerUser(app)).token),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  const list = async (caller: Caller): Promise<AddressView[]> => (await world.send(AddressCalls.list, {}, caller)).data as AddressView[];

  it('the first address is the default; a later one asked as default takes it; the list puts the default first, then the newest', async () => {
    const user = await world.newUser();
    expect(await list(user)).toEqual([]);
    const home = await world.send(AddressCalls.save, HOME, user);
    expect(home.ret).toBe(200);
    expect(home.data).toMatchObject({ ...HOME, isDefault: true, id: expect.any(Number) as number });
    const office = (await world.send(AddressCalls.save, OFFICE, user)).data as AddressView;
    expect(office.isDefault).toBe(false);
    expect((await list(user)).map((item) => [item.name, item.isDefault])).toEqual([['张三', true], ['李四', false]]);
    expect((await world.send(AddressCalls.setDefault, { id: office.id }, user)).ret).toBe(200);
    expect((await list(user)).map((item) => [item.name, item.isDefault])).toEqual([['李四', true], ['张三', false]]);
  });

  it('edits its own address by id; deleting the default passes it to the newest left', async () => {
    const user = await world.newUser();
    const home = (await world.send(AddressCalls.save, HOME, user)).data as AddressView;
    const office = (await world.send(AddressCalls.save, OFFICE, user)).data as AddressView;
    const edited = await world.send(AddressCalls.save, { ...HOME, id: home.id, detail: '科技园南路99号' }, user);
    expect(edited.data).toMatchObject({ id: home.id, detail: '科技园南路99号', isDefault: true });
    expect((await world.send(AddressCalls.remove, { id: home.id }, user)).ret).toBe(200);
    expect(await list(user)).toEqual([{ ...office, isDefault: true }]);
  });

  it("another account's address is not found (7060) to read, edit, delete or make default; a visitor is 201", async () => {
    const owner = await world.newUser();
    const stranger = await world.newUser();
    const home = (await world.send(AddressCalls.save, HOME, owner)).data as AddressView;
    expect((await world.send(AddressCalls.save, { ...HOME, id: home.id, name: '王五' }, stranger)).ret).toBe(AddressRet.NotFound);
    expect((await world.send(AddressCalls.remove, { id: home.id }, stranger)).ret).toBe(AddressRet.NotFound);
    expect((await world.send(AddressCalls.setDefault, { id: home.id }, stranger)).ret).toBe(AddressRet.NotFound);
    expect(await list(stranger)).toEqual([]);
    expect((await list(owner))[0]?.name).toBe('张三');
    expect((await world.send(AddressCalls.list, {}, null)).ret).toBe(201);
  });

  it('refuses a bad phone, a short detail and an overlong name with the form messages (1002), a blank field as missing (1001)', async () => {
    const user = await world.newUser();
    expect(await world.send(AddressCalls.save, { ...HOME, phone: '12345' }, user)).toMatchObject({ ret: 1002, msg: '请填写正确的手机号码' });
    expect(await world.send(AddressCalls.save, { ...HOME, detail: '88号' }, user)).toMatchObject({ ret: 1002, msg: '详细地址请填写4到120个字' });
    expect(await world.send(AddressCalls.save, { ...HOME, name: '张'.repeat(21) }, user)).toMatchObject({ ret: 1002, msg: '收货人最多20个字' });
    expect((await world.send(AddressCalls.save, { ...HOME, region: '' }, user)).ret).toBe(1001);
    expect(await list(user)).toEqual([]);
  });

  it(`keeps at most ${AddressRules.maxAddresses} addresses (7061)`, async () => {
    const user = await world.newUser();
    for (let i = 0; i < AddressRules.maxAddresses; i += 1) {
      expect((await world.send(AddressCalls.save, { ...HOME, detail: `科技园南路${i}号` }, user)).ret).toBe(200);
    }
    expect((await world.send(AddressCalls.save, HOME, user)).ret).toBe(AddressRet.LimitReached);
  });
});
