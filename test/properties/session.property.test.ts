import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNickName, checkPassword } from '../../server/login/credentials.ts';
import { commonParams, type RequestContext } from '../../src/core/request/common-params.ts';
import { checkRegisterForm } from '../../src/core/session/credentials.ts';
import { newPasswordProblem } from '../../src/core/session/password-rules.ts';
import { SessionLimits } from '../../src/core/session/session-protocol.ts';
import { parseUser, tokenParams } from '../../src/core/shared-kernel/user.ts';

const accepts = (check: () => unknown): boolean => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

/** Strings that sit near the rules' edges: the right alphabet, spaces, CJK, emoji, control characters. */
const edgy = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', '_', ' ', '-', '中', '😀', '\t', '\u0007', 'é'),
  maxLength: 24,
});

describe('registration rules', () => {
  it('the app accepts exactly the forms the server accepts', () => {
    fc.assert(
      fc.property(edgy, edgy, edgy, (userName, password, nickName) => {
        const client = checkRegisterForm({ userName, password, confirmPassword: password, nickName }, newPasswordProblem) === null;
        const trimmed = userName.trim();
        const server =
          trimmed !== '' &&
          password !== '' &&
          SessionLimits.userName.test(trimmed) &&
          accepts(() => checkPassword(password)) &&
          accepts(() => checkNickName(nickName, trimmed));
        expect(client).toBe(server);
      }),
      { numRuns: 2000 },
    );
  });
});

const token = fc.record({
  uid: fc.integer({ min: 1, max: 2 ** 31 }),
  token: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
  expire: fc.integer({ min: 0, max: 2 ** 32 }),
  sign: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 64 }),
});

describe('stored users', () => {
  it('a parsed user survives being stored as JSON and read back', () => {
    fc.assert(
      fc.property(token, fc.string(), fc.nat(10), fc.boolean(), (t, nickName, vipLevel, newWorks) => {
        const user = parseUser({ id: t.uid, nickName, vipLevel, newWorks, token: t });
        expect(user).not.toBeNull();
        expect(parseUser(JSON.parse(JSON.stringify(user)))).toEqual(user);
      }),
    );
  });

  it('anything without a token with a positive uid is not a logged-in user', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const user = parseUser(value);
        if (user) expect(user.token.uid).toBeGreaterThan(0);
      }),
    );
  });
});

describe('common parameters', () => {
  it('always carry the fixed four, DeviceId only with a visitor id, token fields and login_uid only when logged in', () => {
    fc.assert(
      fc.property(fc.option(fc.uuid(), { nil: null }), fc.boolean(), fc.option(token, { nil: null }), (visitorId, traditional, t) => {
        const context: RequestContext = {
          visitorId: () => visitorId,
          traditionalChinese: () => traditional,
          tokenParams: () => (t ? tokenParams(t) : null),
          sessionInvalidated: () => undefined,
        };
        const params = commonParams(context);
        expect(params).toMatchObject({ System: 'h5', AppVersion: '1.0', SystemVersion: 'h5', version: 'H3', Lang: traditional ? 1 : 0 });
        expect('DeviceId' in params).toBe(visitorId !== null);
        if (visitorId) expect(params.DeviceId).toBe(visitorId);
        expect(params.login_uid).toBe(t ? t.uid : undefined);
        if (t) expect(params).toMatchObject(t);
      }),
    );
  });
});
