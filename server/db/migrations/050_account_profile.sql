-- Profile fields edited on /editInfo and what daily sign-in earns.
-- gender: 0 female, 1 male, NULL not given. experience decides the level (1 to 8); gold is the coin balance.
ALTER TABLE users ADD COLUMN gender       smallint CHECK (gender IN (0, 1));
ALTER TABLE users ADD COLUMN introduction text     NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN experience   integer  NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN gold         integer  NOT NULL DEFAULT 0;

-- Per-user app settings (/settings); a user without a row has the defaults.
CREATE TABLE user_settings (
  uid                         integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enable_notify               boolean     NOT NULL DEFAULT true,
  only_receive_friend_message boolean     NOT NULL DEFAULT false,
  auto_play_when_wwan         boolean     NOT NULL DEFAULT false,
  danmu_open                  boolean     NOT NULL DEFAULT true,
  updated_at                  timestamptz NOT NULL DEFAULT now()
);

-- Daily sign-ins. day is the China (Asia/Shanghai) calendar day as days since 1970-01-01;
-- the primary key allows one sign-in per user and day.
CREATE TABLE sign_ins (
  uid        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day        integer     NOT NULL,
  streak     integer     NOT NULL,
  reward     integer     NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, day)
);
