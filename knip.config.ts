import type { KnipConfig } from 'knip';

/**
 * knip (npm run knip, part of npm test): no unused file, export, type or dependency (issue 21).
 * The vitest, eslint and esbuild configs, server/main.ts and bench/run.ts are entries through the vitest and eslint
 * plugins and the package.json scripts.
 */
const config: KnipConfig = {
  entry: [
    'src/main.tsx',
    // The operator console's entry (esbuild.config.ts builds it into dist/admin).
    'src/console/main.tsx',
    'scripts/*.ts',
    'bench/**/*.{ts,tsx}',
    'examples/*.ts',
    'test/**/*.{ts,tsx}',
  ],
  // Source only: demo-media/*.ts are MPEG transport stream segments, not TypeScript.
  project: ['{src,adapters,server,scripts,bench,examples,test}/**/*.{ts,tsx,js}', '*.{ts,js}'],
  // bench/hot-reads-bench.ts loads autocannon with createRequire (it ships no types), and bench/barrage-bench.ts
  // bundles a page whose code (a string) imports danmaku: knip follows neither.
  ignoreDependencies: ['autocannon', 'danmaku'],
  // Programs the scripts and the end-to-end support run on the machine, not packages.
  ignoreBinaries: ['fc-list', 'apt-get'],
};

export default config;
