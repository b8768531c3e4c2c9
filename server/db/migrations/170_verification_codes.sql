-- Codes sent to an email address or a phone (password recovery, binding, account deletion; issue 22). Only an HMAC
-- of the code is kept. A code is good for 10 minutes, once, for 5 wrong tries; the rows also carry the limits per
-- target and per network address (server/verification/verification-codes.ts).
CREATE TABLE verification_codes (
  id         bigserial   PRIMARY KEY,
  purpose    text        NOT NULL,
  target     text        NOT NULL,
  code_hash  text        NOT NULL,
  address    text        NOT NULL,
  sent_at    timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries      integer     NOT NULL DEFAULT 0,
  used_at    timestamptz
);
CREATE INDEX verification_codes_target ON verification_codes (target, sent_at DESC);
CREATE INDEX verification_codes_address ON verification_codes (address, sent_at DESC);
