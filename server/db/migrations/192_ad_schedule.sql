-- An ad's schedule, set in the operator console (issue 33): shown from starts_at and until ends_at, where set.
ALTER TABLE ads ADD COLUMN starts_at timestamptz;
ALTER TABLE ads ADD COLUMN ends_at timestamptz;
