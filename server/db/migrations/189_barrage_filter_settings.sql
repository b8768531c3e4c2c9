-- Barrage filters in each viewer's barrage settings (src/core/playback/barrage-config.ts): merging identical
-- barrages, density (the share shown) and the types blocked.
ALTER TABLE barrage_configs
  ADD COLUMN merge          boolean NOT NULL DEFAULT true,
  -- the share of barrages shown in tenths (1 to 10)
  ADD COLUMN density_tenths integer NOT NULL DEFAULT 10 CHECK (density_tenths BETWEEN 1 AND 10),
  ADD COLUMN block_scroll   boolean NOT NULL DEFAULT false,
  ADD COLUMN block_top      boolean NOT NULL DEFAULT false,
  ADD COLUMN block_bottom   boolean NOT NULL DEFAULT false,
  ADD COLUMN block_color    boolean NOT NULL DEFAULT false;
