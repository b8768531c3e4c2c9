import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The wall around screens (issue 21): a .tsx file under src/ui asks for its view-model by token and neither builds
 * one nor reaches the container. Proves the lint rule fires, so `npm run lint` (inside npm test) fails on a violation.
 */
describe('the screen wall', () => {
  const eslint = new ESLint();

  async function problems(code: string, filePath = 'src/ui/gold/violation.tsx'): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  it.each([
    ['new MyGoldViewModel(service, navigator);', 'a screen building its view-model'],
    ['useViewModel((c) => new MyGoldViewModel(c.get(GoldService)));', 'a screen handing useViewModel a factory'],
    ['useViewModel(function make(c) { return c.get(X); });', 'a factory written as a function'],
    ['const container = useContainer();', 'a screen reaching the container'],
  ])('refuses %s (%s)', async (statement) => {
    expect(await problems(`export function Screen() {\n  ${statement}\n  return null;\n}\n`)).toContain('no-restricted-syntax');
  });

  it('lets a screen ask for its view-model by token, with props', async () => {
    expect(await problems('export function Screen() {\n  useViewModel(MyGoldModel);\n  useViewModel(GoldGateModel, { mediaKey: "m", price: 1, unlocked: () => undefined });\n  return null;\n}\n')).toEqual([]);
  });

  it('lets the composition root build view-models', async () => {
    expect(await problems('export const make = (s: never) => new MyGoldViewModel(s);', 'src/composition/gold-bindings.ts')).toEqual([]);
  });
});
