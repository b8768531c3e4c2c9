import type { Queryable } from '../db/database.ts';
import type { OperatorRole } from '../../src/core/admin-operators/operator-rules.ts';

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
