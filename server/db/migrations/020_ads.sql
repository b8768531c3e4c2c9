-- Advertisements (spec: ad data). position is the list an ad answers in: kaiping (start ad),
-- zanting (pause), chaBo (insert) or danmu (barrage); ad_type is the number the client's typeList names.
CREATE TABLE ads (
  id          serial      PRIMARY KEY,
  ad_type     smallint    NOT NULL,
  position    text        NOT NULL CHECK (position IN ('kaiping', 'zanting', 'chaBo', 'danmu')),
  show_url    text        NOT NULL,
  link_url    text        NOT NULL DEFAULT '',
  app_param   jsonb       NOT NULL DEFAULT '{}'::jsonb,
  -- Only for this region (two-letter code); NULL for every region.
  region      text,
  -- Only while playing this video; NULL for every video.
  media_key   text,
  sort        integer     NOT NULL DEFAULT 0,
  enabled     boolean     NOT NULL DEFAULT true,
  view_count  bigint      NOT NULL DEFAULT 0,
  -- Stable name of a seeded ad, so seeding stays idempotent.
  seed_key    text        UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ads_position_idx ON ads (position, sort, id) WHERE enabled;
