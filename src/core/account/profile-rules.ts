/** Profile fields the user edits on /editInfo, checked as the server checks them. */
import { AccountLimits, ProfileRefusals } from './account-protocol.ts';

export const Gender = { Female: 0, Male: 1 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

const NICK_NAME_MAX = AccountLimits.nickNameMax;
export const INTRODUCTION_MAX = AccountLimits.introductionMax;

const ProfileMessage = {
  nickNameEmpty: '请输入昵称',
  nickName: ProfileRefusals.nickName,
  introduction: ProfileRefusals.introduction,
  gender: '请选择性别',
} as const;

/** Characters as the user sees them (an emoji counts once). */
export function characterCount(text: string): number {
  return [...text].length;
}

const CONTROL = /\p{Cc}/u;

/** The first problem with a nickname, or '' when it is fine (checked trimmed). */
export function checkNickName(nickName: string): string {
  const trimmed = nickName.trim();
  if (trimmed === '') return ProfileMessage.nickNameEmpty;
  if (characterCount(trimmed) > NICK_NAME_MAX || CONTROL.test(trimmed)) return ProfileMessage.nickName;
  return '';
}

/** The first problem with an introduction, or '' (line breaks allowed, other control characters not). */
export function checkIntroduction(introduction: string): string {
  const trimmed = introduction.trim();
  if (characterCount(trimmed) > INTRODUCTION_MAX || /[^\P{Cc}\n]/u.test(trimmed)) return ProfileMessage.introduction;
  return '';
}

/** Reads a gender as the server answers it: 0, 1, or null when not given. */
export function parseGender(value: unknown): Gender | null {
  if (value === 0 || value === '0') return Gender.Female;
  if (value === 1 || value === '1') return Gender.Male;
  return null;
}

export function genderText(gender: Gender | null): string {
  return gender === Gender.Female ? '女' : gender === Gender.Male ? '男' : '未设置';
}
