-- Barrage styles (issue 24): each barrage's mode (scrolling, pinned at the top or at the bottom), colour (uppercase
-- '#RRGGBB' from the sender's palette, src/core/playback/barrage-style.ts) and size. Rows from before read as a
-- white, normal-sized scrolling barrage.
ALTER TABLE barrages ADD COLUMN mode text NOT NULL DEFAULT 'scroll' CHECK (mode IN ('scroll', 'top', 'bottom'));
ALTER TABLE barrages ADD COLUMN color text NOT NULL DEFAULT '#FFFFFF' CHECK (color ~ '^#[0-9A-F]{6}$');
ALTER TABLE barrages ADD COLUMN size text NOT NULL DEFAULT 'normal' CHECK (size IN ('small', 'normal'));
