import { describe, expect, it } from 'vitest';
import { DEMO_UPLOADERS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { FocusCalls, FocusLimits, type FocusUpdatePage } from '../../src/core/focus/focus-protocol.ts';
import { FakeClock, MINUTE, insertTestPost, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
});

const updates = (user: TestUser | null, fields: Record<string, string> = {}) =>
  server.get<FocusUpdatePage>(FocusCalls.updates.path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const follow = (user: TestUser, uid: number) => server.get<{ selected: boolean }>('/api/Video/FocusUPMaster', { ...tokenParams(user.token), userId: String(uid) });

async function uidOf(userName: string): Promise<number> {
  const rows = await server.db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [userName]);
  return rows[0]!.id;
}

/** A post of `user` made `agoMs` before now. */
const postOf = (user: TestUser, contxt: string, agoMs: number): Promise<number> => insertTestPost(server.db, user, contxt, new Date(clock.now() - agoMs));

describe('GetFocusUpdates (更多关注)', () => {
  it('refuses a visitor (201) and a page size beyond 50 or a page 0 (1002)', async () => {
    expect((await updates(null)).body.ret).toBe(201);
    const user = await server.registerUser();
    expect((await updates(user, { pageSize: '51' })).body).toMatchObject({ ret: 1002, msg: `每页数量为1-${FocusLimits.maxPageSize}` });
    expect((await updates(user, { page: '0' })).body.ret).toBe(1002);
    expect((await updates(user, { page: 'x' })).body.ret).toBe(1002);
  });

  it('one who follows nobody gets no updates and 推荐关注: uploaders with works, most played first, never oneself or a blocked user', async () => {
    const user = await server.registerUser();
    const { body } = await updates(user);
    expect(body.ret).toBe(200);
    expect(body.data).toMatchObject({ list: [], total: 0, follows: 0, page: 1 });
    const names = body.data.suggestions.map((s) => s.nickName);
    expect(names).toEqual(expect.arrayContaining(DEMO_UPLOADERS.map((up) => up.nickName)));
    expect(body.data.suggestions.every((s) => s.works > 0 && s.uid !== user.id)).toBe(true);
    const xiaoyu = await uidOf(DEMO_UPLOADERS[0].userName);
    expect(body.data.suggestions.find((s) => s.uid === xiaoyu)).toMatchObject({ introduce: DEMO_UPLOADERS[0].introduce });
    await server.get('/api/User/preventUser', { ...tokenParams(user.token), uid: String(xiaoyu), status: '1' });
    expect((await updates(user)).body.data.suggestions.map((s) => s.uid)).not.toContain(xiaoyu);
  });

  it('lists the followed uploaders’ videos and posts together, newest first, paged; nobody else’s', async () => {
    const user = await server.registerUser();
    const poster = await server.registerUser({ nickName: '发帖人' });
    const stranger = await server.registerUser();
    const xiaoyu = await uidOf(DEMO_UPLOADERS[0].userName);
    const recent = await postOf(poster, '刚发的动态', MINUTE);
    const old = await postOf(poster, '很久以前的动态', 400 * 24 * 60 * MINUTE);
    await postOf(stranger, '陌生人的动态', MINUTE);
    expect((await follow(user, xiaoyu)).body.data.selected).toBe(true);
    expect((await follow(user, poster.id)).body.data.selected).toBe(true);
    const videos = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM videos WHERE uploader_uid = $1', [xiaoyu]);
    const { body } = await updates(user, { pageSize: '50' });
    expect(body.data).toMatchObject({ follows: 2, total: videos[0]!.n + 2, suggestions: [] });
    const list = body.data.list;
    expect(list).toHaveLength(videos[0]!.n + 2);
    const times = list.map((u) => u.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({ kind: 'post', post: { id: recent, uid: poster.id, nickName: '发帖人', contxt: '刚发的动态', duration: 12 } });
    expect(list.at(-1)).toMatchObject({ kind: 'post', post: { id: old } });
    for (const update of list) {
      if (update.kind === 'video') expect(update.video.uploader?.uid).toBe(xiaoyu);
      else expect(update.post.uid).toBe(poster.id);
    }
    const first = await updates(user, { page: '1', pageSize: '3' });
    const second = await updates(user, { page: '2', pageSize: '3' });
    expect([...first.body.data.list, ...second.body.data.list]).toEqual(list.slice(0, 6));
    // Unfollowing takes them out.
    await follow(user, xiaoyu);
    expect((await updates(user)).body.data).toMatchObject({ follows: 1, total: 2 });
  });
});
