-- Visit statistics (the app's statistics call, GET /api/home/AccessStatistics?cineam=1): one row per China day
-- (UTC+8) and visitor. A visitor is the logged-in user ('u:<id>'), else the device id the app sends ('d:<DeviceId>'),
-- else the client address ('ip:<address>'). hits counts every call of that visitor on that day.
-- The operator's per-day figures:
--   SELECT day, count(*) AS visitors, sum(hits) AS visits, count(user_id) AS users
--   FROM access_visits GROUP BY day ORDER BY day DESC;
CREATE TABLE access_visits (
  day      date        NOT NULL,
  visitor  text        NOT NULL,
  user_id  integer     REFERENCES users (id) ON DELETE SET NULL,
  hits     integer     NOT NULL DEFAULT 1 CHECK (hits >= 1),
  first_at timestamptz NOT NULL,
  last_at  timestamptz NOT NULL,
  PRIMARY KEY (day, visitor)
);
