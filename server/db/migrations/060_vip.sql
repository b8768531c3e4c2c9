-- VIP catalogue, pay types, sale restrictions, customer service and orders (issue 5).
-- Money is stored in minor units: euro cents (price) and fen (rmb).

-- A category is a VIP type: vip_level is its rank (a higher rank is a higher type, used for
-- upgrades). grant_category_id names the VIP type a category grants when it is not itself (the
-- bargain category sells gold VIP time).
CREATE TABLE vip_categories (
  id                integer PRIMARY KEY,
  name              text    NOT NULL,
  style_type        integer NOT NULL DEFAULT 0,
  vip_level         integer NOT NULL CHECK (vip_level > 0),
  vip_type_name     text    NOT NULL,
  grant_category_id integer REFERENCES vip_categories (id),
  sort              integer NOT NULL DEFAULT 0
);

CREATE TABLE vip_packages (
  id             integer PRIMARY KEY,
  category_id    integer NOT NULL REFERENCES vip_categories (id),
  name           text    NOT NULL,
  validity_days  integer NOT NULL CHECK (validity_days > 0),
  gift_days      integer NOT NULL DEFAULT 0 CHECK (gift_days >= 0),
  price_cents    integer NOT NULL CHECK (price_cents > 0),
  rmb_fen        integer NOT NULL CHECK (rmb_fen > 0),
  disprice_cents integer CHECK (disprice_cents > 0),
  disrmb_fen     integer CHECK (disrmb_fen > 0),
  type           integer NOT NULL DEFAULT 0,
  bargain        boolean NOT NULL DEFAULT false,
  menber_count   integer NOT NULL DEFAULT 0,
  tags           jsonb   NOT NULL DEFAULT '[]'::jsonb,
  sort           integer NOT NULL DEFAULT 0,
  on_sale        boolean NOT NULL DEFAULT true
);
CREATE INDEX vip_packages_category ON vip_packages (category_id, sort);

CREATE TABLE vip_promotions (
  package_id     integer NOT NULL REFERENCES vip_packages (id),
  promotion_code text    NOT NULL,
  title          text    NOT NULL,
  PRIMARY KEY (package_id, promotion_code)
);

-- Pay types offered for a category; region NULL means every region.
CREATE TABLE vip_pay_types (
  id          serial  PRIMARY KEY,
  category_id integer NOT NULL REFERENCES vip_categories (id),
  pay_type    integer NOT NULL,
  title       text    NOT NULL,
  img         text    NOT NULL,
  region      text,
  sort        integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX vip_pay_types_key ON vip_pay_types (category_id, pay_type, coalesce(region, ''));

-- Regions where VIP sale is closed: GetVipPayType and every order call answer 7003 with message.
CREATE TABLE vip_sale_closed_regions (
  region  text PRIMARY KEY,
  message text NOT NULL
);

-- Customer-service accounts for manual payment (payType 3); region NULL serves every region.
CREATE TABLE vip_customer_service (
  user_id integer PRIMARY KEY REFERENCES users (id),
  region  text
);

CREATE TABLE vip_orders (
  id               text        PRIMARY KEY,
  payer_id         integer     NOT NULL REFERENCES users (id),
  to_uid           integer     NOT NULL REFERENCES users (id),
  package_id       integer     NOT NULL REFERENCES vip_packages (id),
  category_id      integer     NOT NULL REFERENCES vip_categories (id),
  pay_type         integer     NOT NULL,
  sys_name         text        NOT NULL DEFAULT '',
  region           text        NOT NULL,
  amount_cents     integer     NOT NULL CHECK (amount_cents > 0),
  amount_rmb_fen   integer     NOT NULL CHECK (amount_rmb_fen > 0),
  days             integer     NOT NULL CHECK (days > 0),
  promotions       jsonb       NOT NULL DEFAULT '[]'::jsonb,
  refer            text        NOT NULL DEFAULT '',
  status           text        NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'cancelled', 'expired')),
  idempotency_key  text        NOT NULL,
  provider_ref     text,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  closed_at        timestamptz,
  vip_expire_after timestamptz,
  UNIQUE (payer_id, idempotency_key)
);
CREATE INDEX vip_orders_payer ON vip_orders (payer_id, created_at DESC);
