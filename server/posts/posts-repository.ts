import type { Place } from '../../src/core/ports/place-search.ts';
import type { PostLiked, Post as PostView, PostPage } from '../../src/core/posts/posts-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { insertRows } from '../db/insert-rows.ts';
import { toggleLikeRow } from '../db/like-rows.ts';
import { VIDEO_URL_PREFIX, storedVideoName } from '../upload/upload-files.ts';
import { isVideoExtension } from '../upload/video-magic.ts';
import type { Label } from '../../src/core/upload/upload-protocol.ts';

interface PostRow {
  id: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  vip_level: number;
  contxt: string;
  location: unknown;
  cover: string;
  unique_file_name: string;
  extension: string;
  duration: number;
  video_id: number;
  created_at: Date;
  labels: unknown;
}

/** The select of a post; `$1` is the time an expired VIP is judged at. */
const POST_SELECT = `SELECT p.id, p.user_id, u.nick_name, u.avatar,
    CASE WHEN u.vip_level > 0 AND u.vip_expire IS NOT NULL AND u.vip_expire > $1 THEN u.vip_level ELSE 0 END AS vip_level,
    p.contxt, p.location, p.cover, v.unique_file_name, v.extension, v.duration, v.video_id, p.created_at,
    (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY array_position(p.label_ids, l.id)), '[]'::json)
       FROM post_labels l WHERE l.id = ANY(p.label_ids)) AS labels
  FROM posts p JOIN video_uploads v ON v.id = p.upload_id JOIN users u ON u.id = p.user_id`;

const ORDER = 'ORDER BY p.created_at DESC, p.id DESC';

function placeOfJson(value: unknown): Place | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const place = parsed as Record<string, unknown>;
  return {
    id: String(place['id'] ?? ''),
    name: String(place['name'] ?? ''),
    address: String(place['address'] ?? ''),
    lat: Number(place['lat'] ?? 0),
    lng: Number(place['lng'] ?? 0),
  };
}

function labelsOfJson(value: unknown): Label[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.map((label: { id: unknown; name: unknown }) => ({ id: Number(label.id), name: String(label.name) }));
}

/** A post before its likes are added ({@link withLikes}). */
type PostBase = Omit<PostView, 'likeCount' | 'liked'>;

function toPostView(row: PostRow): PostBase {
  const extension = isVideoExtension(row.extension) ? row.extension : 'mp4';
  return {
    id: row.id,
    uid: row.user_id,
    nickName: row.nick_name,
    avatar: row.avatar,
    vipLevel: Number(row.vip_level),
    contxt: row.contxt,
    labels: labelsOfJson(row.labels),
    location: placeOfJson(row.location),
    cover: row.cover,
    videoUrl: `${VIDEO_URL_PREFIX}${storedVideoName(row.unique_file_name, extension)}`,
    duration: row.duration,
    time: row.created_at.getTime(),
    videoId: row.video_id,
  };
}

/** Each post's like count and whether `viewer` likes it (0: a visitor, who likes nothing), in one query. */
async function withLikes(db: Queryable, posts: readonly PostBase[], viewer: number): Promise<PostView[]> {
  if (posts.length === 0) return [];
  const rows = await db.query<{ post_id: number; like_count: number; liked: boolean }>(
    `SELECT post_id, count(*)::int AS like_count, bool_or(user_id = $2) AS liked
       FROM post_likes WHERE post_id = ANY($1::int[]) GROUP BY post_id`,
    [posts.map((post) => post.id), viewer],
  );
  const likes = new Map(rows.map((row) => [Number(row.post_id), row]));
  return posts.map((post) => {
    const row = likes.get(post.id);
    return { ...post, likeCount: Number(row?.like_count ?? 0), liked: row?.liked === true };
  });
}

/** One post as `viewer` (0: a visitor) sees it. */
export async function findPost(db: Queryable, id: number, now: Date, viewer: number): Promise<PostView | undefined> {
  const rows = await db.query<PostRow>(`${POST_SELECT} WHERE p.id = $2`, [now, id]);
  const [post] = await withLikes(db, rows.map(toPostView), viewer);
  return post;
}

export async function findPostOfUpload(db: Queryable, uploadId: number, now: Date, viewer: number): Promise<PostView | undefined> {
  const rows = await db.query<PostRow>(`${POST_SELECT} WHERE p.upload_id = $2`, [now, uploadId]);
  const [post] = await withLikes(db, rows.map(toPostView), viewer);
  return post;
}

/** The posts with these ids (any order; a deleted one is left out), as `viewer` (0: a visitor) sees them. */
export async function findPosts(db: Queryable, ids: readonly number[], now: Date, viewer: number): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<PostRow>(`${POST_SELECT} WHERE p.id = ANY($2::int[])`, [now, [...ids]]);
  return withLikes(db, rows.map(toPostView), viewer);
}

/** Whether the post exists (locked against deletion until the transaction ends: a like needs its post). */
export async function postExists(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM posts WHERE id = $1 FOR SHARE', [id])).length > 0;
}

