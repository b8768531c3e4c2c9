import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import {
  ACCESS_STATISTICS_ERR_KEY,
  AccessStatistics,
  STATISTICS_RETRY_BLOCK_MS,
  statisticsBlocked,
} from '../../../src/core/shell/access-statistics.ts';
import { AppStart } from '../../../src/core/shell/app-start.ts';
import { ShellCalls } from '../../../src/core/shell/shell-protocol.ts';

const ACCESS_STATISTICS_PATH = ShellCalls.accessStatistics.path;

const statisticsCalls = (requests: readonly { url: string }[]) => requests.filter((r) => r.url.includes(ACCESS_STATISTICS_PATH));

describe('the visit statistics call', () => {
  it('is made at app start as GET with cineam=1 and shows nothing', async () => {
    const { container, world } = createHeadlessCore();
    const seen: { method: string; params: Record<string, string> }[] = [];
    world.http.route('GET', ACCESS_STATISTICS_PATH, (call) => {
      seen.push({ method: call.method, params: call.params });
      return { body: { ret: 200, msg: '成功', data: { day: '2030-01-15' } } };
    });
    await container.get(AppStart).run();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.params).toMatchObject({ cineam: '1', System: 'h5' });
    expect(world.session.get(ACCESS_STATISTICS_ERR_KEY)).toBeNull();
  });

  it('a failure stores its time in accessStatisticsErrTime and blocks calls for exactly 600,000 ms', async () => {
    const { container, world } = createHeadlessCore();
    let fail = true;
    world.http.route('GET', ACCESS_STATISTICS_PATH, () =>
      fail ? { body: { ret: 500, msg: '服务器繁忙，请稍后再试', data: null } } : { body: { ret: 200, msg: '成功', data: null } },
    );
    const statistics = container.get(AccessStatistics);
    const failedAt = world.clock.now();
    expect(await statistics.report()).toBe('failed');
    expect(world.session.get(ACCESS_STATISTICS_ERR_KEY)).toBe(String(failedAt));
    expect(world.notifier.toasts).toHaveLength(0);
    fail = false;

    world.clock.advance(STATISTICS_RETRY_BLOCK_MS - 1);
    expect(await statistics.report()).toBe('blocked');
    expect(statisticsCalls(world.http.requests)).toHaveLength(1);

    world.clock.advance(1);
    expect(await statistics.report()).toBe('sent');
    expect(statisticsCalls(world.http.requests)).toHaveLength(2);
    expect(world.session.get(ACCESS_STATISTICS_ERR_KEY)).toBeNull();
  });

  it('a network failure blocks too, and the next app start within the window makes no call', async () => {
    const { container, world } = createHeadlessCore();
    world.http.setOnline(false);
    expect(await container.get(AccessStatistics).report()).toBe('failed');
    world.http.setOnline(true);
    world.clock.advance(5 * 60_000);
    await container.get(AppStart).run();
    expect(statisticsCalls(world.http.requests)).toHaveLength(1);
  });

  it('the block rule: 600000 ms from the recorded time; a bad or future value does not block', () => {
    expect(STATISTICS_RETRY_BLOCK_MS).toBe(600_000);
    expect(statisticsBlocked(null, 1_000_000)).toBe(false);
    expect(statisticsBlocked('1000000', 1_000_000)).toBe(true);
    expect(statisticsBlocked('1000000', 1_599_999)).toBe(true);
    expect(statisticsBlocked('1000000', 1_600_000)).toBe(false);
    expect(statisticsBlocked('not a time', 1_000_000)).toBe(false);
    expect(statisticsBlocked('', 1_000_000)).toBe(false);
    expect(statisticsBlocked('2000000', 1_000_000)).toBe(false);
  });
});
