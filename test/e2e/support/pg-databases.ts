import pg from 'pg';

/**
 * The journeys' databases on the machine's PostgreSQL (DATABASE_URL, as `.ci/run` sets it): the e2e global setup
 * migrates and seeds one template database, and each journey's server starts on its own `CREATE DATABASE … TEMPLATE`
 * copy, dropped when it stops. A copy takes about 0.15 s and the server on it starts in about 1.2 s of CPU, where a
 * PGlite data folder takes a 44 MB copy and about 4.3 s (its WebAssembly PostgreSQL starting and answering every
 * query of the journey). Without DATABASE_URL the journeys keep to PGlite; `npm start` itself (the shell journey)
 * always runs on PGlite, as it does on a fresh machine.
 *
 * Names: `qiyu_e2e_<setup pid>_template` and `qiyu_e2e_<setup pid>_<worker pid>_<n>`, so a run removes what an
 * earlier run that was killed left behind (its setup process is gone) and never another live run's databases.
 */
const PREFIX = 'qiyu_e2e_';

/** The address of database `name` on the server of `base`. */
export function databaseUrlOf(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Drops the journeys' databases of runs whose setup process is gone, then creates this run's template database, empty
 * (the setup's server migrates and seeds it); answers its name.
 */
export async function createTemplateDatabase(base: string): Promise<string> {
  const template = `${PREFIX}${process.pid}_template`;
  await onServer(base, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${PREFIX}%`]);
    for (const { datname } of rows) {
      const owner = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner)) continue;
      await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
    }
    await client.query(`CREATE DATABASE ${quoted(template)}`);
  });
  return template;
}

let copies = 0;

/**
 * A new database copied from `template` (its name). PostgreSQL refuses a copy while another session is connected to
 * the template (55006): the setup's server has stopped by then, but the refusal is retried for a few seconds anyway.
 */
export async function copyDatabase(base: string, template: string): Promise<string> {
  const owner = template.slice(0, -'_template'.length);
  const name = `${owner}_${process.pid}_${++copies}`;
  await onServer(base, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(template)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
  return name;
}

/** Drops database `name`, ending whatever is still connected to it. */
export async function dropDatabase(base: string, name: string): Promise<void> {
  await onServer(base, (client) => client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`));
}
