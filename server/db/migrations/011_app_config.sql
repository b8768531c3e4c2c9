-- Global configuration the app reads at start (GET /api/home/GetConfig): key/value entries, structured
-- values stored as JSON text (GoogleMap carries {"key": "..."}).
CREATE TABLE app_config (
  key        text        PRIMARY KEY,
  value      text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
