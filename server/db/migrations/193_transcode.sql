-- Ingest (issue 33): source videos an operator uploads from the console in chunks, and one transcoding job per
-- whole source. The queue is this table: a worker claims the oldest queued job with FOR UPDATE SKIP LOCKED, beats
-- a heartbeat while it runs, and a job whose heartbeat stopped (its process died) is queued again or failed.
CREATE TABLE media_sources (
  id          serial      PRIMARY KEY,
  operator_id integer     NOT NULL REFERENCES operators (id),
  -- as the operator's computer named it: shown, never used as a path
  file_name   text        NOT NULL,
  size_bytes  bigint      NOT NULL CHECK (size_bytes > 0),
  chunk_count integer     NOT NULL CHECK (chunk_count > 0),
  -- uploading: chunks arriving; whole: assembled and checked; removed: its file is gone (cancelled job)
  state       text        NOT NULL DEFAULT 'uploading' CHECK (state IN ('uploading', 'whole', 'removed')),
  -- the container read from the content once whole: mp4, mov, mkv, webm
  container   text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX media_sources_resume_idx ON media_sources (operator_id, file_name, size_bytes) WHERE state = 'uploading';

CREATE TABLE media_source_chunks (
  source_id  integer NOT NULL REFERENCES media_sources (id) ON DELETE CASCADE,
  chunk      integer NOT NULL CHECK (chunk >= 1),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  PRIMARY KEY (source_id, chunk)
);

CREATE TABLE transcode_jobs (
  id               serial      PRIMARY KEY,
  source_id        integer     NOT NULL UNIQUE REFERENCES media_sources (id),
  -- the output folder's name in the renditions store (master.m3u8, <rung>/index.m3u8, poster.jpg, thumbnails)
  media_key        text        NOT NULL UNIQUE,
  state            text        NOT NULL DEFAULT 'queued'
                   CHECK (state IN ('queued', 'probing', 'transcoding', 'ready', 'failed', 'cancelled')),
  percent          integer     NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  error            text        NOT NULL DEFAULT '',
  -- the last lines of ffmpeg's error output when it failed
  error_tail       text        NOT NULL DEFAULT '',
  -- times a worker claimed it (a job whose worker died is queued again up to a limit)
  attempts         integer     NOT NULL DEFAULT 0,
  worker           text,
  heartbeat_at     timestamptz,
  duration_ms      integer,
  width            integer,
  height           integer,
  -- the renditions made, highest first: '1080p,720p,…'
  rungs            text        NOT NULL DEFAULT '',
  output_bytes     bigint      NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX transcode_jobs_queued_idx ON transcode_jobs (id) WHERE state = 'queued';
CREATE INDEX transcode_jobs_running_idx ON transcode_jobs (heartbeat_at) WHERE state IN ('probing', 'transcoding');
CREATE INDEX transcode_jobs_created_idx ON transcode_jobs (created_at DESC, id DESC);
