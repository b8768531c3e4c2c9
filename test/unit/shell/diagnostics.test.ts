import { describe, expect, it, vi } from 'vitest';
import { installFakeShellApi } from '../../../adapters/http/fake-shell-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { Diagnostics, formatBytes, networkLabel, recognise, type StorageEstimate } from '../../../src/core/shell/diagnostics.ts';
import { DiagnosticsModel, DiagnosticsViewModel } from '../../../src/ui/shell/diagnostics-view-model.ts';

const IPHONE_12 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
const IPHONE_17 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WECHAT = 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';
const ANDROID_TV = 'Mozilla/5.0 (Linux; Android 9; BRAVIA 4K GB Build/PTT1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Safari/537.36';

describe('what the app recognises (recognise)', () => {
  it('iOS with its version and the low style below 15; Android; WeChat; a web view; a TV', () => {
    expect(recognise(IPHONE_12, 'none')).toEqual({ platform: 'iOS', iosVersion: 12, lowIos: true, webview: false, nativeApp: 'none', wechat: false, tv: false });
    expect(recognise(IPHONE_17, 'ios')).toMatchObject({ platform: 'iOS', iosVersion: 17, lowIos: false, webview: true, nativeApp: 'ios' });
    expect(recognise(WECHAT, 'none')).toMatchObject({ platform: 'Android', wechat: true, webview: true, tv: false });
    expect(recognise(ANDROID_TV, 'none')).toMatchObject({ platform: 'Android', tv: true, webview: false });
    expect(recognise('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 'none')).toMatchObject({ platform: '其他', iosVersion: null });
  });

  it('names networks and sizes in Chinese', () => {
    expect(networkLabel('cellular')).toBe('移动数据');
    expect(networkLabel('unknown')).toBe('未知（浏览器未提供）');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.0 GB');
    expect(formatBytes(-1)).toBe('未知');
  });
});

function setup(options: { userAgent?: string; estimate?: StorageEstimate | null; apiBase?: string } = {}) {
  const { container, world } = createHeadlessCore();
  const shell = installFakeShellApi(world.http, { caller: () => null });
  const diagnostics = new Diagnostics({
    userAgent: options.userAgent ?? IPHONE_17,
    appVersion: '0.1.0',
    apiBase: options.apiBase ?? 'https://m.example.com',
    pageOrigin: 'https://m.example.com',
    api: container.get(ApiClient),
    bridge: world.nativeBridge,
    network: world.network,
    socket: world.socket,
    local: world.local,
    clock: world.clock,
    estimateStorage: async () => (options.estimate === undefined ? { usage: 1536, quota: 2 * 1024 ** 3 } : options.estimate),
  });
  return { container, world, shell, diagnostics };
}

describe('Diagnostics and /test\'s view-model', () => {
  it('shows version, device, storage, API base and a timed call, the socket; nothing of the session', async () => {
    const { world, diagnostics } = setup();
    const vm = new DiagnosticsViewModel(diagnostics, world.network, world.socket, false);
    const stop = vm.opened();
    await vi.waitFor(() => expect(vm.api).not.toBeNull());
    await vi.waitFor(() => expect(vm.storage).not.toBeNull());
    const value = (id: string) => vm.rows.find((row) => row.id === id)?.value;
    expect(value('version')).toBe('0.1.0');
    expect(value('platform')).toBe('iOS 17');
    expect(value('webview')).toBe('否');
    expect(value('native')).toBe('未检测到（普通浏览器）');
    expect(value('network')).toBe('Wi-Fi');
    expect(value('storage')).toBe('已用 1.5 KB / 可用 2.0 GB');
    expect(value('local-storage')).toBe('可写入');
    expect(world.local.get('diagnosticsProbe')).toBeNull();
    expect(value('api-base')).toBe('https://m.example.com（与页面同源）');
    expect(value('api')).toMatch(/^\d+ ms$/);
    expect(world.http.requests.some((request) => request.url.includes('/api/home/GetConfig'))).toBe(true);
    expect(value('socket')).toBe('未连接');
    world.socket.connect();
    world.network.switchTo('cellular');
    expect(value('socket')).toBe('已连接');
    expect(value('network')).toBe('移动数据');
    expect(vm.rows.map((row) => row.value).join(' ')).not.toMatch(/token|cookie/i);
    stop();
  });

  it('a ping: not sent without the bridge; sent through it in the native app\'s web view', () => {
    const { world, diagnostics } = setup();
    const vm = new DiagnosticsViewModel(diagnostics, world.network, world.socket, false);
    vm.pingTapped();
    expect(vm.pingText).toBe('无原生桥，未发送');
    world.nativeBridge.setPlatform('android');
    vm.pingTapped();
    expect(vm.pingText).toBe('已送达原生端');
    expect(world.nativeBridge.calls.map((call) => call.name)).toEqual(['ping']);
    expect(vm.rows.find((row) => row.id === 'native')?.value).toBe('Android（已检测到）');
    expect(vm.rows.find((row) => row.id === 'webview')?.value).toBe('是');
  });

  it('a failed API call says so with its time; storage unknown where the browser does not say; /mobileTest counts touches', async () => {
    const { world, diagnostics } = setup({ estimate: null, apiBase: 'https://api.example.com' });
    world.http.route('GET', '/api/home/GetConfig', () => ({ body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } }));
    const vm = new DiagnosticsViewModel(diagnostics, world.network, world.socket, true);
    const stop = vm.opened();
    await vi.waitFor(() => expect(vm.api).not.toBeNull());
    await vi.waitFor(() => expect(vm.storage).not.toBeNull());
    expect(vm.api?.ok).toBe(false);
    expect(vm.rows.find((row) => row.id === 'api')?.value).toMatch(/^请求失败（服务器繁忙，请稍后再试，\d+ ms）$/);
    expect(vm.rows.find((row) => row.id === 'storage')?.value).toBe('未知');
    expect(vm.rows.find((row) => row.id === 'api-base')?.value).toBe('https://api.example.com');
    expect(vm.touchText).toBe('点击下方区域测试触摸');
    vm.touched();
    vm.touched();
    expect(vm.touchText).toBe('触摸正常，已点击 2 次');
    stop();
  });

  it('is bound with the features: the token makes the view-model', async () => {
    const { container } = setup();
    const { bindDiagnostics } = await import('../../../src/composition/diagnostics-bindings.ts');
    if (!container.isBound(DiagnosticsModel.id)) bindDiagnostics(container);
    const make = container.get<(props: { compact: boolean }) => DiagnosticsViewModel>(DiagnosticsModel.id);
    expect(make({ compact: true }).compact).toBe(true);
  });
});
