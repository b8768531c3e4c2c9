import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS } from '../../../src/core/language/language.ts';
import { LanguageService } from '../../../src/core/language/language-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { Ret } from '../../../src/core/request/ret.ts';
import { LanguageChoiceViewModel } from '../../../src/ui/account/language-view-model.ts';
import { LanguageTexts } from '../../../src/core/account/account-texts.ts';

function setup() {
  const { container, world } = createHeadlessCore({ withFakeApi: false });
  world.http.route('GET', '/api/ping', () => ({ body: { ret: Ret.Ok, msg: '成功', data: null } }));
  const lastLang = async (): Promise<unknown> => {
    await container.get(ApiClient).get('/api/ping');
    return world.http.requests.at(-1)?.params?.Lang;
  };
  return { service: container.get(LanguageService), world, container, lastLang };
}

describe('LanguageService', () => {
  it('starts in Simplified Chinese without touching the page or loading a converter', async () => {
    const { service, world, lastLang } = setup();
    expect(service.current()).toBe('zh-CN');
    await service.start();
    expect(world.translator.applied).toEqual([]);
    expect(await lastLang()).toBe(0);
  });

  it('at start applies a Traditional Chinese choice stored in the googtrans cookie', async () => {
    const { service, world } = setup();
    world.cookies.set(LANGUAGE_COOKIE, '/zh-CN/zh-TW', { days: LANGUAGE_COOKIE_DAYS });
    const page = world.translator.render('帮助中心');
    await service.start();
    expect(service.current()).toBe('zh-TW');
    expect(page.text()).toBe('幫助中心');
  });

  it('switching to Traditional converts the page, stores /zh-CN/zh-TW for 365 days, and requests then carry Lang 1', async () => {
    const { service, world, lastLang } = setup();
    const page = world.translator.render('帮助中心');
    await service.switchTo('zh-TW');
    expect(page.text()).toBe('幫助中心');
    expect(world.cookies.get(LANGUAGE_COOKIE)).toBe('/zh-CN/zh-TW');
    expect(world.cookies.daysOf(LANGUAGE_COOKIE)).toBe(365);
    expect(await lastLang()).toBe(1);

    await service.switchTo('zh-CN');
    expect(page.text()).toBe('帮助中心');
    expect(world.cookies.get(LANGUAGE_COOKIE)).toBe('/zh-CN/zh-CN');
    expect(service.current()).toBe('zh-CN');
    expect(await lastLang()).toBe(0);
  });

  it('stores nothing when the converter cannot load', async () => {
    const { service, world, lastLang } = setup();
    world.translator.failNextLoad();
    await expect(service.switchTo('zh-TW')).rejects.toThrow();
    expect(world.cookies.get(LANGUAGE_COOKIE)).toBeNull();
    expect(service.current()).toBe('zh-CN');
    expect(await lastLang()).toBe(0);
  });
});

describe('LanguageChoiceViewModel', () => {
  it('ticks the current language and switches on a choice', async () => {
    const { service, world } = setup();
    const vm = new LanguageChoiceViewModel(service, world.notifier);
    expect(vm.options.map((o) => [o.label, o.selected])).toEqual([
      ['简体中文', true],
      ['繁體中文', false],
    ]);
    const switching = vm.languageChosen('zh-TW');
    expect(vm.options[1]?.switching).toBe(true);
    await switching;
    expect(vm.language).toBe('zh-TW');
    expect(vm.options.map((o) => o.selected)).toEqual([false, true]);
    expect(vm.switching).toBeNull();
    expect(world.translator.language).toBe('zh-TW');
  });

  it('ignores choosing the current language and a second choice while one is under way', async () => {
    const { service, world } = setup();
    const vm = new LanguageChoiceViewModel(service, world.notifier);
    await vm.languageChosen('zh-CN');
    expect(world.translator.applied).toEqual([]);
    const first = vm.languageChosen('zh-TW');
    await vm.languageChosen('zh-CN');
    await first;
    expect(world.translator.applied).toEqual(['zh-TW']);
  });

  it('toasts a failure and keeps the language', async () => {
    const { service, world } = setup();
    const vm = new LanguageChoiceViewModel(service, world.notifier);
    world.translator.failNextLoad();
    await vm.languageChosen('zh-TW');
    expect(vm.language).toBe('zh-CN');
    expect(world.notifier.toasts.at(-1)?.message).toBe(LanguageTexts.failed);
  });

  it('starts from the stored language', () => {
    const { service, world } = setup();
    world.cookies.set(LANGUAGE_COOKIE, '/zh-CN/zh-TW');
    expect(new LanguageChoiceViewModel(service, world.notifier).language).toBe('zh-TW');
  });
});
