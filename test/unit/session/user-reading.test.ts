import { describe, expect, it } from 'vitest';
import { parseUser, tokenFromQuery, userFacts } from '../../../src/core/shared-kernel/user.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';

describe('a user as answers and stored copies give it', () => {
  it('reads loose facts the one way: ids and flags as text, none as null, the level at least 1', () => {
    const user = parseUser({
      id: '12',
      nickName: 7,
      vipLevel: '2',
      vipCategoryId: '',
      newWorks: '1',
      gender: '0',
      level: 0,
      gold: -3,
      token: { uid: '12', token: 'tok', expire: 1, sign: 's', extra: { nested: true } },
    });
    expect(user).toMatchObject({ id: 12, nickName: '7', vipLevel: 2, vipCategoryId: null, newWorks: true, gender: 0, level: 1, gold: 0, introduction: '' });
    // Every scalar token field travels; what is no scalar does not.
    expect(user?.token).toEqual({ uid: 12, token: 'tok', expire: 1, sign: 's' });
  });

  it('takes the token’s uid as the id when the facts give none, and is no user without a token with a uid', () => {
    expect(parseUser({ token: { uid: 5 } })?.id).toBe(5);
    expect(parseUser({ id: 5, token: { uid: 0 } })).toBeNull();
    expect(parseUser({ id: 5 })).toBeNull();
    expect(parseUser([{ token: { uid: 5 } }])).toBeNull();
    expect(parseUser(null)).toBeNull();
  });

  it('reads GetUserInfo’s facts without a token, and none when the answer is no object', () => {
    expect(parsed(userFacts, { id: 3, gender: 1, level: '4' })).toMatchObject({ id: 3, gender: 1, level: 4 });
    expect(parsed(userFacts, 'odd')).toBeNull();
  });

  it('reads a token given in a URL query (a native app opening a page for its user)', () => {
    expect(tokenFromQuery({ token: 't', sign: 's', expire: '99', login_uid: '8' })).toEqual({ token: 't', sign: 's', expire: 99, uid: 8 });
    expect(tokenFromQuery({ token: 't', login_uid: 'x' })).toBeNull();
    expect(tokenFromQuery({})).toBeNull();
  });
});
