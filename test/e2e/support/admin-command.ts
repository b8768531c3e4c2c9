import { spawn } from 'node:child_process';
import type { DatabaseEnv } from './app-server.ts';

/** `npm run admin -- <args>` on a journey's database (before its server starts): what it printed, one entry a line. */
export function runAdminCommand(database: DatabaseEnv, args: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    Object.assign(env, database);
    const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`admin exited with ${code}: ${err}`))));
  });
}
