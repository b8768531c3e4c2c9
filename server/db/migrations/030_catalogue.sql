-- The catalogue: channels (long-form categories and short-video channels), their sub-channels,
-- videos, uploader profiles, and each user's play history and collections.
CREATE TABLE catalogue_categories (
  key   text    PRIMARY KEY,
  name  text    NOT NULL,
  -- 'long' (films, series… shown on home) or 'short' (short-video channels)
  kind  text    NOT NULL CHECK (kind IN ('long', 'short')),
  sort  integer NOT NULL
);

CREATE TABLE catalogue_subchannels (
  category text    NOT NULL REFERENCES catalogue_categories (key) ON DELETE CASCADE,
  sub_id   integer NOT NULL,
  name     text    NOT NULL,
  PRIMARY KEY (category, sub_id)
);

CREATE TABLE videos (
  id               serial      PRIMARY KEY,
  media_key        text        NOT NULL UNIQUE,
  title            text        NOT NULL,
  category         text        NOT NULL REFERENCES catalogue_categories (key),
  sub_id           integer     NOT NULL DEFAULT 0,
  cover            text        NOT NULL,
  poster           text        NOT NULL,
  duration_seconds integer     NOT NULL CHECK (duration_seconds >= 0),
  play_count       bigint      NOT NULL DEFAULT 0 CHECK (play_count >= 0),
  -- score out of 10, kept in tenths (8.7 → 87) so both adapters return a number
  score_tenths     integer     NOT NULL DEFAULT 0 CHECK (score_tenths BETWEEN 0 AND 100),
  year             integer,
  area             text        NOT NULL DEFAULT '',
  -- comma-separated labels
  tags             text        NOT NULL DEFAULT '',
  description      text        NOT NULL DEFAULT '',
  updated_at       timestamptz NOT NULL DEFAULT now(),
  uploader_uid     integer     REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX videos_category_updated_idx ON videos (category, updated_at DESC);
CREATE INDEX videos_play_count_idx ON videos (play_count DESC);
CREATE INDEX videos_uploader_idx ON videos (uploader_uid);

-- What a space page shows beyond the account (level 1–8, sex 0 female / 1 male, big-V badge).
CREATE TABLE user_profiles (
  user_id   integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  level     integer NOT NULL DEFAULT 1,
  sex       integer NOT NULL DEFAULT 1,
  introduce text    NOT NULL DEFAULT '',
  big_v     boolean NOT NULL DEFAULT false
);

CREATE TABLE play_records (
  user_id          integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id         integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  progress_seconds integer     NOT NULL DEFAULT 0,
  played_at        timestamptz NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX play_records_user_idx ON play_records (user_id, played_at DESC);

CREATE TABLE collections (
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id   integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX collections_user_idx ON collections (user_id, created_at DESC);
