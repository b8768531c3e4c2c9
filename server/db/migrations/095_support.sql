-- Play feedback (GET /api/user/ProblemCollect), suggestions (GET /api/User/AddSuggestion) and the app releases the
-- download page offers (GET /api/home/GetDownloadUrl). uid is null for a visitor, device_id the visitor's DeviceId.
CREATE TABLE play_feedback (
  id          serial PRIMARY KEY,
  uid         integer     REFERENCES users (id) ON DELETE SET NULL,
  device_id   text        NOT NULL DEFAULT '',
  ip          text        NOT NULL DEFAULT '',
  gid         text        NOT NULL DEFAULT '',
  name        text        NOT NULL DEFAULT '',
  video_title text        NOT NULL DEFAULT '',
  set_name    text        NOT NULL,
  browser     text        NOT NULL DEFAULT '',
  question    text        NOT NULL,
  description text        NOT NULL DEFAULT '',
  from_app    text        NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX play_feedback_ip_idx ON play_feedback (ip, created_at);

CREATE TABLE suggestions (
  id         serial PRIMARY KEY,
  uid        integer     REFERENCES users (id) ON DELETE SET NULL,
  device_id  text        NOT NULL DEFAULT '',
  ip         text        NOT NULL DEFAULT '',
  content    text        NOT NULL,
  contact    text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX suggestions_ip_idx ON suggestions (ip, created_at);

-- One row per platform (android, iPhone, iPad, PC, Mac, TV). An empty url means "served by this server" for
-- android (/download/qiyu-<version>.apk) and "not offered" for the others.
CREATE TABLE app_releases (
  platform   text        PRIMARY KEY,
  version    text        NOT NULL DEFAULT '',
  url        text        NOT NULL DEFAULT '',
  memo       text        NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);
