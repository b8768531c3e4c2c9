-- The task centre (/taskCenter, /newHandTask): each user's time zone (daily tasks reset at midnight there), the
-- watch time counted per day from AddPlayRecord and UpdTask reports, and the rewards claimed. A task's progress is
-- read from the tables the other features write (sign_ins, barrages, video_comments, video_shares, posts,
-- user_follows, users); only watch time has a table of its own.

-- utc_offset: minutes east of UTC the app last reported (480 China) — a change counts at most once a day
-- (offset_changed_at), so hopping zones cannot open a new day early more than once. last_watch_at: the last watch
-- report (AddPlayRecord or UpdTask), which caps the next one's credit to the real time since.
CREATE TABLE task_profiles (
  user_id           integer     PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  utc_offset        smallint    NOT NULL DEFAULT 480 CHECK (utc_offset BETWEEN -720 AND 840 AND utc_offset % 15 = 0),
  offset_changed_at timestamptz,
  last_watch_at     timestamptz
);

-- Seconds watched per user and day (days since 1970-01-01 in the user's zone).
CREATE TABLE task_watch_days (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day     integer NOT NULL,
  seconds integer NOT NULL DEFAULT 0 CHECK (seconds >= 0),
  PRIMARY KEY (user_id, day)
);

-- One claim per user, task and day (day 0 for a one-time new-user task): the key makes a second claim impossible,
-- however many arrive at once.
CREATE TABLE task_claims (
  user_id    integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  task       text        NOT NULL,
  day        integer     NOT NULL,
  experience integer     NOT NULL CHECK (experience >= 0),
  gold       integer     NOT NULL CHECK (gold >= 0),
  claimed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, task, day)
);
