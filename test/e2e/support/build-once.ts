import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as esbuild, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { E2E_FRAME_ORIGIN, startServer } from './app-server.ts';
import { findChromium } from './chromium.ts';
import { databaseUrlOf, dropDatabase, createTemplateDatabase } from './pg-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app built once for every journey (index.html and assets/), served by each journey's own server. */
    e2eStaticDir: string;
    /**
     * The data folder of the server that migrated and seeded once (its demo images; and its PGlite database without
     * DATABASE_URL): each journey starts on its own copy.
     */
    e2eDataTemplate: string;
    /**
     * With DATABASE_URL: the PostgreSQL database the server migrated and seeded once, each journey's database a copy of
     * it (support/pg-databases.ts); '' without.
     */
    e2ePgTemplate: string;
    /** server/main.ts bundled once into one ES module, which each journey's server runs under plain node. */
    e2eServerEntry: string;
  }
}

/** The older site the journeys' build links to (settings › 访问旧版网站); the journey answers it with page.route. */
export const E2E_OLDER_SITE_URL = 'https://old-site.example.test/';

async function build(staticDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { env: { ...process.env, STATIC_DIR: staticDir, OLDER_SITE_URL: E2E_OLDER_SITE_URL, FRAME_ORIGINS: E2E_FRAME_ORIGIN }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}:\n${output}`))));
  });
}

/**
 * Starts the server once on a new database (migrations, demo seed), then stops it cleanly: a template. The database is
 * PGlite's in `dataDir`, or PostgreSQL's `databaseUrl`.
 */
async function seed(dataDir: string, staticDir: string, serverEntry: string, databaseUrl?: string): Promise<void> {
  const server = await startServer({ dataDir, staticDir, serverEntry, ...(databaseUrl !== undefined ? { databaseUrl } : {}) });
  await server.stop();
}

/**
 * The server's modules find their files (migrations, demo media) from `import.meta.url`: in the bundle each keeps
 * its own file's address. main.ts keeps the bundle's, so it still knows it is the entry point.
 */
const ownFileUrls: Plugin = {
  name: 'own-file-urls',
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, async (args) => {
      if (args.path.endsWith(`${path.sep}server${path.sep}main.ts`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/**
 * Bundles server/main.ts into one ES module beside the project's packages (node_modules/.cache, so the packages
 * left outside the bundle resolve as they do for the sources): a journey's server then starts under plain node,
 * without tsx compiling and loading some 400 files again (about 1 s of CPU less per journey).
 */
async function bundleServer(): Promise<string> {
  const folder = path.resolve('node_modules/.cache/qiyu-e2e');
  await mkdir(folder, { recursive: true });
  const outfile = path.join(folder, `server-${process.pid}.mjs`);
  await esbuild({
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    plugins: [ownFileUrls],
  });
  return outfile;
}

/**
 * The e2e project's global setup: builds the app once with `npm run build` into a temporary folder, and
 * prepares one migrated, seeded database, so each journey's server serves that build from a copy of that
 * database instead of running the same esbuild build (≈ 10 s) and the same migrations and seed (≈ 6 s) again.
 * One journey still starts with the whole `npm start`, build and seed included (see startApp's `npmStart`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  findChromium();
  const folder = await mkdtemp(path.join(tmpdir(), 'qiyu-e2e-build-'));
  const staticDir = path.join(folder, 'dist');
  const dataTemplate = path.join(folder, 'data');
  const postgres = process.env.DATABASE_URL ?? '';
  let serverEntry: string | undefined;
  let pgTemplate = '';
  const removeAll = async () => {
    await rm(folder, { recursive: true, force: true });
    if (serverEntry) await rm(serverEntry, { force: true });
    if (pgTemplate !== '') await dropDatabase(postgres, pgTemplate);
  };
  try {
    serverEntry = await bundleServer();
    if (postgres !== '') pgTemplate = await createTemplateDatabase(postgres);
    const databaseUrl = pgTemplate !== '' ? databaseUrlOf(postgres, pgTemplate) : undefined;
    await Promise.all([build(staticDir), seed(dataTemplate, staticDir, serverEntry, databaseUrl)]);
  } catch (error) {
    await removeAll();
    throw error;
  }
  project.provide('e2eStaticDir', staticDir);
  project.provide('e2eDataTemplate', dataTemplate);
  project.provide('e2ePgTemplate', pgTemplate);
  project.provide('e2eServerEntry', serverEntry);
  return removeAll;
}
