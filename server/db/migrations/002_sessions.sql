-- Login sessions. token is the random session id handed to the client inside its token object;
-- expire is in unix seconds, exactly as signed.
CREATE TABLE sessions (
  token      text        PRIMARY KEY,
  uid        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expire     bigint      NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE INDEX sessions_uid_idx ON sessions (uid);
