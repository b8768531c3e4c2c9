import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The wire is described once (issue 21): a type a feature's protocol module (`src/core/<feature>/<feature>-protocol.ts`)
 * declares is declared nowhere else, and the path of a call it declares is written nowhere else in the app, the
 * server or the fakes (they use the declaration; tests may spell the wire out). Features not yet moved to a protocol
 * module are not checked.
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

/** Protocol modules declared with call<…>() (the upload protocol predates it and is checked by its own suites). */
async function protocolModules(files: readonly string[], text: ReadonlyMap<string, string>): Promise<string[]> {
  return files.filter((file) => /-protocol\.ts$/.test(file) && file.startsWith('src/core/') && /\bcall<.+?>\(\)\(/s.test(text.get(file) ?? ''));
}

const declaredTypes = (source: string): string[] => [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1] ?? '');
const declaredPaths = (source: string): string[] => [...source.matchAll(/path: '(\/api\/[^']+)'/g)].map((match) => match[1] ?? '');

describe('the wire is described once', async () => {
  const files = (await Promise.all(SCANNED.map(sourceFiles))).flat();
  const text = new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(ROOT, file), 'utf8')] as const)));
  const modules = await protocolModules(files, text);

  it('finds the protocol modules', () => {
    expect(modules).toEqual(expect.arrayContaining([path.join('src', 'core', 'gold', 'gold-protocol.ts'), path.join('src', 'core', 'help', 'help-protocol.ts')]));
  });

  it.each(modules)('no other file declares a type %s declares', (module) => {
    const names = declaredTypes(text.get(module) ?? '');
    const twice = files.flatMap((file) => {
      if (file === module) return [];
      const source = text.get(file) ?? '';
      return names.filter((name) => new RegExp(`^\\s*(?:export )?(?:interface|type) ${name}\\b`, 'm').test(source)).map((name) => `${name} in ${file}`);
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
