import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../../../src/core');

async function sources(folder: string): Promise<Array<[string, string]>> {
  const names = (await readdir(path.join(root, folder))).filter((n) => n.endsWith('.ts'));
  return Promise.all(names.map(async (n) => [`${folder}/${n}`, await readFile(path.join(root, folder, n), 'utf8')] as [string, string]));
}

/** The brief's wall around the feature: upload and posts never import each other; no timers or dates of their own. */
describe('the upload and posts features', () => {
  it('do not import each other', async () => {
    for (const [file, text] of await sources('upload')) expect(text, file).not.toMatch(/from '\.\.\/posts\//);
    for (const [file, text] of await sources('posts')) expect(text, file).not.toMatch(/from '\.\.\/upload\//);
  });

  it('hold no window., document., setTimeout( or new Date(', async () => {
    const forbidden = ['window' + '.', 'document' + '.', 'setTimeout' + '(', 'new Date' + '('];
    for (const [file, text] of [...(await sources('upload')), ...(await sources('posts'))]) {
      for (const word of forbidden) expect(text.includes(word), `${file}: ${word}`).toBe(false);
    }
  });
});
