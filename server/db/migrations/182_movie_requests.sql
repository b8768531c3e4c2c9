-- Movie requests (求片, /seekingMovies): a signed-in user asks for a title; others second it (同求). A request
-- whose normalised title and year match an open one joins it instead of adding a row.

CREATE TABLE movie_requests (
  id         serial      PRIMARY KEY,
  -- Who filed it first (the others joined it: movie_request_wants).
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text        NOT NULL,
  -- The title as compared (src/core/movie-requests/title-rules.ts titleKey: width, case, spaces, punctuation).
  title_key  text        NOT NULL CHECK (title_key <> ''),
  -- 0: not given.
  year       integer     NOT NULL DEFAULT 0 CHECK (year = 0 OR year BETWEEN 1900 AND 2100),
  kind       text        NOT NULL,
  note       text        NOT NULL DEFAULT '',
  -- pending 待处理, online 已上线 (media_key names the video), unavailable 暂无片源.
  state      text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'online', 'unavailable')),
  media_key  text        REFERENCES videos (media_key) ON DELETE SET NULL,
  -- How many users want it (the filer included): the rows of movie_request_wants, kept with them.
  wants      integer     NOT NULL DEFAULT 1 CHECK (wants >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One open request per title and year: a second filing (even a parallel one) joins it.
CREATE UNIQUE INDEX movie_requests_open_title_idx ON movie_requests (title_key, year) WHERE state = 'pending';
CREATE INDEX movie_requests_hot_idx ON movie_requests (wants DESC, id DESC) WHERE state = 'pending';
CREATE INDEX movie_requests_user_day_idx ON movie_requests (user_id, created_at);

-- Who wants a request: its filer and everyone who seconded it or filed the same title, once each.
CREATE TABLE movie_request_wants (
  request_id integer     NOT NULL REFERENCES movie_requests (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (request_id, user_id)
);

CREATE INDEX movie_request_wants_user_idx ON movie_request_wants (user_id, created_at DESC);
