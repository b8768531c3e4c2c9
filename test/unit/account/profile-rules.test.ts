import { describe, expect, it } from 'vitest';
import { checkIntroduction, checkNickName, genderText, parseGender } from '../../../src/core/account/profile-rules.ts';

describe('profile rules', () => {
  it('nickname: 1 to 16 characters after trimming, no control characters', () => {
    expect(checkNickName('  ')).toBe('请输入昵称');
    expect(checkNickName('小明')).toBe('');
    expect(checkNickName('😀'.repeat(16))).toBe('');
    expect(checkNickName('a'.repeat(17))).toBe('昵称为1-16个字符且不含控制字符');
    expect(checkNickName('a\tb')).toBe('昵称为1-16个字符且不含控制字符');
  });

  it('introduction: up to 100 characters (an emoji counts once), line breaks allowed', () => {
    expect(checkIntroduction('')).toBe('');
    expect(checkIntroduction('😀'.repeat(100))).toBe('');
    expect(checkIntroduction('字'.repeat(101))).toBe('个人简介最多100个字');
    expect(checkIntroduction('第一行\n第二行')).toBe('');
    expect(checkIntroduction('a\u0000b')).toBe('个人简介最多100个字');
  });

  it('gender: 0 female, 1 male, anything else not given', () => {
    expect([0, '0', 1, '1', null, 2, 'x'].map(parseGender)).toEqual([0, 0, 1, 1, null, null, null]);
    expect([0, 1, null].map((g) => genderText(parseGender(g)))).toEqual(['女', '男', '未设置']);
  });
});
