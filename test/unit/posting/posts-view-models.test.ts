import { describe, expect, it } from 'vitest';
import { PostsRet, type Post, type PostPage } from '../../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../../src/core/posts/posts-texts.ts';
import { ApiError } from '../../../src/core/request/api-error.ts';
import type { User } from '../../../src/core/shared-kernel/user.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { SpaceViewModel } from '../../../src/ui/catalogue/catalogue-view-models.ts';
import { DiscoveryViewModel } from '../../../src/ui/catalogue/discovery-view-model.ts';
import { PostingTexts } from '../../../src/ui/posting/posting-texts.ts';
import { absoluteUrl, MyPostsViewModel, PostDetailViewModel, postIdFrom, toPostCard } from '../../../src/ui/posting/posts-view-models.ts';
import { PublishViewModel } from '../../../src/ui/posting/publish-view-model.ts';
import { drive, postingSetup, settle, UID, videoFile } from './posting-support.ts';

const post = (id: number, patch: Partial<Post> = {}): Post => ({
  id,
  uid: UID,
  nickName: '小遇',
  avatar: '',
  vipLevel: 0,
  contxt: `第${id}条`,
  labels: [{ id: 1, name: '搞笑' }],
  location: { id: 'p', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 },
  cover: `/media/uploads/covers/c${id}.jpg`,
  videoUrl: `/uploads/videos/xw-v${id}.mp4`,
  duration: 75,
  time: 1_700_000_000_000,
  videoId: id + 500,
  likeCount: 0,
  liked: false,
  ...patch,
});

/** Publishes one post through the real view-model and core (on the upload imitation). */
async function publishOne(s: ReturnType<typeof postingSetup>, text: string): Promise<void> {
  const vm = new PublishViewModel({ ...s.deps, publisher: s.publisher, session: s.session, clock: s.world.clock });
  const stop = vm.opened();
  await vm.videoPicked(videoFile());
  vm.descriptionChanged(text);
  await drive(s.world.clock, vm.publishTapped());
  s.world.clock.advance(1000);
  stop();
}

describe('toPostCard', () => {
  it('shows the text, label names, place, a 3:4 cover thumbnail and the duration', () => {
    const card = toPostCard(post(3, { nickName: '' }));
    expect(card).toMatchObject({ id: 3, nickName: `用户${UID}`, text: '第3条', labels: ['搞笑'], place: '外滩', durationText: '01:15' });
    expect(card.coverUrl).toBe('/media/uploads/covers/c3.jpg?x-oss-process=image/resize,m_fill,w_200,h_267/format,jpg');
    expect(toPostCard(post(4, { location: null, duration: 0 }))).toMatchObject({ place: '', durationText: '' });
  });

  it('makes the video path absolute on the API origin', () => {
    expect(absoluteUrl('http://api.example', '/uploads/videos/a.mp4')).toBe('http://api.example/uploads/videos/a.mp4');
    expect(absoluteUrl('', '/uploads/videos/a.mp4')).toBe('/uploads/videos/a.mp4');
    expect(absoluteUrl('http://api.example', 'https://cdn.example/a.mp4')).toBe('https://cdn.example/a.mp4');
    expect(postIdFrom('12')).toBe(12);
    expect(postIdFrom('0')).toBeNull();
    expect(postIdFrom('abc')).toBeNull();
    expect(postIdFrom(null)).toBeNull();
  });
});

describe('MyPostsViewModel', () => {
  it('lists one\'s posts newest first; delete asks, removes and reloads', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    await publishOne(s, '第一条');
    await publishOne(s, '第二条');
    const vm = new MyPostsViewModel(s.posts, s.world.navigator, s.world.notifier);
    vm.list.opened();
    await settle();
    expect(vm.list.items.map((item) => item.text)).toEqual(['第二条', '第一条']);
    vm.postTapped(vm.list.items[0]!);
    expect(s.world.navigator.current()).toEqual({ path: '/dynamicDetail', query: { id: String(vm.list.items[0]!.id) } });
    s.world.navigator.back();

    const kept = vm.deleteTapped(vm.list.items[0]!);
    await settle();
    expect(s.world.notifier.dialogs[0]?.options).toMatchObject({ title: PostingTexts.deleteTitle, message: PostingTexts.deleteConfirm });
    s.world.notifier.answer(false);
    await kept;
    expect(s.api.state.posts).toHaveLength(2);
    const deleting = vm.deleteTapped(vm.list.items[0]!);
    await settle();
    s.world.notifier.answer(true);
    await deleting;
    expect(s.api.state.posts.map((p) => p.contxt)).toEqual(['第一条']);
    expect(vm.list.items.map((item) => item.text)).toEqual(['第一条']);
    expect(s.toasts()).toContain(PostingTexts.deleted);
  });

  it('is empty before the first post, and 去发布 opens the form', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    const vm = new MyPostsViewModel(s.posts, s.world.navigator, s.world.notifier);
    vm.list.opened();
    await settle();
    expect(vm.list.empty).toBe(true);
    vm.publishTapped();
    expect(s.world.navigator.current().path).toBe('/publishDynamic');
  });
});

