import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../../src/core/session/common-passwords.ts';
import { PasswordRules, newPasswordProblem, passwordLengthProblem } from '../../../src/core/session/password-rules.ts';
import { checkPassword } from '../../../server/login/credentials.ts';

describe('password rules (shared by the app and the server)', () => {
  it('wants 8 to 128 characters, counted as a person counts them', () => {
    expect(PasswordRules).toEqual({ minLength: 8, maxLength: 128 });
    expect(newPasswordProblem('abcd-12')).toBe('密码至少8位');
    expect(newPasswordProblem('abcd-123')).toBeNull();
    expect(newPasswordProblem('x'.repeat(128))).toBeNull();
    expect(newPasswordProblem('x'.repeat(129))).toBe('密码最多128位');
    expect(passwordLengthProblem('😀'.repeat(7))).toBe('密码至少8位');
    expect(passwordLengthProblem('😀'.repeat(8))).toBeNull();
    expect(passwordLengthProblem('😀'.repeat(128))).toBeNull();
  });

  it('allows spaces and any characters', () => {
    expect(newPasswordProblem('correct horse battery staple')).toBeNull();
    expect(newPasswordProblem('  leading and trailing  ')).toBeNull();
    expect(newPasswordProblem('我的密码很长很长')).toBeNull();
  });

  it('refuses the most common passwords, whatever their case', () => {
    for (const common of ['password', 'PASSWORD', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'pass1234']) {
      expect(newPasswordProblem(common), common).toBe('该密码过于常见，容易被猜到，请换一个');
    }
    expect(isCommonPassword('QwErTyUiOp')).toBe(true);
  });

  it('keeps the demo passwords and the tests\' passwords usable', () => {
    for (const fine of ['demo123456', 'kefu123456', 'secret123', 'blue-kite-88', 'bench123456']) expect(isCommonPassword(fine), fine).toBe(false);
  });

  it('is the rule the server applies', () => {
    for (const password of ['abcd-12', 'password1', 'x'.repeat(129), 'abcd-123', 'with spaces ok']) {
      const problem = newPasswordProblem(password);
      if (problem === null) expect(checkPassword(password)).toBe(password);
      else expect(() => checkPassword(password)).toThrow(problem);
    }
  });
});
