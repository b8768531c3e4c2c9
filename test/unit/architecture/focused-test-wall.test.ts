import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * No focused or skipped test slips into a commit (issue 21): the lint rule refuses .only, .skip and .todo, and a
 * skipIf/runIf whose condition names no service (DATABASE_URL, REDIS_URL). Proves it fires, so `npm run lint`
 * (inside npm test) fails on one.
 */
describe('the focused-test wall', () => {
  const eslint = new ESLint();

  async function problems(code: string, filePath = 'test/unit/violation.test.ts'): Promise<string[]> {
    const [result] = await eslint.lintText(`import { bench, describe, it, test } from 'vitest';\n${code}\n`, { filePath });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  // The samples are linted as text: their method names are spliced in, so this file itself holds no focused or
  // skipped test that a search for them would find.
  const [only, skip, todo] = ['only', 'skip', 'todo'];
  it.each([
    [`it.${only}('a', () => {});`, 'a focused test'],
    [`describe.${only}('a', () => {});`, 'a focused suite'],
    [`test.${skip}('a', () => {});`, 'a skipped test'],
    [`describe.${skip}('a', () => {});`, 'a skipped suite'],
    [`it.concurrent.${only}('a', () => {});`, 'a focused concurrent test'],
    [`it.${todo}('a');`, 'a test left to do'],
    [`bench.${skip}('a', () => {});`, 'a skipped benchmark'],
    [`it.${skip}If(process.platform === 'win32')('a', () => {});`, 'a skipIf naming no service'],
    [`it('a', (context) => { context.${skip}(); });`, 'a test skipping itself'],
  ])('refuses %s (%s)', async (statement) => {
    expect(await problems(statement)).toContain('no-restricted-syntax');
  });

  it('lets a suite that needs PostgreSQL or Redis run only when it is there', async () => {
    const code = "const DATABASE_URL = process.env['DATABASE_URL'];\nconst REDIS_URL = process.env['REDIS_URL'];\n"
      + `describe.runIf(DATABASE_URL !== undefined)('a', () => {});\ndescribe.${skip}If(REDIS_URL === undefined)('b', () => {});\n`
      + `it.${skip}If(DATABASE_URL !== undefined)('c', () => {});\n`;
    expect(await problems(code)).not.toContain('no-restricted-syntax');
  });

  it('leaves skip methods of the code under test alone', async () => {
    expect(await problems(`const controller = { ${skip}: () => undefined };\ncontroller.${skip}();\nit('a', () => {});`)).not.toContain('no-restricted-syntax');
  });
});
