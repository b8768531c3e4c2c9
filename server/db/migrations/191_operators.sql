-- Operators of the console (/admin), apart from the app's users: a name, a role, an argon2id password hash; a
-- disabled operator cannot sign in. Their sessions are kept by the SHA-256 of the token, never the token itself.
CREATE TABLE operators (
  id            serial      PRIMARY KEY,
  name          text        NOT NULL UNIQUE,
  role          text        NOT NULL CHECK (role IN ('owner', 'editor', 'moderator', 'finance')),
  password_hash text        NOT NULL,
  disabled      boolean     NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL
);

CREATE TABLE operator_sessions (
  id           serial      PRIMARY KEY,
  operator_id  integer     NOT NULL REFERENCES operators (id),
  token_hash   text        NOT NULL UNIQUE,
  user_agent   text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id) WHERE ended_at IS NULL;

-- Every change made in the console or by the operator command: who (an operator, or none for the command line, with
-- the name shown), when, what (an action and its target) and the record before and after (null where there is none).
CREATE TABLE audit_log (
  id          bigserial   PRIMARY KEY,
  operator_id integer     REFERENCES operators (id),
  actor       text        NOT NULL,
  at          timestamptz NOT NULL,
  action      text        NOT NULL,
  target      text        NOT NULL,
  before      jsonb,
  after       jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, at DESC);
