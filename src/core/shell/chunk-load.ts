import type { Clock } from '../ports/clock.ts';

/** Spec (vip-payments-activities §9): asset load timeout. */
export const ASSET_LOAD_TIMEOUT_MS = 120_000;

/** Spec (vip-payments-activities §8): the code a failed style chunk carries. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** What a lazily loaded chunk holds: a screen's code, or a stylesheet. */
export type ChunkKind = 'script' | 'style';

/** Why the chunk did not load. */
export type ChunkFailure = 'timeout' | 'error';

/** A lazily loaded chunk could not be loaded (spec §8: ChunkLoadError; style chunks carry CSS_CHUNK_LOAD_FAILED). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: typeof CSS_CHUNK_LOAD_FAILED | undefined;
  readonly kind: ChunkKind;
  readonly failure: ChunkFailure;

  constructor(kind: ChunkKind, failure: ChunkFailure, cause?: unknown) {
    super(`Loading ${kind === 'style' ? 'CSS chunk' : 'chunk'} failed (${failure === 'timeout' ? `timeout after ${ASSET_LOAD_TIMEOUT_MS} ms` : 'error'})`, { cause });
    this.kind = kind;
    this.failure = failure;
    this.code = kind === 'style' ? CSS_CHUNK_LOAD_FAILED : undefined;
  }
}

/** Whether an error (a caught value of any kind) is a failed chunk load. */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** The timers loadChunk needs. */
export type ChunkTimers = Pick<Clock, 'schedule' | 'cancelSchedule'>;

/**
 * Loads a chunk: its result, or a ChunkLoadError when the load fails or has not finished within
 * ASSET_LOAD_TIMEOUT_MS (a load that settles after the timeout is ignored).
 */
export function loadChunk<T>(load: () => Promise<T>, timers: ChunkTimers, kind: ChunkKind = 'script'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = timers.schedule(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(kind, 'timeout'));
    }, ASSET_LOAD_TIMEOUT_MS);
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      timers.cancelSchedule(timer);
      outcome();
    };
    let started: Promise<T>;
    try {
      started = load();
    } catch (error) {
      finish(() => reject(new ChunkLoadError(kind, 'error', error)));
      return;
    }
    started.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(isChunkLoadError(error) ? error : new ChunkLoadError(kind, 'error', error))),
    );
  });
}
