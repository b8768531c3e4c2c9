-- Likes on posts (动态): one per user and post; deleting either drops it. The post's count is counted from here, and
-- the author's 收到的赞 reads it as it reads comment and barrage likes.
CREATE TABLE post_likes (
  post_id    integer     NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_likes_user_idx ON post_likes (user_id);