/** Likes the post for the user, or unlikes it when they already do; answers its likes after. */
export async function togglePostLike(tx: Queryable, postId: number, userId: number, now: Date): Promise<PostLiked> {
  return { id: postId, ...(await toggleLikeRow(tx, { table: 'post_likes', target: 'post_id' }, postId, userId, now)) };
}

/** Which posts a list shows. */
export type PostFilter =
  | { kind: 'user'; uid: number }
  | { kind: 'all'; viewer: number }
  | { kind: 'follow'; viewer: number };

/** `WHERE` of a filter over `posts p`, its params starting at `$2`. */
function whereOf(filter: PostFilter): { sql: string; params: unknown[] } {
  switch (filter.kind) {
    case 'user':
      return { sql: 'p.user_id = $2', params: [filter.uid] };
    case 'follow':
      return { sql: 'EXISTS (SELECT 1 FROM user_follows f WHERE f.follower_uid = $2 AND f.followed_uid = p.user_id)', params: [filter.viewer] };
    default:
      // Everyone's, without the users the viewer blocked.
      return { sql: 'NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = $2 AND b.blocked_uid = p.user_id)', params: [filter.viewer] };
  }
}

/** A page of posts, newest first, as `viewer` (0: a visitor) sees them. */
export async function pageOfPosts(db: Queryable, filter: PostFilter, page: number, pageSize: number, now: Date, viewer: number): Promise<PostPage> {
  const where = whereOf(filter);
  const rows = await db.query<PostRow>(`${POST_SELECT} WHERE ${where.sql} ${ORDER} LIMIT $3 OFFSET $4`, [
    now, ...where.params, pageSize, (page - 1) * pageSize,
  ]);
  const counted = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM posts p WHERE ${where.sql.replaceAll('$2', '$1')}`, where.params);
  return { list: await withLikes(db, rows.map(toPostView), viewer), page, pageSize, total: Number(counted[0]?.total ?? 0) };
}

export interface NewPost {
  userId: number;
  uploadId: number;
  contxt: string;
  labelIds: readonly number[];
  location: Place | null;
  cover: string;
  at: Date;
}

export async function insertPost(db: Queryable, post: NewPost): Promise<number> {
  const location = post.location === null
    ? null
    : JSON.stringify({ id: post.location.id, name: post.location.name, address: post.location.address, lat: post.location.lat, lng: post.location.lng });
  const rows = await db.query<{ id: number }>(
    `INSERT INTO posts (user_id, upload_id, contxt, label_ids, location, cover, created_at)
     VALUES ($1, $2, $3, $4::integer[], $5::jsonb, $6, $7) RETURNING id`,
    [post.userId, post.uploadId, post.contxt, [...post.labelIds], location, post.cover, post.at],
  );
  return Number(rows[0]?.id);
}

/** The owner and upload of a post (for deleting). */
export async function postOwner(db: Queryable, id: number): Promise<{ userId: number; uploadId: number; uniqueFileName: string } | undefined> {
  const rows = await db.query<{ user_id: number; upload_id: number; unique_file_name: string }>(
    'SELECT p.user_id, p.upload_id, v.unique_file_name FROM posts p JOIN video_uploads v ON v.id = p.upload_id WHERE p.id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, uploadId: row.upload_id, uniqueFileName: row.unique_file_name } : undefined;
}

/** Deletes the post's upload (and so the post). */
export async function deleteUpload(db: Queryable, uploadId: number): Promise<void> {
  await db.query('DELETE FROM video_uploads WHERE id = $1', [uploadId]);
}

/** The caller has seen the followed users' posts up to `at`. */
export async function markFeedSeen(db: Queryable, uid: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO post_feed_seen (user_id, seen_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET seen_at = greatest(post_feed_seen.seen_at, EXCLUDED.seen_at)`,
    [uid, at],
  );
}

/** Every label, in display order (GetLabel). */
export async function allLabels(db: Queryable): Promise<Label[]> {
  return db.query<Label>('SELECT id, name FROM post_labels ORDER BY sort, id');
}

/** How many of the ids are labels that exist. */
export async function countLabels(db: Queryable, ids: readonly number[]): Promise<number> {
  const found = await db.query<{ id: number }>('SELECT id FROM post_labels WHERE id = ANY($1::integer[])', [ids]);
  return found.length;
}

/** Posts the user made since `since`; deleted posts no longer count. */
export async function countPostsSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE user_id = $1 AND created_at >= $2', [userId, since]);
  return Number(rows[0]?.n ?? 0);
}

/** A seeded place, as the places table holds it. */
export interface SeedPlace {
  id: string;
  name: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
}

/** Every seeded place, in the seeded order. */
export async function allPlaces(db: Queryable): Promise<SeedPlace[]> {
  return db.query<SeedPlace>('SELECT id, name, address, city, lat, lng FROM places ORDER BY sort, id');
}

/** Adds the places the table does not hold yet, in this order (their sort). */
export async function insertPlaces(db: Queryable, places: readonly SeedPlace[]): Promise<void> {
  const rows = places.map((place, index) => [place.id, place.name, place.address, place.city, place.lat, place.lng, index + 1]);
  await insertRows(db, 'INSERT INTO places (id, name, address, city, lat, lng, sort)', rows, 'ON CONFLICT (id) DO NOTHING');
}
