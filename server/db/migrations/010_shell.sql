-- System messages (the account tab's red dot counts the unread ones) and recharge activities
-- (the VIP tab shows the running one).
CREATE TABLE system_messages (
  id         serial PRIMARY KEY,
  uid        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title      text        NOT NULL,
  content    text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at    timestamptz
);

CREATE INDEX system_messages_unread_idx ON system_messages (uid) WHERE read_at IS NULL;

-- type: 0 share, 1 bargain. A row runs while status = 1 and now is inside [starts_at, ends_at)
-- (a null bound is open).
CREATE TABLE recharge_activities (
  id            serial PRIMARY KEY,
  title         text        NOT NULL,
  type          integer     NOT NULL CHECK (type IN (0, 1)),
  status        integer     NOT NULL DEFAULT 1,
  activity_rule text        NOT NULL DEFAULT '',
  starts_at     timestamptz,
  ends_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
