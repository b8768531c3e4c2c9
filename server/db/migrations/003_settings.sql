-- Server-wide key/value settings (for example the generated session secret).
CREATE TABLE settings (
  key        text        PRIMARY KEY,
  value      text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
