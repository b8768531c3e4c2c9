import type { Place } from '../../src/core/ports/place-search.ts';
import { PostsCalls, PostsRet, type Post, type PostLabel, type PostLiked, type PostPage } from '../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../src/core/posts/posts-texts.ts';
import { UploadConstants, UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { fail, fakeApi, LOGIN_REQUIRED, ok, SESSION_INVALID, type FakeRouter } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer } from './fake-http.ts';

/** A post as the imitation holds it (the answer adds the author's nickname, avatar and VIP level). */
interface FakePost {
  id: number;
  uid: number;
  contxt: string;
  labels: PostLabel[];
  location: Place | null;
  cover: string;
  videoUrl: string;
  duration: number;
  time: number;
  videoId: number;
}

/** A saved video CreateTrends may publish (the upload imitation's, or one a test arranges). */
export interface FakeSavedVideo {
  /** The video id SaveVideo answered. */
  id: number;
  uid: number;
  /** The cover UploadCover answered ('' before it). */
  coverPath: string;
  videoUrl: string;
  duration: number;
}

/** What tests arrange and read. */
export interface FakePostsState {
  posts: FakePost[];
  /** Posts per uid (not by day: every post counts). */
  postsToday: Map<number, number>;
  /** Who follows whom: follower uid → followed uids. */
  follows: Map<number, Set<number>>;
  /** The post made for each video (CreateTrends again answers it). */
  postOfVideo: Map<number, number>;
  /** Who likes each post: post id → uids. */
  likes: Map<number, Set<number>>;
}

export interface FakePostsApiOptions {
  /** The saved video with this id, if any. */
  savedVideo: (videoId: number) => FakeSavedVideo | undefined;
  /** The labels posts may carry. */
  labels: () => readonly PostLabel[];
  /** UploadConstants.dailyPostLimit by default. */
  dailyLimit?: number;
  /** Nicknames of users, by uid (用户<uid> otherwise). */
  nickNames?: Record<number, string>;
  /** The users MyListTrends knows (1006 for another uid); every uid when left out. */
  users?: () => ReadonlySet<number>;
  /** Time of posts (ms); 0 when left out. */
  now?: () => number;
  /** How calls are registered (the upload imitation adds its fault hook); login by login_uid otherwise. */
  route?: FakeRouter;
  /** Shared with the upload imitation, which counts posts for its publish point. */
  state?: FakePostsState;
}

const bad = (name: string) => fail(1002, `参数格式错误：${name}`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters other than line breaks and tabs
const DESCRIPTION_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A place as CreateTrends takes it (server/posts/create-post.ts), or null; undefined when refused. */
function placeOf(value: unknown): Place | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (!isObject(value)) return undefined;
  const text = (raw: unknown, min: number, max: number) => {
    if (typeof raw !== 'string') return undefined;
    const trimmed = raw.trim();
    return [...trimmed].length >= min && [...trimmed].length <= max && !CONTROL.test(trimmed) ? trimmed : undefined;
  };
  const coordinate = (raw: unknown, limit: number) => (typeof raw === 'number' && Number.isFinite(raw) && Math.abs(raw) <= limit ? raw : undefined);
  const place = { id: text(value.id, 1, 256), name: text(value.name, 1, 100), address: text(value.address ?? '', 0, 200), lat: coordinate(value.lat, 90), lng: coordinate(value.lng, 180) };
  const { id, name, address, lat, lng } = place;
  return id === undefined || name === undefined || address === undefined || lat === undefined || lng === undefined ? undefined : { id, name, address, lat, lng };
}

/**
 * An in-memory imitation of the reference server's posts calls, answering what posts-protocol.ts declares and
 * checking their parameters as declared (test/contract/posts-protocol.test.ts runs one suite against it and the
 * server). The upload imitation (fake-upload-api.ts) installs it with its saved videos and fault hook.
 */
