import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint wall around src/core: proves the rules fire, so `npm run lint` (inside npm test) fails on a violation. */
describe('the core wall', () => {
  const eslint = new ESLint();

  async function problems(code: string, filePath = 'src/core/session/violation.ts'): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  it.each([
    ["import axios from 'axios';\nexport const a = axios;", 'no-restricted-imports'],
    ["import { makeAutoObservable } from 'mobx';\nexport const a = makeAutoObservable;", 'no-restricted-imports'],
    ["import { useState } from 'react';\nexport const a = useState;", 'no-restricted-imports'],
    ["import { Container } from 'inversify';\nexport const a = Container;", 'no-restricted-imports'],
    ["import Toast from 'antd-mobile/es/components/toast';\nexport const a = Toast;", 'no-restricted-imports'],
    ["import { AxiosHttp } from '../../../adapters/http/axios-http.ts';\nexport const a = AxiosHttp;", 'no-restricted-imports'],
    ['export const a = window.location.href;', 'no-restricted-globals'],
    ["export const a = localStorage.getItem('user');", 'no-restricted-globals'],
    ['export const a = document.title;', 'no-restricted-globals'],
    ['export const a = setTimeout(() => 1, 10);', 'no-restricted-globals'],
    ['export const a = new Date();', 'no-restricted-syntax'],
    ['export const a = Date.now();', 'no-restricted-syntax'],
    ['export const a = Math.random();', 'no-restricted-syntax'],
  ])('refuses %s', async (code, rule) => {
    expect(await problems(code)).toContain(rule);
  });

  it('lets the core use its own ports', async () => {
    expect(await problems("import type { Clock } from '../ports/clock.ts';\nexport const now = (clock: Clock) => clock.now();")).toEqual([]);
  });

  it('does not restrict adapters', async () => {
    expect(await problems('export const a = window.localStorage;', 'adapters/storage/x.ts')).toEqual([]);
  });
});
