import { runInAction } from 'mobx';
import { ConsoleRet } from '../core/admin-operators/admin-operators-protocol.ts';
import { ApiError } from '../core/request/api-error.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';

/** What a console page shows while it loads: loading, and whether the last load failed. */
export interface PageLoadState {
  loading: boolean;
  failed: boolean;
}

/**
 * A console page's load: `loading` while `read` runs, its value handed to `apply`, `failed` when it threw; a session
 * that ended meanwhile (elsewhere, or expired) sends the console back to its sign-in.
 */
export async function loadPage<T>(page: PageLoadState, session: ConsoleSessionModel, read: () => Promise<T>, apply: (value: T) => void): Promise<void> {
  runInAction(() => (page.loading = true));
  try {
    const value = await read();
    runInAction(() => {
      apply(value);
      page.failed = false;
    });
  } catch (error) {
    if (error instanceof ApiError && error.ret === ConsoleRet.SignInRequired) session.ended();
    runInAction(() => (page.failed = true));
  } finally {
    runInAction(() => (page.loading = false));
  }
}