export function installFakePostsApi(http: FakeHttp, options: FakePostsApiOptions): FakePostsState {
  const state: FakePostsState = options.state ?? { posts: [], postsToday: new Map(), follows: new Map(), postOfVideo: new Map(), likes: new Map() };
  const dailyLimit = options.dailyLimit ?? UploadConstants.dailyPostLimit;
  let nextPost = 9001;

  /** The caller is the call's login_uid (no token check: pair it with the login imitation for that). */
  const { serve } = fakeApi(http, { route: options.route, signedOut: SESSION_INVALID });

  /** A post as `viewer` (0: a visitor) sees it. */
  const view = (post: FakePost, viewer: number): Post => {
    const likers = state.likes.get(post.id);
    return { ...post, nickName: options.nickNames?.[post.uid] ?? `用户${post.uid}`, avatar: '', vipLevel: 0, likeCount: likers?.size ?? 0, liked: viewer > 0 && likers?.has(viewer) === true };
  };
  const page = (list: FakePost[], input: { page: number; pageSize: number }, viewer: number): FakeHttpAnswer => {
    const shown = list.slice((input.page - 1) * input.pageSize, input.page * input.pageSize).map((post) => view(post, viewer));
    const data: PostPage = { list: shown, page: input.page, pageSize: input.pageSize, total: list.length };
    return ok(data);
  };

  serve(PostsCalls.create, 'required', (input, uid) => {
    const { trends } = input;
    if (!isObject(trends)) return trends === null ? fail(1001, '缺少参数：trends') : bad('trends');
    const contxt = trends.contxt ?? '';
    if (typeof contxt !== 'string' || DESCRIPTION_CONTROL.test(contxt)) return bad('trends.contxt');
    const text = contxt.replace(/\r\n?/g, '\n').trim();
    if ([...text].length > UploadConstants.maxDescription) return fail(UploadRet.DescriptionTooLong, UploadTexts.DescriptionTooLong);
    const rawLabels = trends.labels ?? [];
    if (!Array.isArray(rawLabels)) return bad('trends.labels');
    const labelIds = [...new Set(rawLabels.map((id) => (typeof id === 'string' && /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : id)))];
    const labels = labelIds.flatMap((id) => options.labels().filter((label) => label.id === id));
    if (labels.length !== labelIds.length || labels.length > UploadConstants.maxLabels) return fail(UploadRet.LabelInvalid, UploadTexts.LabelInvalid);
    const location = placeOf(input.location);
    if (location === undefined) return bad('location');
    const details = input.trendsDetails;
    let coverPath: string | null = null;
    if (details !== undefined && details !== null) {
      if (!Array.isArray(details) || details.length > 1) return bad('trendsDetails');
      const [detail] = details as unknown[];
      if (detail !== undefined) {
        if (!isObject(detail) || detail.type !== 'cover' || typeof detail.filePath !== 'string') return bad('trendsDetails');
        coverPath = detail.filePath;
      }
    }
    const video = options.savedVideo(input.videoId);
    if (!video || video.uid !== uid) return fail(UploadRet.VideoNotSaved, UploadTexts.VideoNotSaved);
    if (coverPath !== null && (video.coverPath === '' || coverPath !== video.coverPath)) return bad('trendsDetails');
    const existing = state.posts.find((post) => post.id === state.postOfVideo.get(video.id));
    if (existing) return ok(view(existing, uid));
    if ((state.postsToday.get(uid) ?? 0) >= dailyLimit) return fail(UploadRet.PublishLimitReached, UploadTexts.PublishLimitReached);
    const post: FakePost = {
      id: nextPost++,
      uid,
      contxt: text,
      labels,
      location,
      cover: coverPath ?? '',
      videoUrl: video.videoUrl,
      duration: video.duration,
      time: options.now?.() ?? 0,
      videoId: video.id,
    };
    state.posts.unshift(post);
    state.postOfVideo.set(video.id, post.id);
    state.postsToday.set(uid, (state.postsToday.get(uid) ?? 0) + 1);
    return ok(view(post, uid));
  });

  serve(
    PostsCalls.myPosts,
    'optional',
    (input, caller) => {
      const uid = caller ?? 0;
      // A visitor may list another user's posts (their space), not "their own".
      const owner = input.uid ?? uid;
      if (!(owner > 0)) return LOGIN_REQUIRED;
      if (owner !== uid && options.users && !options.users().has(owner)) return fail(1006, '用户不存在');
      return page(state.posts.filter((post) => post.uid === owner), input, uid);
    },
  );

  serve(
    PostsCalls.feed,
    'optional',
    (input, caller) => {
      const uid = caller ?? 0;
      if (input.scope !== 'follow') return page(state.posts, input, uid);
      if (!(uid > 0)) return LOGIN_REQUIRED;
      const followed = state.follows.get(uid) ?? new Set<number>();
      return page(state.posts.filter((post) => followed.has(post.uid)), input, uid);
    },
  );

  serve(
    PostsCalls.post,
    'optional',
    (input, caller) => {
      const uid = caller ?? 0;
      const post = state.posts.find((p) => p.id === input.id);
      return post ? ok(view(post, uid)) : fail(PostsRet.NotFound, PostsTexts.NotFound);
    },
  );

  serve(PostsCalls.like, 'required', (input, uid) => {
    if (!state.posts.some((p) => p.id === input.id)) return fail(PostsRet.NotFound, PostsTexts.NotFound);
    const likers = state.likes.get(input.id) ?? new Set<number>();
    state.likes.set(input.id, likers);
    const liked = !likers.delete(uid);
    if (liked) likers.add(uid);
    const data: PostLiked = { id: input.id, liked, likeCount: likers.size };
    return ok(data);
  });

  serve(PostsCalls.remove, 'required', (input, uid) => {
    const post = state.posts.find((p) => p.id === input.id);
    if (!post) return fail(PostsRet.NotFound, PostsTexts.NotFound);
    if (post.uid !== uid) return fail(PostsRet.NotOwned, PostsTexts.NotOwned);
    state.posts = state.posts.filter((p) => p !== post);
    state.likes.delete(post.id);
    return ok(true);
  });

  return state;
}
