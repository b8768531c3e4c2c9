-- Proofs that a signed-in user just typed the account's password (/verifyPassword, issue 22): binding or changing
-- an email or phone sends one. Good for 10 minutes, for that account only.
CREATE TABLE password_proofs (
  id         text        PRIMARY KEY,
  uid        integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_proofs_expires_at ON password_proofs (expires_at);
