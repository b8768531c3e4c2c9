import { describe, expect, it } from 'vitest';
import { installFakeAddressApi } from '../../../adapters/http/fake-address-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { AddressBook } from '../../../src/core/vip/address-book.ts';
import { AddAddressViewModel, ChoseAddressViewModel } from '../../../src/ui/vip/address-view-models.ts';

const HOME = { name: '张三', phone: '13800138000', region: '广东省 深圳市 南山区', detail: '科技园南路88号', isDefault: false };
const OFFICE = { name: '李四', phone: '13912345678', region: '北京市 朝阳区', detail: '建国路 1 号', isDefault: false };

function setup() {
  const { container, world } = createHeadlessCore({ path: '/choseAddress', withFakeApi: false });
  const fake = installFakeAddressApi(world.http, { caller: () => 7 });
  const book = new AddressBook(container.get(ApiClient), world.session);
  return { world, fake, book };
}

const saved = async (book: AddressBook, fields: typeof HOME) => {
  const outcome = await book.save(fields);
  if (outcome.kind !== 'saved') throw new Error(outcome.kind);
  return outcome.address;
};

describe('AddressBook', () => {
  it('checks the form before sending anything', async () => {
    const { book, world } = setup();
    expect(await book.save({ ...HOME, phone: '12345' })).toEqual({ kind: 'invalid', message: '请填写正确的手机号码' });
    expect(await book.save({ ...HOME, name: '   ' })).toEqual({ kind: 'invalid', message: '请填写收货人' });
    expect(await book.save({ ...HOME, detail: '88号' })).toEqual({ kind: 'invalid', message: '详细地址请填写4到120个字' });
    expect(world.http.requests).toHaveLength(0);
  });

  it('the gift goes to the address chosen this session while it exists, else the default, else none', async () => {
    const { book } = setup();
    expect(await book.chosen()).toBeNull();
    const home = await saved(book, HOME);
    const office = await saved(book, OFFICE);
    expect((await book.chosen())?.id).toBe(home.id);
    book.choose(office.id);
    expect((await book.chosen())?.id).toBe(office.id);
    await book.remove(office.id);
    expect((await book.chosen())?.id).toBe(home.id);
  });
});

describe('ChoseAddressViewModel (/choseAddress)', () => {
  it('picking (select=1) keeps the choice and goes back; the list masks the phone', async () => {
    const { book, world } = setup();
    await saved(book, HOME);
    const office = await saved(book, OFFICE);
    world.navigator.push('/vip');
    world.navigator.push('/choseAddress', { select: '1' });
    const vm = new ChoseAddressViewModel(book, world.navigator, world.notifier, true);
    await vm.load();
    expect(vm.rows.map((row) => [row.address.name, row.phoneText, row.chosen])).toEqual([['张三', '13*******00', true], ['李四', '13*******78', false]]);
    vm.rowTapped(office.id);
    expect(world.navigator.current().path).toBe('/vip');
    expect((await book.chosen())?.id).toBe(office.id);
  });

  it('deleting asks first; cancelled keeps the address, confirmed removes it', async () => {
    const { book, world } = setup();
    const home = await saved(book, HOME);
    const vm = new ChoseAddressViewModel(book, world.navigator, world.notifier, false);
    await vm.load();
    const first = vm.removeTapped(home.id);
    world.notifier.answer(false);
    await first;
    expect(vm.addresses).toHaveLength(1);
    const second = vm.removeTapped(home.id);
    world.notifier.answer(true);
    await second;
    expect(vm.addresses).toHaveLength(0);
    expect(world.notifier.lastToast()?.message).toBe('已删除');
  });
});

describe('AddAddressViewModel (/addAddress)', () => {
  it('edits one of the user\'s addresses: loads it, saves once however often tapped, and goes back', async () => {
    const { book, world, fake } = setup();
    const home = await saved(book, HOME);
    world.navigator.push('/choseAddress');
    world.navigator.push('/addAddress', { id: String(home.id) });
    const vm = new AddAddressViewModel(book, world.navigator, world.notifier, String(home.id));
    expect(vm.title).toBe('编辑收货地址');
    await vm.opened();
    expect(vm.detail).toBe('科技园南路88号');
    vm.setField('detail', '科技园南路99号');
    const saves = world.http.requests.length;
    await Promise.all([vm.saveTapped(), vm.saveTapped()]);
    expect(world.http.requests.length - saves).toBe(1);
    expect(fake.addresses.get(7)?.[0]?.detail).toBe('科技园南路99号');
    expect(world.navigator.current().path).toBe('/choseAddress');
  });

  it("an id that is not one of the user's says so and saves nothing", async () => {
    const { book, world } = setup();
    const vm = new AddAddressViewModel(book, world.navigator, world.notifier, '999');
    await vm.opened();
    expect(world.notifier.lastToast()?.message).toBe('收货地址不存在');
    await vm.saveTapped();
    expect(world.http.requests.filter((call) => call.url.endsWith('SaveAddress'))).toHaveLength(0);
  });
});
