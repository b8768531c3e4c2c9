import { describe, expect, it } from 'vitest';
import { main } from '../../examples/headless-login.ts';

describe('the README headless example', () => {
  it('registers, is refused a wrong password, logs in and validates, all on fakes', async () => {
    const lines: string[] = [];
    await main((line) => lines.push(line));
    expect(lines).toEqual([
      expect.stringMatching(/^visitor id: [0-9a-f-]{36}$/),
      'registered: 无头用户',
      'wrong password: 账号或密码错误 (toast: 账号或密码错误)',
      expect.stringMatching(/^logged in: 无头用户 \(uid \d+\)$/),
      'session valid: true',
      expect.stringContaining('POST /api/Login/Register'),
    ]);
  });
});
