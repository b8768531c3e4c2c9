import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SCRYPT_PARAMS, PasswordHasher, legacyScryptHash } from '../server/auth/password.ts';
import { readConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(count: number, call: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return `${count} calls, ${Math.round((count / total) * 1000)} /s, p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
}

/** The login-session calls of the reference server over loopback, on embedded PGlite (or DATABASE_URL). */
export async function benchServer(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-bench-'));
  // Hundreds of calls from one address within a minute: lift the /api flood guard, which would answer them instead.
  const config = { ...readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_RATE_LIMIT_MAX: '1000000' }) };
  const server = await startServer(config, { logger: false });
  try {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const login = await fetch(`${server.url}/api/Login/Login`, form({ userName: 'demo', password: 'demo123456' }));
    const { data } = (await login.json()) as { data: { token: Record<string, string | number> } };
    const tokenFields = Object.fromEntries(Object.entries(data.token).map(([k, v]) => [k, String(v)]));
    const auth = { ...tokenFields, login_uid: String(data.token.uid), System: 'h5' };
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`server (${db}) Validates: ${await timed(500, () => fetch(`${server.url}/api/Login/Validates`, form(auth)).then((r) => r.json()))}`);
    console.log(`server (${db}) GetUserRegion: ${await timed(500, () => fetch(`${server.url}/api/home/GetUserRegion?System=h5`).then((r) => r.json()))}`);
    const logIn = async () => {
      const answer = (await (await fetch(`${server.url}/api/Login/Login`, form({ userName: 'demo', password: 'demo123456' }))).json()) as { ret: number };
      if (answer.ret !== 200) throw new Error(`Login answered ${answer.ret}`);
    };
    console.log(`server (${db}) Login (argon2id m=19456 t=2 p=1): ${await timed(20, logIn)}`);
    // The password check alone, today's argon2id beside the scrypt hashes it replaces (verified until their next login).
    const hasher = new PasswordHasher(config.argon2);
    const argon2 = await hasher.hash('demo123456');
    const scrypt = await legacyScryptHash('demo123456', DEFAULT_SCRYPT_PARAMS);
    console.log(`password check argon2id m=19456 t=2 p=1: ${await timed(20, () => hasher.verify('demo123456', argon2))}`);
    console.log(`password check scrypt N=16384 (before): ${await timed(20, () => hasher.verify('demo123456', scrypt))}`);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
