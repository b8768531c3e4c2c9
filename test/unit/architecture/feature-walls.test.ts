import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The walls around the UI and server features (issue 32): `npm run cycles` (inside npm test) refuses an import of one
 * feature into another unless the allow list of .dependency-cruiser.mjs names that edge. This test cruises the
 * UI and the server with empty allow lists, so it sees every edge the walls stop: each must be in the allow list,
 * and each allow-list entry must still be needed (the lists only shrink).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONFIG = pathToFileURL(path.join(ROOT, '.dependency-cruiser.mjs')).href;

interface WallsConfig {
  UI_ALLOWED: readonly string[];
  SERVER_ALLOWED: readonly string[];
}

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** `from → to` folder names of a violation of a feature wall (src/ui/<folder>/… or server/<folder>/…). */
function edge(violation: Violation): string {
  const folder = (file: string) => /^(?:src\/ui|server)\/([^/]+)\//.exec(file)?.[1] ?? file;
  return `${folder(violation.from)} → ${folder(violation.to)}`;
}

describe('the walls around UI and server features', () => {
  let config: WallsConfig;
  let violations: Violation[] = [];
  let workDir = '';

  beforeAll(async () => {
    config = (await import(CONFIG)) as WallsConfig;
    workDir = await mkdtemp(path.join(tmpdir(), 'feature-walls-'));
    const cruiseConfig = path.join(workDir, 'walls.mjs');
    const output = path.join(workDir, 'cruise.json');
    await writeFile(
      cruiseConfig,
      `import config, { featureWalls } from ${JSON.stringify(CONFIG)};\nexport default { ...config, forbidden: featureWalls({ ui: [], server: [] }) };\n`,
    );
    const cli = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    await promisify(execFile)(process.execPath, [cli, '--config', cruiseConfig, '--output-type', 'json', '--output-to', output, 'src/ui', 'server'], { cwd: ROOT }).catch(
      // The CLI exits non-zero when it finds violations: with empty allow lists it does.
      (error: unknown) => {
        if (!(typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number')) throw error;
      },
    );
    const result = JSON.parse(await readFile(output, 'utf8')) as { summary: { violations: Violation[] } };
    violations = result.summary.violations;
  }, 240_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('stops an import of one feature into another (empty allow lists: every allowed edge is refused)', () => {
    expect(violations.some((v) => v.rule.name.startsWith('ui-'))).toBe(true);
    expect(violations.some((v) => v.rule.name.startsWith('server-'))).toBe(true);
  });

  it.each([
    ['UI', 'ui-', () => config.UI_ALLOWED],
    ['server', 'server-', () => config.SERVER_ALLOWED],
  ] as const)('allows of the %s exactly the edges still there: an entry no import needs must go', (_side, prefix, allowed) => {
    const edges = [...new Set(violations.filter((v) => v.rule.name.startsWith(prefix)).map(edge))].sort();
    expect([...allowed()].sort()).toEqual(edges);
  });

  it('holds the server to the protocol modules and shared rules of the core, without exceptions', () => {
    expect(violations.filter((v) => v.rule.name === 'server-takes-only-wire-and-rules-from-the-core')).toEqual([]);
  });
});
