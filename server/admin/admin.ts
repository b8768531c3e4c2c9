/**
 * The operator's command (npm run admin -- …), on the same database as the server: DATABASE_URL, or the embedded
 * PGlite in DATA_DIR (server/config.ts). With PGlite the data folder is one process's: run it while the server is
 * stopped. It migrates the schema (as a server start does) but seeds nothing.
 *
 *   npm run admin -- codes create --package 101 --count 10 [--package 202 …] [--expires 2031-12-31]
 *   npm run admin -- requests list
 *   npm run admin -- requests set --id 3 --state online --video movie-03
 *   npm run admin -- operators create --name NAME --role owner|editor|moderator|finance [--password P]
 *   npm run admin -- operators list | disable --name NAME | reset-password --name NAME [--password P]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../clock.ts';
import { readConfig, type Config } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { formatRedeemCode } from '../../src/core/vip-redeem/redeem-code.ts';
import { createRedeemCodes, MAX_CODES_PER_BATCH } from '../vip-redeem/redeem-codes.ts';
import { MOVIE_REQUEST_STATES, type MovieRequestState } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { MOVIE_REQUEST_STATE_LABELS } from '../../src/core/movie-requests/title-rules.ts';
import { hotRequests, setRequestState } from '../movie-requests/movie-request-repository.ts';
import type { AuditActor } from '../audit/audit-repository.ts';
import { PasswordHasher } from '../auth/password.ts';
import type { Database } from '../db/database.ts';
import { createOperator, disableOperator, resetOperatorPassword, type OperatorAccountsDeps } from '../operators/operator-accounts.ts';
import { listOperators } from '../operators/operator-repository.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { OPERATOR_ROLES, isOperatorRole, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';

export const ADMIN_USAGE = `用法: npm run admin -- <命令> [选项]

命令:
  codes create   生成VIP兑换码，每行输出一个
  requests list  列出待处理的求片（编号、片名、年份、想看人数），最想看的在前
  requests set   处理一条求片：--id 编号 --state online|unavailable|pending，已上线（online）时 --video 视频的 mediaKey
  operators create          新建控制台操作员：--name 名称 --role ${OPERATOR_ROLES.join('|')} [--password 密码]；
                            不给 --password 时生成一个并输出（只显示这一次）
  operators list            列出操作员（编号、名称、角色、状态）
  operators disable         停用操作员并结束其所有会话：--name 名称
  operators reset-password  重设操作员密码并结束其所有会话：--name 名称 [--password 密码]

codes create 的选项:
  --package ID       兑换的套餐 ID（vip_packages.id）；给出多个时为可选套餐的兑换码（用户在 /selectPack 选一个）
  --count N          生成的数量，1-${MAX_CODES_PER_BATCH}
  --expires YYYY-MM-DD  最后可用日期（中国时间当天结束前）；不给则长期有效
  --help             显示本说明

数据库: 设置了 DATABASE_URL 时用该 PostgreSQL，否则用 DATA_DIR（默认 ./data）里的内置 PGlite；
使用 PGlite 时请先停止服务器（数据目录同一时间只能由一个进程打开）。`;

/** Exit codes: 0 done, 1 failed (the database, a missing package), 2 a wrong command line (the usage is printed). */
export const AdminExit = { Ok: 0, Failed: 1, Usage: 2 } as const;

class UsageError extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The end of the day YYYY-MM-DD in China time (UTC+8): the first instant the code is refused. */
function endOfChinaDay(text: string): Date {
  const match = DATE.exec(text);
  const start = match === null ? Number.NaN : Date.parse(`${text}T00:00:00+08:00`);
  const check = new Date(start + 8 * 60 * 60 * 1000);
  if (match === null || Number.isNaN(start) || check.getUTCDate() !== Number(match[3]) || check.getUTCMonth() + 1 !== Number(match[2])) {
    throw new UsageError(`--expires 应为有效日期 YYYY-MM-DD：${text}`);
  }
  return new Date(start + DAY_MS);
}

function positiveInt(text: string, name: string, max: number): number {
  const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new UsageError(`${name} 应为 1-${max} 的整数：${text}`);
  return value;
}

export interface CodesCreateRequest {
  packageIds: number[];
  count: number;
  expiresAt: Date | null;
}

type Command =
  | { kind: 'help' }
  | { kind: 'codes-create'; request: CodesCreateRequest }
  | { kind: 'requests-list' }
  | { kind: 'requests-set'; id: number; state: MovieRequestState; mediaKey: string | null }
  | { kind: 'operators-create'; name: string; role: OperatorRole; password?: string }
  | { kind: 'operators-list' }
  | { kind: 'operators-disable'; name: string }
  | { kind: 'operators-reset-password'; name: string; password?: string };

/** operators …: the command and its options. */
function parseOperators(action: string, values: { name?: string; role?: string; password?: string }): Command {
  if (action === 'list') return { kind: 'operators-list' };
  if (!['create', 'disable', 'reset-password'].includes(action)) throw new UsageError(`未知命令：operators ${action}`);
  const name = values.name?.trim();
  if (name === undefined || name === '') throw new UsageError('缺少 --name');
  const password = values.password === undefined ? {} : { password: values.password };
  if (action === 'disable') return { kind: 'operators-disable', name };
  if (action === 'reset-password') return { kind: 'operators-reset-password', name, ...password };
  if (values.role === undefined) throw new UsageError('缺少 --role');
  if (!isOperatorRole(values.role)) throw new UsageError(`--role 应为 ${OPERATOR_ROLES.join('|')}`);
  return { kind: 'operators-create', name, role: values.role, ...password };
}

