/**
 * The audit log (a shared layer: every console feature writes to it): one row per change made in the console or by
 * the operator command, written in the change's own transaction, so no change is without its row.
 */
import type { Queryable } from '../db/database.ts';

/** Who made a change: an operator, or the command line (no operator; `name` is what the log shows). */
export interface AuditActor {
  operatorId: number | null;
  name: string;
}

/** What changed: an action (`operators.create`), its target (`operator:7`) and the record before and after. */
export interface AuditChange {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export interface AuditRow extends AuditChange {
  id: number;
  operatorId: number | null;
  actor: string;
  at: Date;
}

interface Row {
  id: string | number;
  operator_id: number | null;
  actor: string;
  at: Date;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export async function recordAudit(db: Queryable, actor: AuditActor, change: AuditChange, at: Date): Promise<void> {
  await db.query(`INSERT INTO audit_log (operator_id, actor, at, action, target, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    actor.operatorId,
    actor.name,
    at,
    change.action,
    change.target,
    change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
    change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
  ]);
}

export interface AuditFilter {
  operatorId?: number;
  /** An action, or the prefix of a group of them ending in a dot (`operators.`). */
  action?: string;
}

/** The newest first, a page at a time, with the number of rows the filter keeps. */
export async function listAudit(db: Queryable, filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.operatorId !== undefined) {
    params.push(filter.operatorId);
    where.push(`operator_id = $${params.length}`);
  }
  if (filter.action !== undefined) {
    params.push(filter.action.endsWith('.') ? `${filter.action.replace(/[\\%_]/g, '\\$&')}%` : filter.action);
    where.push(filter.action.endsWith('.') ? `action LIKE $${params.length}` : `action = $${params.length}`);
  }
  const clause = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
  const [counted] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${clause}`, params);
  const rows = await db.query<Row>(
    `SELECT id, operator_id, actor, at, action, target, before, after FROM audit_log ${clause} ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return {
    total: counted?.total ?? 0,
    rows: rows.map((row) => ({
      id: Number(row.id),
      operatorId: row.operator_id,
      actor: row.actor,
      at: row.at,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
  };
}
