/**
 * `npm run checks`: the type check, lint, knip and the import-cycle check, two at a time (2-core machines), each
 * printed whole when it ends; fails when any of them fails. `npm test` runs it before the tests.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'typecheck', 'cycles', 'knip'] as const;
const AT_ONCE = 2;

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      process.stdout.write(`✗ ${script}: ${error.message}\n`);
      resolve(false);
    });
    child.once('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${script} (${seconds} s)\n${output.trimEnd() ? `${output.trimEnd()}\n` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue: string[] = [...CHECKS];
let failed = false;
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
      if (!(await run(script))) failed = true;
    }
  }),
);
process.exitCode = failed ? 1 : 0;
