-- Playback: which demo clip plays a video, how many episodes it has and where its opening and
-- closing titles are (seconds inside the 20 s clip), and the episode each play record is at.
-- A video without a row plays with defaults derived from its category (server/playback/playback-media.ts).
CREATE TABLE video_media (
  video_id      integer PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  -- 'clip-a' | 'clip-b' | 'clip-c' (HLS), 'clip-d.mp4' (MP4); live channels loop an HLS clip
  clip          text    NOT NULL,
  live          boolean NOT NULL DEFAULT false,
  episode_count integer NOT NULL DEFAULT 1 CHECK (episode_count BETWEEN 1 AND 1000),
  intro_end     integer NOT NULL DEFAULT 0 CHECK (intro_end >= 0),
  outro_start   integer NOT NULL DEFAULT 0 CHECK (outro_start >= 0)
);

ALTER TABLE play_records ADD COLUMN episode integer NOT NULL DEFAULT 1 CHECK (episode >= 1);
