import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT } from '../db/seed.ts';
import type { MovieKind, MovieRequestState } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { titleKey } from '../../src/core/movie-requests/title-rules.ts';
import { findOpenRequestId, insertRequest, joinRequest, setRequestState } from './movie-request-repository.ts';

interface SeedRequest {
  title: string;
  year: number;
  kind: MovieKind;
  note: string;
  /** Who filed it, then who joined it: 'demo' or 'demo2'. */
  wantedBy: readonly ('demo' | 'demo2')[];
  state: MovieRequestState;
  /** 已上线: the demo video it became. */
  mediaKey?: string;
}

/** The demo's requests: one 已上线 (the demo film 南城旧事, movie-03), one 暂无片源, two open ones to second. */
const SEED_MOVIE_REQUESTS: readonly SeedRequest[] = [
  { title: '南城旧事', year: 2021, kind: 'movie', note: '想看老城区的故事', wantedBy: ['demo2', 'demo'], state: 'online', mediaKey: 'movie-03' },
  { title: '深海来信', year: 2019, kind: 'movie', note: '', wantedBy: ['demo'], state: 'unavailable' },
  { title: '风起长安', year: 2024, kind: 'drama', note: '求全集', wantedBy: ['demo2'], state: 'pending' },
  { title: '月光小镇', year: 0, kind: 'anime', note: '', wantedBy: ['demo', 'demo2'], state: 'pending' },
];

const HOUR_MS = 60 * 60 * 1000;

/**
 * Idempotent, and only on a demo installation (demo and demo2 exist): files the demo requests whose title and year
 * have no request yet, with their wants, then sets the operator's state (as the operator would: setRequestState).
 */
export async function seedMovieRequests(db: Database, clock: Clock = systemClock): Promise<void> {
  const users = await db.query<{ id: number; name: string }>('SELECT id, lower(user_name) AS name FROM users WHERE lower(user_name) IN ($1, $2)', [
    DEMO_ACCOUNT.userName.toLowerCase(),
    DEMO2_ACCOUNT.userName.toLowerCase(),
  ]);
  const ids = { demo: users.find((user) => user.name === DEMO_ACCOUNT.userName.toLowerCase())?.id, demo2: users.find((user) => user.name === DEMO2_ACCOUNT.userName.toLowerCase())?.id };
  const { demo, demo2 } = ids;
  if (demo === undefined || demo2 === undefined) return;
  const uid = (name: 'demo' | 'demo2'): number => (name === 'demo' ? demo : demo2);
  for (const [index, request] of SEED_MOVIE_REQUESTS.entries()) {
    await db.transaction(async (tx) => {
      const known = await tx.query('SELECT 1 FROM movie_requests WHERE title_key = $1 AND year = $2', [titleKey(request.title), request.year]);
      if (known.length > 0) return;
      const at = new Date(clock.now() - (SEED_MOVIE_REQUESTS.length - index) * 20 * HOUR_MS);
      const wantedBy = request.wantedBy.map(uid);
      const id =
        (await insertRequest(tx, { userId: wantedBy[0] ?? demo, title: request.title, year: request.year, kind: request.kind, note: request.note, at })) ??
        (await findOpenRequestId(tx, titleKey(request.title), request.year));
      if (id === null) return;
      for (const user of wantedBy) await joinRequest(tx, id, user, at);
      if (request.state !== 'pending') await setRequestState(tx, id, request.state, request.mediaKey ?? null);
    });
  }
}
