import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { ASSET_LOAD_TIMEOUT_MS, CSS_CHUNK_LOAD_FAILED, ChunkLoadError, isChunkLoadError, loadChunk } from '../../../src/core/shell/chunk-load.ts';

/** A load that never settles (a chunk whose request hangs). */
const hanging = () => new Promise<never>(() => undefined);

describe('lazy chunk loads (spec vip-payments-activities §8, §9)', () => {
  it('times out after 120,000 ms as a ChunkLoadError', async () => {
    const clock = new FakeClock();
    const outcome = loadChunk(hanging, clock).then(
      () => 'loaded',
      (error: unknown) => error,
    );
    expect(ASSET_LOAD_TIMEOUT_MS).toBe(120_000);
    await clock.advanceAsync(ASSET_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await clock.advanceAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect((error as ChunkLoadError).failure).toBe('timeout');
    expect((error as ChunkLoadError).code).toBeUndefined();
  });

  it('gives a style chunk the code CSS_CHUNK_LOAD_FAILED', async () => {
    const clock = new FakeClock();
    const outcome = loadChunk(hanging, clock, 'style').catch((error: unknown) => error);
    await clock.advanceAsync(ASSET_LOAD_TIMEOUT_MS);
    const error = await outcome;
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).code).toBe(CSS_CHUNK_LOAD_FAILED);
    expect(CSS_CHUNK_LOAD_FAILED).toBe('CSS_CHUNK_LOAD_FAILED');
  });

  it('turns a failed import into a ChunkLoadError at once and clears the timer', async () => {
    const clock = new FakeClock();
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause), clock).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).failure).toBe('error');
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('hands back what loaded in time and clears the timer', async () => {
    const clock = new FakeClock();
    await expect(loadChunk(() => Promise.resolve('screen'), clock)).resolves.toBe('screen');
    expect(clock.pendingTimers()).toBe(0);
  });

  it('ignores a load that settles after the timeout', async () => {
    const clock = new FakeClock();
    let finish: (value: string) => void = () => undefined;
    const outcome = loadChunk(() => new Promise<string>((resolve) => (finish = resolve)), clock).catch((e: unknown) => e);
    await clock.advanceAsync(ASSET_LOAD_TIMEOUT_MS);
    finish('late');
    expect(isChunkLoadError(await outcome)).toBe(true);
  });
});
