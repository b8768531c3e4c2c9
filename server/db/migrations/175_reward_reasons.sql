-- Rewards paid in gold by the task centre (a claimed task) and by invitations (the inviter's and the new
-- account's reward), beside the sign-in reward, unlocks and house grants.
ALTER TABLE gold_ledger DROP CONSTRAINT gold_ledger_reason_check;
ALTER TABLE gold_ledger ADD CONSTRAINT gold_ledger_reason_check CHECK (reason IN ('sign_in', 'unlock', 'grant', 'task', 'invitation'));
