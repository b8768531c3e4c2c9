-- Password recoveries (issue 22): a ticket per started recovery, after an image captcha. uid is null for an account
-- that does not exist (the answers look the same). A ticket is good for 30 minutes; its code checked, it may set a
-- new password once.
CREATE TABLE password_recoveries (
  id          text        PRIMARY KEY,
  uid         integer     REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  verified_at timestamptz,
  used_at     timestamptz
);
CREATE INDEX password_recoveries_expires_at ON password_recoveries (expires_at);
