/**
 * Operators' accounts: made, disabled and given a new password by the operator command (npm run admin --
 * operators …) and, later, by an owner in the console. Each change writes its audit row in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit-repository.ts';
import type { PasswordHasher } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { operatorNameProblem, operatorPasswordProblem } from '../../src/core/admin-operators/operator-rules.ts';
import { type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { endOperatorSessions, findOperatorByName, insertOperator, setOperatorDisabled, setOperatorPassword, type OperatorRecord } from './operator-repository.ts';

export interface OperatorAccountsDeps {
  db: Database;
  hasher: PasswordHasher;
  now: () => Date;
}

export type Refused = { ok: false; problem: string };

/** A new password of 16 characters (96 random bits, base64url), for an operator made or reset without one. */
function generateOperatorPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** What the audit log keeps of an operator (never a password or its hash). */
function audited(operator: OperatorRecord) {
  return { id: operator.id, name: operator.name, role: operator.role, disabled: operator.disabled };
}

export async function createOperator(
  deps: OperatorAccountsDeps,
  actor: AuditActor,
  request: { name: string; role: OperatorRole; password?: string },
): Promise<{ ok: true; operator: OperatorRecord; password: string; generated: boolean } | Refused> {
  const problem = operatorNameProblem(request.name) ?? (request.password === undefined ? null : operatorPasswordProblem(request.password));
  if (problem !== null) return { ok: false, problem };
  const password = request.password ?? generateOperatorPassword();
  const hash = await deps.hasher.hash(password);
  const at = deps.now();
  const operator = await deps.db.transaction(async (tx) => {
    const made = await insertOperator(tx, request.name, request.role, hash, at);
    if (made) await recordAudit(tx, actor, { action: 'operators.create', target: `operator:${made.id}`, before: null, after: audited(made) }, at);
    return made;
  });
  if (!operator) return { ok: false, problem: OperatorTexts.nameTaken };
  return { ok: true, operator, password, generated: request.password === undefined };
}

/** Disables the operator and ends its sessions at once. Disabling one already disabled changes nothing. */
export async function disableOperator(deps: OperatorAccountsDeps, actor: AuditActor, name: string): Promise<{ ok: true; operator: OperatorRecord; sessionsEnded: number } | Refused> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const found = await findOperatorByName(tx, name, true);
    if (!found) return { ok: false, problem: OperatorTexts.notFound };
    const before = found.operator;
    const sessionsEnded = await endOperatorSessions(tx, before.id, at);
    if (before.disabled) return { ok: true, operator: before, sessionsEnded };
    await setOperatorDisabled(tx, before.id, true);
    const after = { ...before, disabled: true };
    await recordAudit(tx, actor, { action: 'operators.disable', target: `operator:${before.id}`, before: audited(before), after: { ...audited(after), sessionsEnded } }, at);
    return { ok: true, operator: after, sessionsEnded };
  });
}

/** Gives the operator a new password (the one given, or a generated one) and ends its sessions. */
export async function resetOperatorPassword(
  deps: OperatorAccountsDeps,
  actor: AuditActor,
  name: string,
  password?: string,
): Promise<{ ok: true; operator: OperatorRecord; password: string; generated: boolean; sessionsEnded: number } | Refused> {
  const problem = password === undefined ? null : operatorPasswordProblem(password);
  if (problem !== null) return { ok: false, problem };
  const next = password ?? generateOperatorPassword();
  const hash = await deps.hasher.hash(next);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const found = await findOperatorByName(tx, name, true);
    if (!found) return { ok: false, problem: OperatorTexts.notFound };
    await setOperatorPassword(tx, found.operator.id, hash);
    const sessionsEnded = await endOperatorSessions(tx, found.operator.id, at);
    await recordAudit(tx, actor, { action: 'operators.reset-password', target: `operator:${found.operator.id}`, before: null, after: { passwordReset: true, sessionsEnded } }, at);
    return { ok: true, operator: found.operator, password: next, generated: password === undefined, sessionsEnded };
  });
}

