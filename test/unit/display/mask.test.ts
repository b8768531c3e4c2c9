import { describe, expect, it } from 'vitest';
import { characters, maskText } from '../../../src/core/display/mask.ts';

describe('masking', () => {
  it('4 characters or fewer are shown whole', () => {
    for (const text of ['', 'a', 'abcd', '张三', '欧阳娜娜', '😀😀😀😀', '👨‍👩‍👧‍👦ab']) expect(maskText(text)).toBe(text);
  });

  it('an email keeps the first 2 local characters, asterisks, then the domain', () => {
    expect(maskText('walker@example.com')).toBe('wa****@example.com');
    expect(maskText('小明同学@邮箱.中国')).toBe('小明**@邮箱.中国');
    expect(maskText('ab@x.cn')).toBe('a*@x.cn');
    expect(maskText('a@xy.cn')).toBe('*@xy.cn');
  });

  it('a value flagged as email is masked as one', () => {
    expect(maskText('walker@localhost', { email: true })).toBe('wa****@localhost');
    expect(maskText('walker@localhost')).toBe('wa************st');
    expect(maskText('no-at-sign', { email: true })).toBe('no******gn');
  });

  it('two words with a second longer than 4 keep the first word and the ends of the second', () => {
    expect(maskText('Tom Jefferson')).toBe('Tom Je*****on');
    expect(maskText('+86 13812345678')).toBe('+86 13*******78');
    expect(maskText('用户 我爱看电影啊')).toBe('用户 我爱**影啊');
  });

  it('two words with a short second word fall back to the ends of the whole text', () => {
    expect(maskText('Jefferson Tom')).toBe('Je*********om');
  });

  it('anything else keeps its first 2 and last 2 characters', () => {
    expect(maskText('13812345678')).toBe('13*******78');
    expect(maskText('我爱看电影')).toBe('我爱*电影');
    expect(maskText('a b c d e')).toBe('a ***** e');
  });

  it('never cuts a Chinese character or an emoji in half', () => {
    expect(maskText('😀😁😂🤣😃')).toBe('😀😁*🤣😃');
    expect(maskText('👩🏽‍💻👨‍👩‍👧‍👦开心每一天🇨🇳')).toBe('👩🏽‍💻👨‍👩‍👧‍👦****天🇨🇳');
    expect(characters(maskText('𠀀𠀁𠀂𠀃𠀄𠀅'))).toEqual(['𠀀', '𠀁', '*', '*', '𠀄', '𠀅']);
  });
});
