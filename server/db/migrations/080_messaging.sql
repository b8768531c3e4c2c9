-- Private messages between users, follows, blocks and user reports.
-- A message id is its delivery order: clients remember the last id they saw and ask for newer ones.
CREATE TABLE private_messages (
  id           bigserial   PRIMARY KEY,
  from_uid     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_uid       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 0 a normal text message; 1 an order note (customer-service chat); 2 an automatic notice.
  type         integer     NOT NULL DEFAULT 0,
  content      text        NOT NULL,
  -- The sender's own id for the message: a retried send with the same client_id is the same message.
  client_id    text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  read_at      timestamptz,
  CHECK (from_uid <> to_uid)
);

CREATE UNIQUE INDEX private_messages_client_id_key ON private_messages (from_uid, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX private_messages_pair_idx ON private_messages (least(from_uid, to_uid), greatest(from_uid, to_uid), id);
CREATE INDEX private_messages_to_idx ON private_messages (to_uid, id);
CREATE INDEX private_messages_from_idx ON private_messages (from_uid, id);
CREATE INDEX private_messages_unread_idx ON private_messages (to_uid, from_uid) WHERE read_at IS NULL;

CREATE TABLE user_follows (
  follower_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_uid, followed_uid),
  CHECK (follower_uid <> followed_uid)
);

CREATE INDEX user_follows_followed_idx ON user_follows (followed_uid, created_at);

CREATE TABLE user_blocks (
  blocker_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_uid, blocked_uid),
  CHECK (blocker_uid <> blocked_uid)
);

CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_uid);

CREATE TABLE user_reports (
  id           serial      PRIMARY KEY,
  reporter_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reported_uid integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason       text        NOT NULL,
  content      text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX user_reports_reported_idx ON user_reports (reported_uid, created_at);
