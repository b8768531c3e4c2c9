-- Image captchas (GET /api/Captcha/Get): the answer to each picture, good once and for a few minutes. Kept in the
-- database so every server process sharing it agrees; expired rows are deleted as new captchas are made.
CREATE TABLE captchas (
  id         text        PRIMARY KEY,
  answer     text        NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captchas_expires_at ON captchas (expires_at);
