import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * SQL has its rooms (issue 32): a server module holds SQL only when it is a feature's repository (`*-repository.ts`),
 * part of the database layer (`server/db/`, its migrations) or a seed (`seed.ts`, `*-seed.ts`). SQL is a string or
 * template literal that starts like a statement or a clause (SELECT, INSERT INTO, UPDATE … SET, DELETE FROM, WITH … AS,
 * WHERE, ORDER BY, …), or any literal handed to `.query(`/`.exec(` (a call passing a variable on, as the write watch
 * does, is not SQL of its own). No other server module holds any: a module keeps its rules and calls its repository.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where SQL may live. */
function isSqlRoom(file: string): boolean {
  return file.endsWith('-repository.ts') || file.startsWith('server/db/') || /(^|[/-])seed\.ts$/.test(file);
}

const STATEMENT = /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|WITH\s+(RECURSIVE\s+)?\S+\s+AS|TRUNCATE|CREATE\s+(TABLE|INDEX|UNIQUE)|ALTER\s+TABLE|DROP\s+TABLE)\b/i;
const CLAUSE = /^\s*(WHERE|ORDER BY|GROUP BY|(LEFT |INNER )?JOIN|ON CONFLICT|RETURNING|VALUES \()/;

/** The SQL a module's source holds: the opening of each SQL literal. */
function sqlIn(source: string, fileName = 'module.ts'): string[] {
  const found: string[] = [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const literalText = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text;
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && (STATEMENT.test(text) || CLAUSE.test(text))) found.push(text.trim().slice(0, 40));
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['query', 'exec'].includes(node.expression.name.text)) {
      const first = node.arguments[0];
      const sql = first && literalText(first);
      if (sql !== undefined && !STATEMENT.test(sql) && !CLAUSE.test(sql)) found.push(sql.trim().slice(0, 40));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

async function serverModules(dir = 'server'): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return serverModules(relative);
      return entry.name.endsWith('.ts') ? [relative] : [];
    }),
  );
  return nested.flat();
}

describe('SQL lives in repositories', () => {
  it('finds SQL statements, clauses and literal queries, and nothing else', () => {
    expect(sqlIn("await db.query('SELECT 1');")).toEqual(['SELECT 1']);
    expect(sqlIn('const sql = `UPDATE users SET nick_name = $2 WHERE id = $1`;')).toHaveLength(1);
    expect(sqlIn('const q = `\n  WITH picked AS (SELECT 1) SELECT * FROM picked`;')).toHaveLength(1);
    expect(sqlIn("const where = ' WHERE uid = $1';")).toHaveLength(1);
    expect(sqlIn("await tx.exec('LOCK something');")).toEqual(['LOCK something']);
    expect(sqlIn('return target.query<T>(sql, params);')).toEqual([]);
    expect(sqlIn('const written = /^\\s*DELETE\\b/i.test(sql);')).toEqual([]);
    expect(sqlIn("// runs `SELECT 1`\nthrow new ApiError(1002, '选择失败');")).toEqual([]);
  });

  it('holds no SQL outside a repository, server/db or a seed', async () => {
    const holders: Record<string, string[]> = {};
    for (const file of await serverModules()) {
      if (isSqlRoom(file)) continue;
      const sql = sqlIn(await readFile(path.join(ROOT, file), 'utf8'), file);
      if (sql.length > 0) holders[file] = sql;
    }
    expect(holders, 'move this SQL into the feature’s *-repository.ts').toEqual({});
    // Parses every server module: a few seconds alone, longer on a busy machine.
  }, 120_000);
});
