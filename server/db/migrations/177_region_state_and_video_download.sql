-- The user's region inside their country (/countryStateList): the ISO 3166-2 subdivision's own part (GD for
-- CN-GD 广东省), only for a country with a region list (src/core/region/region-states.ts); NULL when none chosen.
ALTER TABLE users ADD COLUMN region_state text CHECK (region_state ~ '^[A-Z0-9]{1,3}$');

-- Whether the operator allows a video to be downloaded (AppDownload, /playDownload); allowed unless turned off.
ALTER TABLE videos ADD COLUMN download_allowed boolean NOT NULL DEFAULT true;
