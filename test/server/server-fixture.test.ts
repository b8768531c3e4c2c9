import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * Every server test file gets its database and app from the server fixture (server-fixture.ts: useServerFixture,
 * startApp, withTestDatabase): none calls createTestDatabase or createApp itself, but the files listed here.
 */
const SPECIAL: Readonly<Record<string, string>> = {
  // Each describe runs on a database of each kind side by side (PGlite always, PostgreSQL with DATABASE_URL).
  'bad-input.test.ts': 'one app per database kind',
};

const DIR = new URL('./', import.meta.url);
const DIRECT_CALL = /(?<!function\s)\b(createTestDatabase|createApp)\(/g;

async function directCalls(): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(DIR)).filter((file) => file.endsWith('.ts')).sort()) {
    if (name === 'server-fixture.ts' || name === 'server-fixture.test.ts' || name in SPECIAL) continue;
    const source = await readFile(new URL(name, DIR), 'utf8');
    for (const match of source.matchAll(DIRECT_CALL)) found.push(`${name}: ${match[1] ?? ''}(`);
  }
  return found;
}

describe('the server fixture', () => {
  it('is where every server test file gets its database and app', async () => {
    expect(await directCalls()).toEqual([]);
  });

  it('lists as special only files that still need it', async () => {
    for (const name of Object.keys(SPECIAL)) {
      expect(await readFile(new URL(name, DIR), 'utf8'), name).toMatch(DIRECT_CALL);
    }
  });
});