/** requests set: the request, its new state and (已上线) the video it now is. */
function parseRequestSet(values: { id?: string; state?: string; video?: string }): Command {
  if (values.id === undefined) throw new UsageError('缺少 --id');
  const state = MOVIE_REQUEST_STATES.find((candidate) => candidate === values.state);
  if (state === undefined) throw new UsageError(`--state 应为 ${MOVIE_REQUEST_STATES.join('|')}`);
  if (state === 'online' && (values.video === undefined || values.video.trim() === '')) throw new UsageError('已上线（online）需要 --video');
  return { kind: 'requests-set', id: positiveInt(values.id, '--id', 2_147_483_647), state, mediaKey: state === 'online' ? (values.video?.trim() ?? null) : null };
}

/** Reads the command line (without node and the script). Throws UsageError. */
function parseCommand(argv: readonly string[]): Command {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      package: { type: 'string', multiple: true },
      count: { type: 'string' },
      expires: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      id: { type: 'string' },
      state: { type: 'string' },
      video: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
    },
  });
  if (values.help === true) return { kind: 'help' };
  if (positionals[0] === 'operators' && positionals.length === 2) return parseOperators(positionals[1] ?? '', values);
  if (positionals.join(' ') === 'requests list') return { kind: 'requests-list' };
  if (positionals.join(' ') === 'requests set') return parseRequestSet(values);
  if (positionals.join(' ') !== 'codes create') throw new UsageError(positionals.length === 0 ? '缺少命令' : `未知命令：${positionals.join(' ')}`);
  if (values.package === undefined || values.package.length === 0) throw new UsageError('缺少 --package');
  if (values.count === undefined) throw new UsageError('缺少 --count');
  return {
    kind: 'codes-create',
    request: {
      packageIds: values.package.map((id) => positiveInt(id, '--package', 2_147_483_647)),
      count: positiveInt(values.count, '--count', MAX_CODES_PER_BATCH),
      expiresAt: values.expires === undefined ? null : endOfChinaDay(values.expires),
    },
  };
}

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

type OperatorsCommand = Extract<Command, { kind: `operators-${string}` }>;

function isOperatorsCommand(command: Command): command is OperatorsCommand {
  return command.kind.startsWith('operators-');
}

/** Who the operator command is in the audit log. */
const COMMAND_LINE: AuditActor = { operatorId: null, name: OperatorTexts.commandLine };

/** operators …: runs one, printing what it made; a refusal (a taken name, an unknown operator) is an Error. */
async function runOperators(command: OperatorsCommand, deps: OperatorAccountsDeps, io: AdminIo): Promise<void> {
  if (command.kind === 'operators-list') {
    for (const one of await listOperators(deps.db)) io.out(`${one.id}\t${one.name}\t${one.role}（${OperatorTexts.roles[one.role]}）\t${one.disabled ? '已停用' : '正常'}`);
    return;
  }
  if (command.kind === 'operators-disable') {
    const done = await disableOperator(deps, COMMAND_LINE, command.name);
    if (!done.ok) throw new Error(done.problem);
    io.out(`已停用操作员 ${done.operator.name}，结束会话 ${done.sessionsEnded} 个`);
    return;
  }
  const done =
    command.kind === 'operators-create'
      ? await createOperator(deps, COMMAND_LINE, { name: command.name, role: command.role, ...(command.password === undefined ? {} : { password: command.password }) })
      : await resetOperatorPassword(deps, COMMAND_LINE, command.name, command.password);
  if (!done.ok) throw new Error(done.problem);
  io.out(command.kind === 'operators-create' ? `已创建操作员 ${done.operator.name}（${OperatorTexts.roles[done.operator.role]}）` : `已重设操作员 ${done.operator.name} 的密码`);
  if (done.generated) io.out(`密码：${done.password}`);
}

/**
 * Runs one command against the configured database and answers the exit code. `open` opens that database (tests
 * give their own; it is closed after the command).
 */
export async function runAdmin(
  argv: readonly string[],
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  io: AdminIo,
  clock: Clock = systemClock,
  open: () => Promise<Database> = () => openDatabase(config),
): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${ADMIN_USAGE}`);
    return AdminExit.Usage;
  }
  if (command.kind === 'help') {
    io.out(ADMIN_USAGE);
    return AdminExit.Ok;
  }
  const db = await open();
  try {
    await migrate(db);
    if (isOperatorsCommand(command)) {
      await runOperators(command, { db, hasher: new PasswordHasher(), now: () => new Date(clock.now()) }, io);
      return AdminExit.Ok;
    }
    if (command.kind === 'requests-list') {
      const open = await hotRequests(db, 0, 1, 1000);
      for (const r of open.list) io.out(`${r.id}\t${r.title}\t${r.year || '-'}\t${r.wants}人想看`);
      return AdminExit.Ok;
    }
    if (command.kind === 'requests-set') {
      if (!(await setRequestState(db, command.id, command.state, command.mediaKey))) throw new Error(`求片不存在：${command.id}`);
      io.out(`求片 ${command.id}：${MOVIE_REQUEST_STATE_LABELS[command.state]}`);
      return AdminExit.Ok;
    }
    const codes = await createRedeemCodes(db, command.request, clock.now());
    for (const code of codes) io.out(formatRedeemCode(code));
    return AdminExit.Ok;
  } catch (error) {
    io.err(`失败：${error instanceof Error ? error.message : String(error)}`);
    return AdminExit.Failed;
  } finally {
    // PGlite keeps Node alive and must be closed to leave its data folder whole.
    await db.close();
  }
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  const io: AdminIo = { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) };
  Promise.resolve().then(() => runAdmin(process.argv.slice(2), readConfig(), io)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.err(`失败：${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = AdminExit.Failed;
    },
  );
}
