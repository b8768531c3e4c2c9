-- Accounts. user_name keeps the spelling given at registration (userNameRaw) and is unique
-- without regard to case.
CREATE TABLE users (
  id              serial PRIMARY KEY,
  user_name       text        NOT NULL,
  password_hash   text        NOT NULL,
  nick_name       text        NOT NULL,
  avatar          text        NOT NULL DEFAULT '/assets/avatar-default.svg',
  vip_level       integer     NOT NULL DEFAULT 0,
  vip_category_id integer     NOT NULL DEFAULT 0,
  vip_type_name   text        NOT NULL DEFAULT '',
  vip_expire      timestamptz,
  email           text        NOT NULL DEFAULT '',
  phone           text        NOT NULL DEFAULT '',
  area_code       text        NOT NULL DEFAULT '',
  region          text,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_user_name_lower_key ON users (lower(user_name));
