-- Bargain (price-cut) and share-to-discount activities (issue 6). Money in euro cents.

-- The share activity's texts and the discount it grants (once per user and activity).
ALTER TABLE recharge_activities
  ADD COLUMN qr_code_title        text    NOT NULL DEFAULT '分享好友，领取充值优惠',
  ADD COLUMN qr_code_remark       text    NOT NULL DEFAULT '复制文案分享给好友后返回本页确认',
  ADD COLUMN share_text           text    NOT NULL DEFAULT '我在奇遇视频发现了超多好看的视频，快来一起看吧！',
  ADD COLUMN share_discount_cents integer NOT NULL DEFAULT 100 CHECK (share_discount_cents >= 0);

-- A user's bargain on one bargain package. status: active, abandoned, claimed (free), bought, expired.
CREATE TABLE vip_bargains (
  key               text        PRIMARY KEY,
  owner_id          integer     NOT NULL REFERENCES users (id),
  package_id        integer     NOT NULL REFERENCES vip_packages (id),
  start_price_cents integer     NOT NULL CHECK (start_price_cents > 0),
  price_cents       integer     NOT NULL CHECK (price_cents >= 0),
  status            text        NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'abandoned', 'claimed', 'bought', 'expired')),
  created_at        timestamptz NOT NULL,
  end_at            timestamptz NOT NULL,
  closed_at         timestamptz,
  order_id          text
);
-- At most one running bargain per user (joining twice is refused).
CREATE UNIQUE INDEX vip_bargains_one_active ON vip_bargains (owner_id) WHERE status = 'active';

-- One cut per helper and bargain.
CREATE TABLE vip_bargain_helps (
  bargain_key text        NOT NULL REFERENCES vip_bargains (key),
  helper_id   integer     NOT NULL REFERENCES users (id),
  cut_cents   integer     NOT NULL CHECK (cut_cents >= 0),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (bargain_key, helper_id)
);

-- The share discount: granted once per user and activity, used by at most one paid order.
CREATE TABLE vip_share_grants (
  user_id        integer     NOT NULL REFERENCES users (id),
  activity_id    integer     NOT NULL REFERENCES recharge_activities (id),
  discount_cents integer     NOT NULL CHECK (discount_cents >= 0),
  granted_at     timestamptz NOT NULL,
  used_order_id  text,
  PRIMARY KEY (user_id, activity_id)
);

-- An order at a bargained price or with the share discount names what it used.
ALTER TABLE vip_orders
  ADD COLUMN bargain_key       text,
  ADD COLUMN share_activity_id integer;
