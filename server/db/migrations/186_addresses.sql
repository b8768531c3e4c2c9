-- Delivery addresses (/choseAddress, /addAddress): at most 20 per account, at most one default (the first saved
-- is the default; deleting the default passes it to the newest left).
CREATE TABLE addresses (
  id          serial      PRIMARY KEY,
  user_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text        NOT NULL,
  phone       text        NOT NULL,
  region      text        NOT NULL,
  detail      text        NOT NULL,
  is_default  boolean     NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX addresses_user_idx ON addresses (user_id, id DESC);
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default;

-- A package that ships a gift names it ('' ships nothing): its orders need a delivery address, kept on the order
-- as it was when ordered (a later edit or deletion of the address does not change where the gift went).
ALTER TABLE vip_packages ADD COLUMN gift_item text NOT NULL DEFAULT '';
ALTER TABLE vip_orders ADD COLUMN shipping_address jsonb;
