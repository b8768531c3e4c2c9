import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Texts have their rooms (issue 32): an exported `…Texts` object is declared only in a texts module, one per feature:
 * `src/core/<feature>/<feature>-texts.ts` (imported by the feature's core, its screens and the server), or
 * `src/ui/<feature>/<feature>-texts.ts` for a UI feature with no core folder of its name (and the request layer's
 * `src/core/request/texts.ts`). The modules below hold one still, kept out of this change; the list only shrinks.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where exported texts may be declared. */
function isTextsRoom(file: string): boolean {
  return file.endsWith('-texts.ts') || file === 'src/core/request/texts.ts';
}

/** The names of the exported `…Texts` constants a module declares. */
function textsIn(source: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && /Texts$/.test(declaration.name.text)) found.push(declaration.name.text);
    }
  }
  return found;
}

async function modules(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return modules(relative);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
    }),
  );
  return nested.flat();
}

describe('texts live in texts modules', () => {
  it('finds exported …Texts constants, and nothing else', () => {
    expect(textsIn("export const GoldTexts = { unlock: '立即解锁' } as const;")).toEqual(['GoldTexts']);
    expect(textsIn("export const A = 1, FooterTexts: Record<number, string> = { 1: '加载中...' };")).toEqual(['FooterTexts']);
    expect(textsIn("const LocalTexts = { a: '取消' };\nexport const TextsLimit = 3;")).toEqual([]);
    expect(textsIn("export function GoldTexts() { return '立即解锁'; }")).toEqual([]);
  });

  it('declares exported texts only in a *-texts.ts module, beyond the modules not yet moved', async () => {
    const found: string[] = [];
    for (const file of (await Promise.all(['src', 'adapters', 'server'].map((dir) => modules(dir)))).flat()) {
      if (isTextsRoom(file)) continue;
      for (const name of textsIn(await readFile(path.join(ROOT, file), 'utf8'), file)) found.push(`${file}: ${name}`);
    }
    expect(found, 'move these into the feature’s <feature>-texts.ts').toEqual([]);
  }, 120_000);
});
