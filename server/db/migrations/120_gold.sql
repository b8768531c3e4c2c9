-- Gold (the in-app coin, users.gold): video prices, unlocks and the ledger of every balance change.
-- gold_price is the price in gold of a paid video (0 = free); a paid series is one video, so one
-- unlock opens all its episodes.
ALTER TABLE videos ADD COLUMN gold_price integer NOT NULL DEFAULT 0 CHECK (gold_price >= 0);
CREATE INDEX videos_paid_idx ON videos (id) WHERE gold_price > 0;

-- The balance never goes below zero (a debit is a conditional UPDATE; this is the last guard).
ALTER TABLE users ADD CONSTRAINT users_gold_not_negative CHECK (gold >= 0);

-- One row per user and video they unlocked; the unique key makes a second payment impossible.
CREATE TABLE gold_purchases (
  id         serial      PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id   integer     NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  price      integer     NOT NULL CHECK (price > 0),
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, video_id)
);

-- Every change of users.gold: the signed amount, the balance right after it, why, and when.
-- reason: 'sign_in' (daily sign-in reward), 'unlock' (a video bought, video_id set), 'grant' (given by the house).
CREATE TABLE gold_ledger (
  id            serial      PRIMARY KEY,
  user_id       integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount        integer     NOT NULL CHECK (amount <> 0),
  balance_after integer     NOT NULL CHECK (balance_after >= 0),
  reason        text        NOT NULL CHECK (reason IN ('sign_in', 'unlock', 'grant')),
  video_id      integer     REFERENCES videos (id) ON DELETE SET NULL,
  note          text        NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL
);
CREATE INDEX gold_ledger_user_idx ON gold_ledger (user_id, created_at DESC, id DESC);

-- Play ads (pause, inserted, barrage): a text (the barrage ad's words, a caption for the others) and a
-- third-party tracking address the client GETs once per showing ('' for none).
ALTER TABLE ads ADD COLUMN title        text   NOT NULL DEFAULT '';
ALTER TABLE ads ADD COLUMN tracking_url text   NOT NULL DEFAULT '';
ALTER TABLE ads ADD COLUMN track_count  bigint NOT NULL DEFAULT 0;
