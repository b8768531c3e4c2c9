import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { AppConfig, configEntriesOf } from '../../../src/core/shell/app-config.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { ShellCalls } from '../../../src/core/shell/shell-protocol.ts';
import { AppStart } from '../../../src/core/shell/app-start.ts';

const CONFIG = [
  { key: 'GoogleMap', value: '{"key":"maps-123"}' },
  { key: 'ServiceEmail', value: 'service@qiyu.example' },
];

describe('global configuration', () => {
  it('is fetched at start and gives the GoogleMap key', async () => {
    const { container, world } = createHeadlessCore();
    world.http.route('GET', '/api/home/GetConfig', () => ({ body: { ret: 200, msg: '', data: CONFIG } }));
    await container.get(AppStart).run();
    const config = container.get(AppConfig);
    expect(config.googleMapKey()).toBe('maps-123');
    expect(config.entries().ServiceEmail).toBe('service@qiyu.example');
    expect(world.session.get('appConfig')).toContain('maps-123');
  });

  it('a failed fetch shows nothing and keeps what this session already had', async () => {
    const { container, world } = createHeadlessCore();
    world.session.set('appConfig', JSON.stringify({ GoogleMap: '{"key":"kept"}' }));
    world.http.route('GET', '/api/home/GetConfig', () => ({ body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } }));
    expect((await container.get(AppConfig).load()).GoogleMap).toBe('{"key":"kept"}');
    expect(world.notifier.toasts).toHaveLength(0);
  });

  it('skips malformed entries; a GoogleMap entry without a key gives null', () => {
    const parseConfig = (data: unknown) => configEntriesOf(parsed(ShellCalls.config.answer!, data)!);
    expect(parseConfig([{ key: 'A', value: 1 }, { value: 'no key' }, null, 'x', { key: '', value: 'empty' }])).toEqual({ A: '1' });
    expect(parseConfig({ not: 'a list' })).toEqual({});
    const { container, world } = createHeadlessCore();
    world.session.set('appConfig', JSON.stringify({ GoogleMap: '{"nokey":1}' }));
    expect(container.get(AppConfig).googleMapKey()).toBeNull();
    world.session.set('appConfig', 'not json');
    expect(container.get(AppConfig).googleMapKey()).toBeNull();
  });
});
