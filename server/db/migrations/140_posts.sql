-- Video posts (dynamics): labels, places, chunked video uploads and the posts made of them.

-- The labels a post may carry (GetLabel), in display order.
CREATE TABLE post_labels (
  id   serial  PRIMARY KEY,
  name text    NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 0
);

-- The reference server's place search (SearchPlace). Posts keep a copy of the place they were tagged with,
-- so a place from another provider (Google) needs no row here.
CREATE TABLE places (
  id      text             PRIMARY KEY,
  name    text             NOT NULL,
  address text             NOT NULL,
  city    text             NOT NULL DEFAULT '',
  lat     double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng     double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  sort    integer          NOT NULL DEFAULT 0
);

-- The video id CreateVideoFile reserves for an upload (answered as `id`, sent back as SaveVideo's ID).
CREATE SEQUENCE post_video_id_seq;

-- One chunked upload (CreateVideoFile): its id is the `lid`. The chunks live as files under UPLOAD_DIR until the
-- last arrives; then the video is assembled into UPLOAD_DIR/videos/xw-<unique_file_name>.<extension>.
CREATE TABLE video_uploads (
  id               serial      PRIMARY KEY,
  video_id         integer     NOT NULL UNIQUE DEFAULT nextval('post_video_id_seq'),
  user_id          integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Server-made token [A-Za-z0-9_-]{8,64}: names the chunk folder, the video file and the cover file.
  unique_file_name text        NOT NULL UNIQUE,
  -- The name the file had on the device (checked, shown nowhere, never used as a path).
  original_name    text        NOT NULL,
  file_size        bigint      NOT NULL CHECK (file_size > 0),
  chunks           integer     NOT NULL CHECK (chunks > 0),
  -- Seconds, as the device measured it.
  duration         integer     NOT NULL CHECK (duration >= 0),
  -- mp4, mov, webm or mkv, from the first chunk's bytes ('' until chunk 1 arrived).
  extension        text        NOT NULL DEFAULT '',
  completed_at     timestamptz,
  -- SaveVideo: the video's description, labels and category.
  saved_at         timestamptz,
  contxt           text        NOT NULL DEFAULT '',
  label_ids        integer[]   NOT NULL DEFAULT '{}',
  category         text        NOT NULL DEFAULT '',
  -- /media/uploads/covers/<unique_file_name>.<jpg|png|webp> once UploadCover completed, else ''.
  cover_path       text        NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL
);

CREATE INDEX video_uploads_user_idx ON video_uploads (user_id, created_at);

CREATE TABLE posts (
  id         serial      PRIMARY KEY,
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- One post per uploaded video; deleting the post deletes the upload (and its files).
  upload_id  integer     NOT NULL UNIQUE REFERENCES video_uploads (id) ON DELETE CASCADE,
  contxt     text        NOT NULL DEFAULT '',
  label_ids  integer[]   NOT NULL DEFAULT '{}',
  -- The place as chosen: {id, name, address, lat, lng}, or NULL.
  location   jsonb,
  cover      text        NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);

CREATE INDEX posts_user_idx ON posts (user_id, created_at DESC, id DESC);
CREATE INDEX posts_created_idx ON posts (created_at DESC, id DESC);

-- When the user last listed the posts of the users they follow (ListTrends scope=follow): posts after it are
-- the user's newWorks.
CREATE TABLE post_feed_seen (
  user_id integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL
);

-- The old placeholder maps key made the app call Google with a key Google refuses: an empty key lets the app use
-- the server's place search (GOOGLE_MAPS_KEY still supplies a real one).
UPDATE app_config SET value = '{"key":""}' WHERE key = 'GoogleMap' AND value = '{"key":"local-demo-maps-key"}';
