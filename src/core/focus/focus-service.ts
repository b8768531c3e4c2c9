import type { ApiClient } from '../request/api-client.ts';
import type { Video } from '../shared-kernel/video.ts';
import { FocusCalls, type FocusPost, type FocusSuggestion } from './focus-protocol.ts';

export type { FocusPost, FocusSuggestion } from './focus-protocol.ts';

/** One update as the feed lists it: a readable video (with its uploader), or a post. */
export type FocusItem = { kind: 'video'; key: string; time: number; video: Video } | { kind: 'post'; key: string; time: number; post: FocusPost };

export interface FocusFeedPage {
  list: FocusItem[];
  /** How many users the caller follows. */
  follows: number;
  suggestions: FocusSuggestion[];
}

/** 更多关注: a page of the followed users' updates, the unreadable videos left out, each with a key of its own. */
export class FocusService {
  constructor(private readonly api: ApiClient) {}

  /** Throws ApiError. */
  async updates(page: number, pageSize: number): Promise<FocusFeedPage> {
    const data = await this.api.request(FocusCalls.updates, { page, pageSize }, { suppressTips: true });
    const list = data.list.map((update): FocusItem =>
      update.kind === 'post'
        ? { kind: 'post', key: `post:${update.post.id}`, time: update.time, post: update.post }
        : { kind: 'video', key: `video:${update.video.mediaKey}`, time: update.time, video: update.video },
    );
    return { list, follows: data.follows, suggestions: data.suggestions };
  }
}
