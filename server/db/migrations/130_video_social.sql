-- Comments on videos (two levels: a comment and its replies), comment likes, a user's vote (like or dislike)
-- on a video, star ratings, shares, and each user's last posting time (the comment rate limit).
CREATE TABLE video_comments (
  id           serial      PRIMARY KEY,
  video_id     integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id      integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The top-level comment a reply belongs to (NULL for a comment); deleting a comment deletes its replies.
  parent_id    integer     REFERENCES video_comments (id) ON DELETE CASCADE,
  -- The user a reply answers (回复 @nick), NULL when it answers the comment itself.
  reply_to_uid integer     REFERENCES users (id) ON DELETE SET NULL,
  content      text        NOT NULL,
  -- The optional videoType query of Replys (the category key), kept as sent.
  video_type   text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL
);

CREATE INDEX video_comments_video_idx ON video_comments (video_id, created_at DESC, id DESC) WHERE parent_id IS NULL;
CREATE INDEX video_comments_parent_idx ON video_comments (parent_id, created_at, id);
CREATE INDEX video_comments_user_idx ON video_comments (user_id);

CREATE TABLE video_comment_likes (
  comment_id integer     NOT NULL REFERENCES video_comments (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (comment_id, user_id)
);

CREATE TABLE video_votes (
  video_id   integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 1 like, -1 dislike (no row: no vote)
  vote       smallint    NOT NULL CHECK (vote IN (1, -1)),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (video_id, user_id)
);

CREATE TABLE video_ratings (
  video_id   integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stars      smallint    NOT NULL CHECK (stars BETWEEN 1 AND 5),
  rated_at   timestamptz NOT NULL,
  PRIMARY KEY (video_id, user_id)
);

CREATE TABLE video_shares (
  id         serial      PRIMARY KEY,
  video_id   integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  -- NULL for a visitor's share
  user_id    integer     REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX video_shares_video_idx ON video_shares (video_id);

CREATE TABLE video_comment_posters (
  user_id        integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_posted_at timestamptz NOT NULL
);
