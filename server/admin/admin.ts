/**
 * The operator's command (npm run admin -- …), on the same database as the server: DATABASE_URL, or the embedded
 * PGlite in DATA_DIR (server/config.ts). With PGlite the data folder is one process's: run it while the server is
 * stopped. It migrates the schema (as a server start does) but seeds nothing.
 *
 *   npm run admin -- codes create --package 101 --count 10 [--package 202 …] [--expires 2031-12-31]
 *   npm run admin -- requests list
 *   npm run admin -- requests set --id 3 --state online --video movie-03
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

export const ADMIN_USAGE = `用法: npm run admin -- <命令> [选项]

命令:
  codes create   生成VIP兑换码，每行输出一个
  requests list  列出待处理的求片（编号、片名、年份、想看人数），最想看的在前
  requests set   处理一条求片：--id 编号 --state online|unavailable|pending，已上线（online）时 --video 视频的 mediaKey

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
  | { kind: 'requests-set'; id: number; state: MovieRequestState; mediaKey: string | null };

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
    },
  });
  if (values.help === true) return { kind: 'help' };
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

/** Runs one command against the configured database and answers the exit code. */
export async function runAdmin(argv: readonly string[], config: Pick<Config, 'databaseUrl' | 'dataDir'>, io: AdminIo, clock: Clock = systemClock): Promise<number> {
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
  const db = await openDatabase(config);
  try {
    await migrate(db);
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
