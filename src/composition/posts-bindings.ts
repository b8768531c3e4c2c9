import type { Container } from 'inversify';
import { PostsService } from '../core/posts/posts-service.ts';
import { ApiClient } from '../core/request/api-client.ts';

/** The posts lists (discovery, /myDynamic, /dynamicDetail). Idempotent: bound by the screens that use it. */
export function bindPosts(container: Container): void {
  if (container.isBound(PostsService)) return;
  container
    .bind(PostsService)
    .toDynamicValue((ctx) => new PostsService(ctx.get(ApiClient)))
    .inSingletonScope();
}
