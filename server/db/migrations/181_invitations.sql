-- Invitations (邀请好友): every account's personal invitation code, made when first asked for (6 characters of
-- A-Z and 2-9 without I, O, 0 and 1, stored upper-case, unique), and one row per account that entered a code.
ALTER TABLE users ADD COLUMN invite_code text;
CREATE UNIQUE INDEX users_invite_code_key ON users (invite_code) WHERE invite_code IS NOT NULL;

-- The unique invitee makes a second entry impossible, however many arrive at once; nobody invites themselves.
-- inviter_reward is the gold the inviter got for this invitee (0 past the inviter's daily limit),
-- invitee_reward the gold the new account got.
CREATE TABLE invitations (
  id             serial      PRIMARY KEY,
  inviter_id     integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invitee_id     integer     NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  code           text        NOT NULL,
  inviter_reward integer     NOT NULL CHECK (inviter_reward >= 0),
  invitee_reward integer     NOT NULL CHECK (invitee_reward >= 0),
  created_at     timestamptz NOT NULL,
  CHECK (inviter_id <> invitee_id)
);
CREATE INDEX invitations_inviter_idx ON invitations (inviter_id, created_at DESC, id DESC);
