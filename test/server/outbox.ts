/** Reading the codes the server wrote to `<DATA_DIR>/outbox` (tests of the account-security calls; not a test itself). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useServerFixture, type ServerFixture } from './server-fixture.ts';
import { FakeClock } from './support.ts';

/** The code of the newest message to `to` ('' when none). */
export async function outboxCode(dataDir: string, to: string): Promise<string> {
  const dir = join(dataDir, 'outbox');
  for (const file of (await readdir(dir).catch(() => [])).sort().reverse()) {
    const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; code: string };
    if (message.to === to) return message.code;
  }
  return '';
}

/** The server fixture with the codes going to an outbox of its own (its temporary folder as DATA_DIR), on a fake clock. */
export interface OutboxServer extends ServerFixture {
  readonly clock: FakeClock;
  /** The code of the newest message to `to`; throws when there is none. */
  codeTo(to: string): Promise<string>;
}

export function useOutboxServer(): OutboxServer {
  const clock = new FakeClock();
  const server = useServerFixture({ clock, tempDir: 'outbox-app-', config: ({ dir }) => ({ dataDir: dir }) });
  return Object.assign(server, {
    clock,
    codeTo: async (to: string) => {
      const code = await outboxCode(server.dir, to);
      if (code === '') throw new Error(`no code to ${to}`);
      return code;
    },
  });
}
