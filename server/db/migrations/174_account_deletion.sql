-- Deleted accounts (issue 22): the row stays (its posts and comments keep their author, shown as 已注销用户); the
-- name stays reserved for 30 days after deleted_at, then a new registration may take it.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