describe('SpaceViewModel', () => {
  const space = (s: ReturnType<typeof postingSetup>, uid: number) =>
    new SpaceViewModel(
      {
        catalogue: { space: async (_uid: number, page: number, pageSize: number) => ({ list: [], user: null, page, pageSize, total: 0 }) },
        posts: s.posts,
        navigator: s.world.navigator,
      },
      uid,
    );

  it('opens on 作品; 动态 lists that user\'s posts newest first (loaded when first shown), and a post opens', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    await publishOne(s, '第一条');
    await publishOne(s, '第二条');
    const vm = space(s, UID);
    expect(vm.tab).toBe('works');
    expect(vm.tabs.map((tab) => tab.title)).toEqual([PostingTexts.tabWorks, PostingTexts.tabPosts]);
    expect(vm.posts).toBeNull();
    vm.tabTapped('posts');
    vm.posts!.opened();
    await settle();
    expect(vm.posts!.items.map((item) => item.text)).toEqual(['第二条', '第一条']);
    vm.postTapped(vm.posts!.items[1]!);
    expect(s.world.navigator.current()).toEqual({ path: '/dynamicDetail', query: { id: String(vm.posts!.items[1]!.id) } });
    const list = vm.posts;
    vm.tabTapped('works');
    vm.tabTapped('posts');
    expect(vm.posts).toBe(list);
    vm.tabTapped('nonsense');
    expect(vm.tab).toBe('posts');
  });

  it('shows a visitor another user\'s posts, and no list for an id no user has', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    await publishOne(s, '公开的一条');
    s.userSession.clear();
    const vm = space(s, UID);
    vm.tabTapped('posts');
    vm.posts!.opened();
    await settle();
    expect(vm.posts!.items.map((item) => item.text)).toEqual(['公开的一条']);
    const none = space(s, 0);
    none.tabTapped('posts');
    expect(none.posts).toBeNull();
  });
});

describe('PostDetailViewModel', () => {
  const detail = (s: ReturnType<typeof postingSetup>, id: number | null, origin = 'http://127.0.0.1:8080') =>
    new PostDetailViewModel({ posts: s.posts, session: s.session, navigator: s.world.navigator, notifier: s.world.notifier, origin }, id);

  it('shows the post with its video on the API origin; the author may delete it and lands on /myDynamic', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    await publishOne(s, '看海');
    const id = s.api.state.posts[0]!.id;
    s.world.navigator.push('/dynamicDetail', { id: String(id) });
    const vm = detail(s, id);
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.post?.contxt).toBe('看海');
    expect(vm.videoUrl).toMatch(/^http:\/\/127\.0\.0\.1:8080\/uploads\/videos\//);
    expect(vm.own).toBe(true);
    const deleting = vm.deleteTapped();
    await settle();
    s.world.notifier.answer(true);
    await deleting;
    expect(s.api.state.posts).toHaveLength(0);
    expect(s.world.navigator.current().path).toBe('/myDynamic');
  });

  it('点赞 shows at once and takes the server’s count; again unlikes; a failure puts it back; a visitor goes to /login', async () => {
    const s = postingSetup({ path: '/myDynamic' });
    await publishOne(s, '看海');
    const id = s.api.state.posts[0]!.id;
    s.api.state.likes.set(id, new Set([40, 41]));
    s.world.navigator.push('/dynamicDetail', { id: String(id) });
    const vm = detail(s, id);
    await vm.load();
    expect([vm.liked, vm.likeText]).toEqual([false, '2']);
    const liking = vm.likeTapped();
    expect([vm.liked, vm.likeText, vm.liking]).toEqual([true, '3', true]);
    await liking;
    expect([vm.liked, vm.likeText, vm.liking]).toEqual([true, '3', false]);
    expect(s.api.state.likes.get(id)?.has(UID)).toBe(true);
    await vm.likeTapped();
    expect([vm.liked, vm.likeText]).toEqual([false, '2']);
    s.api.state.likes.set(id, new Set());
    await vm.load();
    expect(vm.likeText).toBe(PostingTexts.like);

    const failing = new PostDetailViewModel(
      {
        posts: { post: async () => post(5, { likeCount: 9 }), remove: () => Promise.resolve(), like: () => Promise.reject(new ApiError(-1, '网络错误')) },
        session: s.session,
        navigator: s.world.navigator,
        notifier: s.world.notifier,
        origin: '',
      },
      5,
    );
    await failing.load();
    await failing.likeTapped();
    expect([failing.liked, failing.likeText]).toEqual([false, '9']);

    const visitor = postingSetup({ loggedIn: false, path: '/discovery' });
    visitor.world.navigator.push('/dynamicDetail', { id: '5' });
    const seen = detail(visitor, 5);
    seen.post = post(5);
    await seen.likeTapped();
    expect(visitor.world.navigator.current()).toMatchObject({ path: '/login', query: { redirect: '/dynamicDetail?id=5' } });
  });

  it('a bad or deleted id shows 动态不存在或已删除; another failure offers a retry', async () => {
    const s = postingSetup();
    const none = detail(s, null);
    await none.load();
    expect(none.status).toBe('missing');
    const gone = detail(s, 424242);
    await gone.load();
    expect(gone.status).toBe('missing');
    expect(gone.missingText).toBe(PostsTexts.NotFound);
    const failing = new PostDetailViewModel(
      {
        posts: { post: () => Promise.reject(new ApiError(-1, '网络错误')), remove: () => Promise.resolve(), like: () => Promise.reject(new Error('not asked')) },
        session: s.session,
        navigator: s.world.navigator,
        notifier: s.world.notifier,
        origin: '',
      },
      5,
    );
    await failing.load();
    expect(failing.status).toBe('failed');
    const notFound = new PostDetailViewModel(
      {
        posts: { post: () => Promise.reject(new ApiError(PostsRet.NotFound, PostsTexts.NotFound)), remove: () => Promise.resolve(), like: () => Promise.reject(new Error('not asked')) },
        session: s.session,
        navigator: s.world.navigator,
        notifier: s.world.notifier,
        origin: '',
      },
      5,
    );
    await notFound.load();
    expect(notFound.status).toBe('missing');
  });
});

