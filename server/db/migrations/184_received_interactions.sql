-- The message centre's 收到的赞 and 评论和回复: they are read from the tables the comment and barrage features write
-- (video_comment_likes, barrage_likes, video_comments); this adds what those do not hold: each user's read marker per
-- kind, and the users a comment mentions (@昵称, found when the comment is posted).

-- Everything of that kind that happened up to read_at counts as read (no row: nothing read yet).
CREATE TABLE interaction_reads (
  user_id integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind    text        NOT NULL CHECK (kind IN ('like', 'reply')),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- A comment or reply naming an existing user as @昵称 (server/interactions/mentions.ts); deleting either drops it.
CREATE TABLE comment_mentions (
  comment_id integer NOT NULL REFERENCES video_comments (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX comment_mentions_user_idx ON comment_mentions (user_id);

-- Replies answering a user inside a thread (回复 @nick), found by the one answered.
CREATE INDEX video_comments_reply_to_idx ON video_comments (reply_to_uid) WHERE reply_to_uid IS NOT NULL;
