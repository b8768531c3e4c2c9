import { describe, expect, it } from 'vitest';
import {
  INVITE_CODE_ALPHABET,
  InvitationRules,
  entryDeadline,
  entryRefusal,
  invitationLink,
  invitationRulesText,
  inviteCodeFrom,
  inviterRewardFor,
  isInviteCodeShape,
  normalizeInviteCode,
  type EntryFacts,
} from '../../../src/core/invitation/invitation-rules.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2030, 0, 15);
const facts = (over: Partial<EntryFacts> = {}): EntryFacts => ({
  callerId: 1,
  registeredAt: NOW - DAY,
  now: NOW,
  hasInviter: false,
  ownerId: 2,
  ownerChain: [],
  ...over,
});

describe('invitation codes', () => {
  it('use 32 characters none of which is I, O, 0 or 1', () => {
    expect(INVITE_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(INVITE_CODE_ALPHABET).size).toBe(32);
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[IO01]/);
  });

  it('are drawn from one random number per character, always of the code’s shape', () => {
    expect(inviteCodeFrom([0, 1, 2, 31, 32, 33])).toBe('ABC9AB');
    expect(isInviteCodeShape(inviteCodeFrom([5, -7, 1e9, 3.7, 0, 999]))).toBe(true);
    expect(() => inviteCodeFrom([1, 2, 3])).toThrow();
  });

  it('are read case-insensitively, spaces and dashes dropped', () => {
    expect(normalizeInviteCode(' ab c-d2 9 ')).toBe('ABCD29');
    expect(isInviteCodeShape('ABCD29')).toBe(true);
    expect(isInviteCodeShape('ABCD2')).toBe(false);
    expect(isInviteCodeShape('ABCD2O')).toBe(false);
    expect(isInviteCodeShape('ABCD21')).toBe(false);
    expect(isInviteCodeShape('abcd29')).toBe(false);
  });

  it('travel in the link to /register', () => {
    expect(invitationLink('https://qiyu.example/', 'ABCD29')).toBe('https://qiyu.example/register?inviteCode=ABCD29');
    expect(invitationLink('http://127.0.0.1:5173', 'ZZZZZZ')).toBe('http://127.0.0.1:5173/register?inviteCode=ZZZZZZ');
  });
});

describe('entryRefusal', () => {
  it('lets a new account enter another’s code', () => {
    expect(entryRefusal(facts())).toBeNull();
  });

  it('refuses a second entry first, whatever the code', () => {
    expect(entryRefusal(facts({ hasInviter: true, ownerId: null, registeredAt: NOW - 30 * DAY }))).toBe('already');
  });

  it('refuses after the 7 days since registering (the last moment still counts)', () => {
    expect(entryRefusal(facts({ registeredAt: NOW - 7 * DAY }))).toBeNull();
    expect(entryRefusal(facts({ registeredAt: NOW - 7 * DAY - 1 }))).toBe('too-late');
    expect(entryDeadline(NOW)).toBe(NOW + InvitationRules.entryPeriodMs);
  });

  it('refuses a code nobody has, then one’s own', () => {
    expect(entryRefusal(facts({ ownerId: null }))).toBe('not-found');
    expect(entryRefusal(facts({ ownerId: 1 }))).toBe('own');
  });

  it('refuses a circle: the caller anywhere up the owner’s chain of inviters', () => {
    expect(entryRefusal(facts({ ownerChain: [1] }))).toBe('circle');
    expect(entryRefusal(facts({ ownerChain: [9, 8, 1, 7] }))).toBe('circle');
    expect(entryRefusal(facts({ ownerChain: [9, 8, 7] }))).toBeNull();
  });
});

describe('rewards', () => {
  it('give the inviter 100 for each of the first 10 within the window, then nothing', () => {
    expect(inviterRewardFor(0)).toBe(100);
    expect(inviterRewardFor(9)).toBe(100);
    expect(inviterRewardFor(10)).toBe(0);
    expect(InvitationRules.inviteeReward).toBe(50);
  });

  it('are stated in the rules text with the 7-day limit', () => {
    const text = invitationRulesText().join('\n');
    expect(text).toContain('100金币');
    expect(text).toContain('50金币');
    expect(text).toContain('7天');
    expect(text).toContain('10位');
  });
});
