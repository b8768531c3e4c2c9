import { Redis } from 'ioredis';
import { ConfigError, redactUrlPassword } from './config.ts';
import { pgProbe } from './db/pg-database.ts';

/** How long the start waits for PostgreSQL or Redis before giving up. */
const STARTUP_CONNECT_TIMEOUT_MS = 5000;

/** The exit code of a start refused for its configuration or an unreachable service (1 is left to crashes). */
export const STARTUP_EXIT_CODE = 2;

/** A start that cannot go on for a reason the operator fixes (a service not running, a port in use): one line, no stack. */
export class StartupError extends Error {}

/** A one-line reason of a connection failure (AggregateError of several addresses included). */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = error.message !== '' ? error.message : typeof code === 'string' ? code : error.name;
    return text.replace(/\s+/g, ' ').trim();
  }
  return String(error).replace(/\s+/g, ' ').trim();
}

async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`no answer within ${ms / 1000} s`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Connects once to DATABASE_URL and runs `SELECT 1`; StartupError naming the variable when that fails or takes too long. */
export async function checkDatabaseReachable(url: string, timeoutMs = STARTUP_CONNECT_TIMEOUT_MS): Promise<void> {
  const probe = pgProbe(url, timeoutMs);
  try {
    await withTimeout(probe.ping(), timeoutMs, () => undefined);
  } catch (error) {
    throw new StartupError(`DATABASE_URL: cannot reach PostgreSQL at ${redactUrlPassword(url)} (${reasonOf(error)})`);
  } finally {
    await withTimeout(probe.end(), 1000, () => undefined).catch(() => undefined);
  }
}

/** Connects once to REDIS_URL and sends PING; StartupError naming the variable when that fails or takes too long. */
export async function checkRedisReachable(url: string, timeoutMs = STARTUP_CONNECT_TIMEOUT_MS): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: unknown;
  redis.on('error', (error: unknown) => {
    lastError = error;
  });
  try {
    await withTimeout((async () => {
      await redis.connect();
      await redis.ping();
    })(), timeoutMs, () => redis.disconnect());
  } catch (error) {
    const reason = reasonOf(lastError ?? error);
    throw new StartupError(`REDIS_URL: cannot reach Redis at ${redactUrlPassword(url)} (${reason})`);
  } finally {
    redis.disconnect();
  }
}

/** StartupError for a listen that failed for a reason of PORT or HOST (in use, not an address of this machine). */
export function listenError(error: unknown, host: string, port: number): StartupError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new StartupError(`PORT: ${port} is already in use on ${host}`);
  if (code === 'EACCES') return new StartupError(`PORT: no permission to listen on ${host}:${port}`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new StartupError(`HOST: cannot listen on "${host}" (${reasonOf(error)})`);
  }
  return undefined;
}

/**
 * The one line a refused start prints on stderr (configuration or start-up error), or undefined for anything else
 * (a crash, printed with its stack).
 */
export function startupErrorLine(error: unknown): string | undefined {
  const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');
  if (error instanceof ConfigError) return oneLine(`配置错误：${error.message}`);
  if (error instanceof StartupError) return oneLine(`启动失败：${error.message}`);
  return undefined;
}
