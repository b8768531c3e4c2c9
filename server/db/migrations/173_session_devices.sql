-- Signed-in devices (issue 22): what each session signed in from (a description of the device and browser, and the
-- approximate place: the region of the address), and when it was last used (kept to within 10 minutes).
ALTER TABLE sessions ADD COLUMN device text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN place text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