describe('DiscoveryViewModel', () => {
  function discoverySetup(newWorks: boolean | null) {
    const s = postingSetup({ loggedIn: false, path: '/discovery' });
    const user = (works: boolean): User => {
      const parsed = parseUser({ id: UID, nickName: '小遇', newWorks: works, token: { uid: UID, token: 'tok', expire: 1, sign: 's' } });
      if (!parsed) throw new Error('bad user');
      return parsed;
    };
    if (newWorks !== null) s.userSession.signedIn(user(newWorks));
    const feeds: string[] = [];
    let refreshed = 0;
    const page = (list: Post[]): PostPage => ({ list, page: 1, pageSize: 10, total: list.length });
    const vm = new DiscoveryViewModel({
      catalogue: { discovery: async () => ({ list: [] }) } as never,
      posts: {
        feed: async (scope, pageNumber) => {
          feeds.push(`${scope}:${pageNumber}`);
          return page(scope === 'follow' ? [post(1, { uid: 99, nickName: '关注的人' })] : [post(2), post(3)]);
        },
      },
      session: s.session,
      sessions: {
        refreshUserInfo: async () => {
          refreshed += 1;
          s.userSession.signedIn(user(false));
          return null;
        },
      },
      navigator: s.world.navigator,
    });
    return { ...s, vm, feeds, refreshed: () => refreshed };
  }

  it('opens 关注 first when the followed users posted; its first page clears the dot through a refreshed user', async () => {
    const s = discoverySetup(true);
    expect(s.vm.tab).toBe('follow');
    expect(s.vm.tabs.find((tab) => tab.key === 'follow')?.dot).toBe(true);
    s.vm.shown();
    s.vm.follow?.opened();
    await settle();
    expect(s.feeds).toEqual(['follow:1']);
    expect(s.vm.follow?.items.map((item) => item.nickName)).toEqual(['关注的人']);
    expect(s.refreshed()).toBe(1);
    expect(s.vm.tabs.find((tab) => tab.key === 'follow')?.dot).toBe(false);
    s.vm.postTapped(s.vm.follow!.items[0]!);
    expect(s.world.navigator.current()).toEqual({ path: '/dynamicDetail', query: { id: '1' } });
  });

  it('starts on 作品 otherwise; 动态 lists everyone\'s posts; a visitor\'s 关注 asks to log in', async () => {
    const s = discoverySetup(false);
    expect(s.vm.tab).toBe('works');
    s.vm.tabTapped('posts');
    s.vm.posts?.opened();
    await settle();
    expect(s.feeds).toEqual(['all:1']);
    expect(s.vm.posts?.items).toHaveLength(2);
    expect(s.refreshed()).toBe(0);

    const visitor = discoverySetup(null);
    visitor.vm.tabTapped('follow');
    expect(visitor.vm.loggedIn).toBe(false);
    expect(visitor.vm.follow).toBeNull();
    visitor.vm.loginTapped();
    expect(visitor.world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/discovery' } });
  });

  it('coming back to the page with new works switches to 关注 and reloads it', async () => {
    const s = discoverySetup(false);
    s.vm.tabTapped('follow');
    s.vm.follow?.opened();
    await settle();
    s.vm.tabTapped('works');
    expect(s.feeds).toEqual(['follow:1']);
    s.userSession.signedIn({ ...s.userSession.user()!, newWorks: true });
    s.vm.shown();
    await settle();
    expect(s.vm.tab).toBe('follow');
    expect(s.feeds).toEqual(['follow:1', 'follow:1']);
    expect(s.vm.tabs.find((tab) => tab.key === 'follow')?.dot).toBe(false);
  });
});
