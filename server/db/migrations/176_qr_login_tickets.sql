-- QR-code sign-in (account security's last part): a ticket per QR code a big screen shows. id travels in the code
-- (the phone sees it); watch_hash is the SHA-256 of the screen's own secret, which alone fetches the session and
-- follows the ticket over the socket. device and place describe the screen as sessions.device/place do. A ticket is
-- good for 2 minutes; uid is the account that scanned it (only it may confirm or cancel); claimed_at is set once the
-- screen took the session a confirmation opened (once only).
CREATE TABLE qr_login_tickets (
  id           text        PRIMARY KEY,
  watch_hash   text        NOT NULL,
  state        text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'scanned', 'confirmed', 'cancelled', 'expired')),
  device       text        NOT NULL DEFAULT '',
  place        text        NOT NULL DEFAULT '',
  address      text        NOT NULL DEFAULT '',
  uid          integer     REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  confirmed_at timestamptz,
  claimed_at   timestamptz
);
CREATE INDEX qr_login_tickets_expires_at ON qr_login_tickets (expires_at);
