/** Reading the codes the server wrote to `<DATA_DIR>/outbox` (tests of the account-security calls; not a test itself). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The code of the newest message to `to` ('' when none). */
export async function outboxCode(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (const file of (await readdir(dir).catch(() => [])).sort().reverse()) {
    const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; code: string };
    if (message.to === to) return message.code;
  }
  return '';
}
