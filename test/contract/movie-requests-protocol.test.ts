import { expect, it } from 'vitest';
import { installFakeMovieRequestsApi } from '../../adapters/http/fake-movie-requests-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { setRequestState } from '../../server/movie-requests/movie-request-repository.ts';
import {
  MovieRequestCalls,
  MovieRequestRet,
  type MovieRequestPage,
  type SeekOutcome,
  type WantCounted,
} from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts } from '../../src/core/movie-requests/movie-requests-texts.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Movie requests' calls (src/core/movie-requests/movie-requests-protocol.ts) as the app sends them, answered by the
 * fake the app's tests use (adapters/http/fake-movie-requests-api.ts) and by the reference server: both alike.
 */
interface MovieRequestsWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** The operator's 已上线 with a video of the catalogue. */
  putOnline(id: number): Promise<void>;
  /** A title the catalogue has. */
  catalogueTitle: { title: string; mediaKey: string };
}

type Caller = Record<string, string>;

let n = 0;
const fresh = () => `契约影片${++n}`;

const CATALOGUE = { title: '南城旧事', mediaKey: 'movie-03' };

protocolContract<MovieRequestsWorld>('movie requests protocol', {
  fake: ({ http, send }) => {
    let nextUid = 1;
    const state = installFakeMovieRequestsApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null) });
    state.catalogue.push({ ...CATALOGUE, year: 2021 });
    return {
      catalogueTitle: CATALOGUE,
      user: async () => ({ login_uid: String(nextUid++) }),
      putOnline: async (id) => state.setState(id, 'online', CATALOGUE),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: ({ app, db, send }) => ({
      catalogueTitle: CATALOGUE,
      user: async () => tokenParams((await registerUser(app)).token),
      putOnline: async (id) => void (await setRequestState(db, id, 'online', CATALOGUE.mediaKey)),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  it('AddSeekMovie files, merges the same title (other spacing and case) as a +1, and refuses a third filing by a wanter (8242)', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const title = `Night Train ${fresh()}`;
    const filed = await world.send(MovieRequestCalls.file, { title, year: 2020, kind: 'movie', note: '求' }, a);
    expect(filed).toMatchObject({ ret: 200, msg: MovieRequestTexts.Filed, data: { outcome: 'filed', request: { title, year: 2020, kind: 'movie', note: '求', state: 'pending', video: null, wants: 1, wanted: true, mine: true } } });
    const id = (filed.data as Extract<SeekOutcome, { request: unknown }>).request.id;
    const merged = await world.send(MovieRequestCalls.file, { title: `  ${title.toUpperCase().replace(' ', '　 ')}`, year: 2020, kind: 'drama' }, b);
    expect(merged).toMatchObject({ ret: 200, msg: MovieRequestTexts.Merged, data: { outcome: 'merged', request: { id, wants: 2, wanted: true, mine: false } } });
    expect(await world.send(MovieRequestCalls.file, { title, year: 2020, kind: 'movie' }, b)).toMatchObject({ ret: MovieRequestRet.AlreadyWanted, msg: MovieRequestTexts.AlreadyWanted });
  });

  it('AddSeekMovie points at the catalogue’s video; refuses a visitor (201), a bad type, year or a title of punctuation', async () => {
    const a = await world.user();
    expect(await world.send(MovieRequestCalls.file, { title: `《${world.catalogueTitle.title}》`, kind: 'movie' }, a)).toEqual({
      ret: 200,
      msg: MovieRequestTexts.Exists,
      data: { outcome: 'exists', video: world.catalogueTitle },
    });
    expect((await world.send(MovieRequestCalls.file, { title: fresh(), kind: 'movie' }, null)).ret).toBe(201);
    expect(await world.send(MovieRequestCalls.file, { title: fresh(), kind: 'cartoon' as 'movie' }, a)).toMatchObject({ ret: 1002, msg: MovieRequestTexts.KindInvalid });
    expect(await world.send(MovieRequestCalls.file, { title: fresh(), year: 3000, kind: 'movie' }, a)).toMatchObject({ ret: 1002, msg: MovieRequestTexts.YearInvalid });
    expect(await world.send(MovieRequestCalls.file, { title: '——！', kind: 'movie' }, a)).toMatchObject({ ret: MovieRequestRet.TitleInvalid });
    expect(await world.send(MovieRequestCalls.file, { title: 'x'.repeat(MovieRequestLimits.maxTitle + 1), kind: 'movie' }, a)).toMatchObject({ ret: 1002, msg: MovieRequestTexts.TitleLong });
  });

  it('AddSeekMovie allows 5 new requests a day (8240 after)', async () => {
    const a = await world.user();
    for (let i = 0; i < MovieRequestLimits.perDay; i++) expect((await world.send(MovieRequestCalls.file, { title: fresh(), kind: 'movie' }, a)).ret).toBe(200);
    expect(await world.send(MovieRequestCalls.file, { title: fresh(), kind: 'movie' }, a)).toMatchObject({ ret: MovieRequestRet.DayLimit, msg: MovieRequestTexts.DayLimit });
  });

  it('WantSeekMovie counts once (8242 again), 8241 for an unknown or handled request; HotSeekMovies most wanted first; MySeekMovies with the video once online', async () => {
    const [a, b] = [await world.user(), await world.user()];
    const title = fresh();
    const filed = await world.send(MovieRequestCalls.file, { title, kind: 'anime' }, a);
    const id = (filed.data as Extract<SeekOutcome, { request: unknown }>).request.id;
    expect(await world.send(MovieRequestCalls.want, { id }, b)).toEqual({ ret: 200, msg: MovieRequestTexts.Wanted, data: { id, wants: 2, wanted: true } satisfies WantCounted });
    expect((await world.send(MovieRequestCalls.want, { id }, b)).ret).toBe(MovieRequestRet.AlreadyWanted);
    expect((await world.send(MovieRequestCalls.want, { id }, null)).ret).toBe(201);
    expect((await world.send(MovieRequestCalls.want, { id: 99_999_999 }, b)).ret).toBe(MovieRequestRet.NotFound);
    const hot = (await world.send(MovieRequestCalls.hot, { page: 1, pageSize: 50 }, null)).data as MovieRequestPage;
    expect(hot.list.find((r) => r.id === id)).toMatchObject({ wants: 2, wanted: false, mine: false });
    const wants = hot.list.map((r) => r.wants);
    expect(wants).toEqual([...wants].sort((x, y) => y - x));
    await world.putOnline(id);
    const mine = (await world.send(MovieRequestCalls.mine, { page: 1, pageSize: 20 }, b)).data as MovieRequestPage;
    expect(mine).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(mine.list[0]).toMatchObject({ id, state: 'online', video: { mediaKey: world.catalogueTitle.mediaKey } });
    expect((await world.send(MovieRequestCalls.want, { id }, await world.user())).ret).toBe(MovieRequestRet.NotFound);
    expect((await world.send(MovieRequestCalls.mine, { page: 1, pageSize: 20 }, null)).ret).toBe(201);
    expect(await world.send(MovieRequestCalls.mine, { page: 1, pageSize: 51 }, b)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
  });
});
