-- Barrages (danmaku): comments flying over one episode of a video at a moment of its timeline, with likes,
-- reports, each viewer's blocked senders and keywords, and each viewer's barrage settings.
CREATE TABLE barrages (
  id          serial      PRIMARY KEY,
  video_id    integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  -- 1-based episode (1 for films, short videos and live channels)
  episode     integer     NOT NULL CHECK (episode >= 1),
  -- when it flies in, in milliseconds of the episode's timeline
  time_ms     integer     NOT NULL CHECK (time_ms >= 0),
  content     text        NOT NULL,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  like_count  integer     NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  -- Seeded demo barrages (so the seed runs once per video).
  seeded      boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);
CREATE INDEX barrages_episode_time_idx ON barrages (video_id, episode, time_ms, id);
CREATE INDEX barrages_user_idx ON barrages (user_id, created_at DESC);

CREATE TABLE barrage_likes (
  barrage_id integer     NOT NULL REFERENCES barrages (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (barrage_id, user_id)
);
CREATE INDEX barrage_likes_user_idx ON barrage_likes (user_id);

CREATE TABLE barrage_reports (
  barrage_id integer     NOT NULL REFERENCES barrages (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason     text        NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (barrage_id, user_id)
);

CREATE TABLE barrage_shield_users (
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  shielded_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, shielded_uid)
);

CREATE TABLE barrage_shield_keywords (
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- trimmed and lower-cased (src/core/playback/barrage-rules.ts normaliseKeyword)
  keyword    text        NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, keyword)
);

CREATE TABLE barrage_configs (
  user_id        integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- opacity in tenths (1 to 10)
  opacity_tenths integer NOT NULL DEFAULT 10 CHECK (opacity_tenths BETWEEN 1 AND 10),
  speed          text    NOT NULL DEFAULT 'normal' CHECK (speed IN ('slow', 'normal', 'fast')),
  size           text    NOT NULL DEFAULT 'normal' CHECK (size IN ('small', 'normal', 'large')),
  -- share of the picture in quarters (1 to 4)
  area_quarters  integer NOT NULL DEFAULT 4 CHECK (area_quarters BETWEEN 1 AND 4)
);
