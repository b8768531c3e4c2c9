-- Redeem codes (兑换VIP, /exchangeVip and /selectPack) and the VIP time ledger behind 开通记录 (/openVipRecords).

-- A redeem code grants one package's VIP days once. Only the SHA-256 digest of the normalised code is kept (a copy of
-- the table gives away no unused code); `hint` is its last 4 characters, shown in the owner's records.
-- A code allowing several packages (a choice code) lets the redeemer pick one of them (/selectPack).
CREATE TABLE vip_redeem_codes (
  id          bigserial   PRIMARY KEY,
  digest      text        NOT NULL UNIQUE,
  hint        text        NOT NULL,
  expires_at  timestamptz,
  created_at  timestamptz NOT NULL,
  redeemed_by integer     REFERENCES users (id),
  redeemed_at timestamptz,
  package_id  integer     REFERENCES vip_packages (id),
  CHECK ((redeemed_by IS NULL) = (redeemed_at IS NULL) AND (redeemed_by IS NULL) = (package_id IS NULL))
);
CREATE INDEX vip_redeem_codes_redeemer ON vip_redeem_codes (redeemed_by, redeemed_at DESC) WHERE redeemed_by IS NOT NULL;

CREATE TABLE vip_redeem_code_packages (
  code_id    bigint  NOT NULL REFERENCES vip_redeem_codes (id) ON DELETE CASCADE,
  package_id integer NOT NULL REFERENCES vip_packages (id),
  PRIMARY KEY (code_id, package_id)
);

-- Every change of a user's VIP time from now on (server/vip/vip-time-ledger.ts, written by creditVip in the same
-- transaction): why (a paid order, a bargain claimed free, a redeemed code), what it names, the days and the expiry
-- it led to. Orders keep their own vip_expire_after; the ledger gives the other sources theirs.
CREATE TABLE vip_time_changes (
  id           bigserial   PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users (id),
  reason       text        NOT NULL CHECK (reason IN ('order', 'bargain', 'redeem')),
  ref          text        NOT NULL,
  days         integer     NOT NULL CHECK (days > 0),
  expire_after timestamptz NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX vip_time_changes_ref ON vip_time_changes (reason, ref);
CREATE INDEX vip_time_changes_user ON vip_time_changes (user_id, created_at DESC);
