import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app built once for every journey (index.html and assets/), served by each journey's own server. */
    e2eStaticDir: string;
  }
}

/**
 * The e2e project's global setup: builds the app once with `npm run build` into a temporary folder, so the
 * journeys' servers serve that build instead of each running the same esbuild build again (≈ 10 s each).
 * One journey still starts with the whole `npm start`, build included (see startApp's `npmStart`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qiyu-e2e-build-'));
  const staticDir = path.join(folder, 'dist');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { env: { ...process.env, STATIC_DIR: staticDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}:\n${output}`))));
  });
  project.provide('e2eStaticDir', staticDir);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
