import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { deepLinkFor, OpenAppController, OpenAppRules, openAppRequested } from '../../../src/core/open-app/open-app.ts';

function setup(path = '/movie?tab=2') {
  const { container, world } = createHeadlessCore({ path });
  return { world, controller: container.get(OpenAppController) };
}

describe('open-app popup', () => {
  it('shows, hides on route change and on a blocked navigation', () => {
    const { controller } = setup();
    const seen: boolean[] = [];
    controller.subscribe((visible) => seen.push(visible));
    controller.show();
    expect(controller.visible()).toBe(true);
    controller.navigationBlocked();
    expect(controller.visible()).toBe(false);
    controller.show();
    controller.routeChanged();
    expect(seen).toEqual([true, false, true, false]);
  });

  it('opens the deep link, then the download page after 2 s when the page stayed in view', () => {
    const { controller, world } = setup();
    controller.show();
    controller.openApp();
    expect(controller.visible()).toBe(false);
    expect(world.navigator.opened).toEqual([{ url: 'qiyu://open?path=%2Fmovie%3Ftab%3D2', newWindow: false }]);
    world.clock.advance(OpenAppRules.deepLinkTimeoutMs - 1);
    expect(world.navigator.current().path).toBe('/movie');
    world.clock.advance(1);
    expect(world.navigator.current().path).toBe('/app-download');
  });

  it('stays when the app took over (the page was hidden meanwhile)', () => {
    const { controller, world } = setup();
    controller.openApp();
    world.visibility.hide();
    world.clock.advance(500);
    world.visibility.show();
    world.clock.advance(2_000);
    expect(world.navigator.current().path).toBe('/movie');
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('a second tap restarts the 2 s wait once', () => {
    const { controller, world } = setup('/');
    controller.openApp();
    world.clock.advance(1_500);
    controller.openApp();
    world.clock.advance(1_500);
    expect(world.navigator.current().path).toBe('/');
    world.clock.advance(500);
    expect(world.navigator.entries().map((e) => e.path)).toEqual(['/', '/app-download']);
  });

  it('reads the query flag and builds the deep link without it', () => {
    expect(openAppRequested({ openApp: '1' })).toBe(true);
    expect(openAppRequested({ openApp: '0' })).toBe(false);
    expect(openAppRequested({})).toBe(false);
    expect(deepLinkFor('/play/abc', { openApp: '1', ep: '3' })).toBe('qiyu://open?path=%2Fplay%2Fabc%3Fep%3D3');
    expect(deepLinkFor('/', {})).toBe('qiyu://open?path=%2F');
  });
});
