import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The wire is described once (issue 21): a type a protocol module (`src/core/**\/*-protocol.ts`) declares is declared
 * nowhere else, and the path of a call it declares is written nowhere else in the app, the server or the fakes (they
 * use the declaration; tests may spell the wire out). Every protocol module is checked, and each declares its calls'
 * paths (`path: '/api/…'`, with call<>() or, for upload's multipart chunks, in UploadChunkCalls). The fake HTTP APIs
 * live in adapters/http, next to the declarations they answer: none is left under test/.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['src', 'server', 'adapters', 'test'];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
      return /\.tsx?$/.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

/** Every protocol module of the core. */
function protocolModules(files: readonly string[]): string[] {
  return files.filter((file) => /-protocol\.ts$/.test(file) && file.startsWith(`src${path.sep}core${path.sep}`));
}

/**
 * Fake HTTP APIs still under test/ (each imitates a feature's calls and belongs in adapters/http as fake-<feature>-api.ts,
 * answering its protocol module's declarations). Empty: every one has moved.
 */
const FAKE_APIS_LEFT_UNDER_TEST: readonly string[] = [];

const declaredTypes = (source: string): string[] => [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1] ?? '');
const declaredPaths = (source: string): string[] => [...source.matchAll(/path: '(\/api\/[^']+)'/g)].map((match) => match[1] ?? '');

describe('the wire is described once', async () => {
  const files = (await Promise.all(SCANNED.map(sourceFiles))).flat();
  const text = new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(ROOT, file), 'utf8')] as const)));
  const modules = protocolModules(files);

  it('finds the protocol modules', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        ...['gold', 'help', 'posts', 'upload', 'session', 'account', 'feedback', 'catalogue', 'ads', 'region', 'shell', 'download'].map((feature) => path.join('src', 'core', feature, `${feature}-protocol.ts`)),
        path.join('src', 'core', 'shared-kernel', 'captcha-protocol.ts'),
      ]),
    );
  });

  it('keeps no fake HTTP API under test/ (they live in adapters/http)', () => {
    const fakes = files.filter((file) => file.startsWith(`test${path.sep}`) && /fake[^/\\]*api[^/\\]*\.ts$/i.test(path.basename(file)));
    expect(fakes.sort()).toEqual([...FAKE_APIS_LEFT_UNDER_TEST].sort());
  });

  it.each(modules)('no other file declares a type %s declares', (module) => {
    const names = declaredTypes(text.get(module) ?? '');
    const twice = files.flatMap((file) => {
      if (file === module) return [];
      const source = text.get(file) ?? '';
      // A declaration (`interface X`, `type X =`), not a `type X,` inside a multi-line import.
      return names.filter((name) => new RegExp(`^\\s*(?:export )?(?:interface ${name}\\b|type ${name}\\b(?:<[^=]*>)?\\s*=)`, 'm').test(source)).map((name) => `${name} in ${file}`);
    });
    expect(twice).toEqual([]);
  });

  it.each(modules)('no other file writes the path of a call %s declares', (module) => {
    const paths = declaredPaths(text.get(module) ?? '');
    expect(paths.length).toBeGreaterThan(0);
    const twice = files.flatMap((file) => {
      // Tests may spell a call's path out: they check the wire as the spec names it.
      if (file === module || file.startsWith('test')) return [];
      const source = (text.get(file) ?? '').toLowerCase();
      return paths.filter((wire) => source.includes(`'${wire.toLowerCase()}'`) || source.includes(`\`${wire.toLowerCase()}`)).map((wire) => `${wire} in ${file}`);
    });
    expect(twice).toEqual([]);
  });
});
