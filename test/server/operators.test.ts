import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin/admin.ts';
import { listAudit } from '../../server/audit/audit-repository.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import { findOperatorByName } from '../../server/operators/operator-repository.ts';
import { useServerFixture } from './server-fixture.ts';
import { FakeClock, uniqueName, withStatementLog } from './support.ts';

/**
 * The console's operators (issue 33) as the operator command makes them: npm run admin -- operators create, list,
 * disable, reset-password, run in process (the same runAdmin the command runs) on the file's test database; every
 * change with its audit row, by 命令行, with no password or hash in it.
 */
const server = useServerFixture({ app: false });
const clock = new FakeClock(Date.parse('2026-12-07T10:00:00Z'));
const hasher = new PasswordHasher();

async function admin(...args: string[]) {
  const io = { out: '', err: '' };
  const code = await runAdmin(args, { dataDir: '', databaseUrl: undefined }, { out: (line) => (io.out += `${line}\n`), err: (line) => (io.err += `${line}\n`) }, clock, async () =>
    withStatementLog(server.db),
  );
  return { code, ...io };
}

async function auditOf(target: string) {
  const { rows } = await listAudit(server.db, { action: 'operators.' }, 1, 100);
  return rows.filter((row) => row.target === target);
}

/** An operator name this file has not used (the database may be shared with other runs). */
const nameFor = (role: string) => uniqueName(role).slice(0, 32);

describe('npm run admin -- operators', () => {
  it('create without --password prints a generated one, once; the stored hash is argon2id and matches it; the audit row says who and what', async () => {
    const name = nameFor('ed');
    const made = await admin('operators', 'create', '--name', name, '--role', 'editor');
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const [line, passwordLine] = made.out.trim().split('\n');
    expect(line).toBe(`已创建操作员 ${name}（编辑）`);
    const password = /^密码：(\S{16})$/.exec(passwordLine ?? '')?.[1];
    expect(password).toBeDefined();
    const stored = await findOperatorByName(server.db, name);
    expect(stored?.operator).toMatchObject({ name, role: 'editor', disabled: false });
    expect(stored?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify(password!, stored!.passwordHash)).toBe(true);

    const rows = await auditOf(`operator:${stored!.operator.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operatorId: null, actor: '命令行', action: 'operators.create', before: null, after: { id: stored!.operator.id, name, role: 'editor', disabled: false } });
    expect(rows[0]!.at.getTime()).toBe(clock.now());
    expect(JSON.stringify(rows[0])).not.toContain(password!);
    expect(JSON.stringify(rows[0])).not.toContain('argon2');
  });

  it('create with --password prints none; a taken name, a bad name or role and a short password are refused, and nothing is written', async () => {
    const name = nameFor('own');
    const made = await admin('operators', 'create', '--name', name, '--role', 'owner', '--password', 'correct horse battery');
    expect(made).toMatchObject({ code: 0, out: `已创建操作员 ${name}（所有者）\n` });
    const stored = await findOperatorByName(server.db, name);
    expect(await hasher.verify('correct horse battery', stored!.passwordHash)).toBe(true);

    const before = (await listAudit(server.db, {}, 1, 1)).total;
    expect(await admin('operators', 'create', '--name', name, '--role', 'editor')).toMatchObject({ code: 1, err: '失败：操作员名已存在\n' });
    expect(await admin('operators', 'create', '--name', 'a b', '--role', 'editor')).toMatchObject({ code: 1, err: '失败：操作员名为2-32位字母、数字、下划线、点或连字符\n' });
    expect(await admin('operators', 'create', '--name', nameFor('x'), '--role', 'editor', '--password', 'short')).toMatchObject({ code: 1, err: '失败：密码为10-128位\n' });
    const badRole = await admin('operators', 'create', '--name', nameFor('x'), '--role', 'admin');
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('--role 应为 owner|editor|moderator|finance');
    const noName = await admin('operators', 'create', '--role', 'editor');
    expect(noName.code).toBe(2);
    expect(noName.err).toContain('缺少 --name');
    expect((await admin('operators', 'promote', '--name', name)).err).toContain('未知命令：operators promote');
    expect((await findOperatorByName(server.db, name))?.operator.role).toBe('owner');
    expect((await listAudit(server.db, {}, 1, 1)).total).toBe(before);
  });

  it('list shows each with its role and state; disable ends its sessions at once; reset-password gives a new one and ends them too', async () => {
    const name = nameFor('mod');
    await admin('operators', 'create', '--name', name, '--role', 'moderator', '--password', 'first password 1');
    const { operator } = (await findOperatorByName(server.db, name))!;
    const openSession = async (token: string) =>
      server.db.query(`INSERT INTO operator_sessions (operator_id, token_hash, created_at, last_seen_at) VALUES ($1, $2, $3, $3)`, [operator.id, token, new Date(clock.now())]);
    const openSessions = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_sessions WHERE operator_id = $1 AND ended_at IS NULL', [operator.id]))[0]?.n;
    await openSession(`${name}-a`);
    await openSession(`${name}-b`);

    const reset = await admin('operators', 'reset-password', '--name', name);
    expect(reset.code).toBe(0);
    const newPassword = /密码：(\S{16})/.exec(reset.out)?.[1];
    const stored = await findOperatorByName(server.db, name);
    expect(await hasher.verify('first password 1', stored!.passwordHash)).toBe(false);
    expect(await hasher.verify(newPassword!, stored!.passwordHash)).toBe(true);
    expect(await openSessions()).toBe(0);

    await openSession(`${name}-c`);
    clock.advance(60_000);
    expect(await admin('operators', 'disable', '--name', name)).toMatchObject({ code: 0, out: `已停用操作员 ${name}，结束会话 1 个\n` });
    expect(await openSessions()).toBe(0);
    const listed = await admin('operators', 'list');
    expect(listed.out).toContain(`${operator.id}\t${name}\tmoderator（审核员）\t已停用`);

    const rows = await auditOf(`operator:${operator.id}`);
    expect(rows.map((row) => row.action)).toEqual(['operators.disable', 'operators.reset-password', 'operators.create']);
    expect(rows[0]).toMatchObject({ before: { disabled: false }, after: { disabled: true, sessionsEnded: 1 } });
    expect(rows[1]).toMatchObject({ before: null, after: { passwordReset: true, sessionsEnded: 2 } });
    expect(JSON.stringify(rows)).not.toContain(newPassword!);

    expect(await admin('operators', 'disable', '--name', 'nobody-here')).toMatchObject({ code: 1, err: '失败：操作员不存在\n' });
    const help = await admin('--help');
    expect(help.out).toContain('operators create');
    expect(help.out).toContain('operators reset-password');
  });
});
