import { ApiError, isRefusal } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { MovieRequestCalls, MovieRequestRet, type MovieRequest, type MovieRequestPage, type RequestedVideo } from './movie-requests-protocol.ts';
import { checkDraft, type MovieRequestDraft } from './title-rules.ts';

export type { MovieRequest, MovieRequestPage } from './movie-requests-protocol.ts';

export type FileOutcome =
  /** A new request, or the open one for the same title joined (+1). */
  | { kind: 'filed' | 'merged'; request: MovieRequest }
  /** The catalogue has it: nothing filed; watch it instead. */
  | { kind: 'exists'; video: RequestedVideo }
  /** The form is wrong (nothing sent), or the server refused (the day's allowance, wanted already). */
  | { kind: 'refused'; message: string }
  /** A visitor: log in first (nothing sent). */
  | { kind: 'login' }
  /** The network or the server failed (the request layer told the user). */
  | { kind: 'failed' };

export type WantOutcome =
  | { kind: 'wanted'; wants: number }
  /** Wanted already (another tap or device got there first), or the request was handled meanwhile. */
  | { kind: 'refused'; ret: number; message: string }
  | { kind: 'login' }
  | { kind: 'failed' };

/** The refusals the screen shows beside the form (not as a toast). */
/**
 * 求片: filing a request (checked as the server checks it first), 同求 (one request in flight per request however often
 * tapped), and the two lists.
 */
export class MovieRequestsService {
  private readonly wanting = new Map<number, Promise<WantOutcome>>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  async file(draft: MovieRequestDraft): Promise<FileOutcome> {
    if (!this.loggedIn()) return { kind: 'login' };
    const checked = checkDraft(draft);
    if (!checked.ok) return { kind: 'refused', message: checked.problem };
    try {
      const data = await this.api.request(MovieRequestCalls.file, checked.request);
      return data.outcome === 'exists' ? { kind: 'exists', video: data.video } : { kind: data.outcome, request: data.request };
    } catch (error) {
      if (isRefusal(error, MovieRequestCalls.file)) return { kind: 'refused', message: error.msg };
      return { kind: 'failed' };
    }
  }

  /** 同求. A second tap while the first is on its way gets the same answer without a second request. */
  want(id: number): Promise<WantOutcome> {
    if (!this.loggedIn()) return Promise.resolve({ kind: 'login' });
    const running = this.wanting.get(id);
    if (running) return running;
    const request = this.sendWant(id).finally(() => this.wanting.delete(id));
    this.wanting.set(id, request);
    return request;
  }

  /** The caller's requests, most recently joined first. Throws ApiError. */
  mine(page: number, pageSize: number): Promise<MovieRequestPage> {
    return this.api.request(MovieRequestCalls.mine, { page, pageSize }, { suppressTips: true });
  }

  /** 热门求片, most wanted first. Throws ApiError. */
  hot(page: number, pageSize: number): Promise<MovieRequestPage> {
    return this.api.request(MovieRequestCalls.hot, { page, pageSize }, { suppressTips: true });
  }

  private async sendWant(id: number): Promise<WantOutcome> {
    try {
      const data = await this.api.request(MovieRequestCalls.want, { id }, { notice: true });
      return { kind: 'wanted', wants: data.wants };
    } catch (error) {
      if (error instanceof ApiError && (error.ret === MovieRequestRet.AlreadyWanted || error.ret === MovieRequestRet.NotFound)) {
        return { kind: 'refused', ret: error.ret, message: error.msg };
      }
      return { kind: 'failed' };
    }
  }
}
