import type { Queryable } from '../db/database.ts';
import type { OperatorRole } from '../../src/core/shared-kernel/console-access.ts';

export interface OperatorRecord {
  id: number;
  name: string;
  role: OperatorRole;
  disabled: boolean;
  createdAt: Date;
}

interface OperatorRow {
  id: number;
  name: string;
  role: string;
  disabled: boolean;
  created_at: Date;
  password_hash: string;
}

const COLUMNS = 'id, name, role, disabled, created_at, password_hash';

function toOperator(row: OperatorRow): OperatorRecord {
  return { id: row.id, name: row.name, role: row.role as OperatorRole, disabled: row.disabled, createdAt: row.created_at };
}

/** Adds an operator; null when the name is taken. */
export async function insertOperator(db: Queryable, name: string, role: OperatorRole, passwordHash: string, at: Date): Promise<OperatorRecord | null> {
  const rows = await db.query<OperatorRow>(
    `INSERT INTO operators (name, role, password_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
    [name, role, passwordHash, at],
  );
  return rows[0] ? toOperator(rows[0]) : null;
}

/** The operator with this name and its password hash (for a sign-in), locked for the transaction when `lock`. */
export async function findOperatorByName(db: Queryable, name: string, lock = false): Promise<{ operator: OperatorRecord; passwordHash: string } | null> {
  const rows = await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE name = $1${lock ? ' FOR UPDATE' : ''}`, [name]);
  const row = rows[0];
  return row ? { operator: toOperator(row), passwordHash: row.password_hash } : null;
}

/** Every operator, in the order they were made. */
export async function listOperators(db: Queryable): Promise<OperatorRecord[]> {
  return (await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators ORDER BY id`)).map(toOperator);
}

export async function setOperatorDisabled(db: Queryable, id: number, disabled: boolean): Promise<void> {
  await db.query('UPDATE operators SET disabled = $2 WHERE id = $1', [id, disabled]);
}

export async function setOperatorPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** Ends every open session of the operator (disabled, or a new password); answers how many. */
export async function endOperatorSessions(db: Queryable, operatorId: number, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>('UPDATE operator_sessions SET ended_at = $2 WHERE operator_id = $1 AND ended_at IS NULL RETURNING id', [operatorId, at]);
  return rows.length;
}

export interface OperatorSessionRow {
  id: number;
  operatorId: number;
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
}

interface SessionRow {
  id: number;
  operator_id: number;
  user_agent: string;
  created_at: Date;
  last_seen_at: Date;
}

function toSession(row: SessionRow): OperatorSessionRow {
  return { id: row.id, operatorId: row.operator_id, userAgent: row.user_agent, createdAt: row.created_at, lastSeenAt: row.last_seen_at };
}

const SESSION_COLUMNS = 'id, operator_id, user_agent, created_at, last_seen_at';

export async function insertOperatorSession(db: Queryable, operatorId: number, tokenHash: string, userAgent: string, at: Date): Promise<OperatorSessionRow> {
  const rows = await db.query<SessionRow>(
    `INSERT INTO operator_sessions (operator_id, token_hash, user_agent, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4) RETURNING ${SESSION_COLUMNS}`,
    [operatorId, tokenHash, userAgent, at],
  );
  return toSession(rows[0]!);
}

/** The open session with this token digest and its operator (enabled or not), or null. */
export async function findOpenSession(db: Queryable, tokenHash: string): Promise<{ session: OperatorSessionRow; operator: OperatorRecord } | null> {
  const rows = await db.query<SessionRow & { name: string; role: string; disabled: boolean; operator_created_at: Date }>(
    `SELECT s.id, s.operator_id, s.user_agent, s.created_at, s.last_seen_at, o.name, o.role, o.disabled, o.created_at AS operator_created_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
      WHERE s.token_hash = $1 AND s.ended_at IS NULL`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    session: toSession(row),
    operator: { id: row.operator_id, name: row.name, role: row.role as OperatorRole, disabled: row.disabled, createdAt: row.operator_created_at },
  };
}

export async function touchOperatorSession(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE id = $1 AND ended_at IS NULL', [id, at]);
}

/** Ends one session of this operator's; false when it has none open with that id. */
export async function endOperatorSession(db: Queryable, id: number, operatorId: number, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>('UPDATE operator_sessions SET ended_at = $3 WHERE id = $1 AND operator_id = $2 AND ended_at IS NULL RETURNING id', [id, operatorId, at]);
  return rows.length > 0;
}

/** The operator's open sessions, the newest first. */
export async function listOpenSessions(db: Queryable, operatorId: number): Promise<OperatorSessionRow[]> {
  return (await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM operator_sessions WHERE operator_id = $1 AND ended_at IS NULL ORDER BY created_at DESC, id DESC`, [operatorId])).map(toSession);
}
