-- Polls (投票) attached to a post or to a video by its owner, their options and the votes cast (one per user).
CREATE TABLE polls (
  id         serial      PRIMARY KEY,
  owner_id   integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Exactly one of post_id and video_id: what the poll is attached to.
  post_id    integer     REFERENCES posts (id) ON DELETE CASCADE,
  video_id   integer     REFERENCES videos (id) ON DELETE CASCADE,
  question   text        NOT NULL,
  multiple   boolean     NOT NULL DEFAULT false,
  -- When it ends; ending early moves it to that moment.
  ends_at    timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK ((post_id IS NULL) <> (video_id IS NULL))
);

-- One poll per post and per video.
CREATE UNIQUE INDEX polls_post_idx ON polls (post_id) WHERE post_id IS NOT NULL;
CREATE UNIQUE INDEX polls_video_idx ON polls (video_id) WHERE video_id IS NOT NULL;
CREATE INDEX polls_owner_idx ON polls (owner_id, created_at DESC, id DESC);

CREATE TABLE poll_options (
  poll_id  integer  NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  -- 1-based, in the order the owner wrote them: the option's id on the wire.
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 10),
  text     text     NOT NULL,
  PRIMARY KEY (poll_id, position),
  UNIQUE (poll_id, text)
);

-- One ballot per user and poll (the key makes a second or parallel VoteLike a no-op); the options chosen.
CREATE TABLE poll_ballots (
  poll_id    integer     NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  options    smallint[]  NOT NULL CHECK (cardinality(options) BETWEEN 1 AND 10),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (poll_id, user_id)
);
