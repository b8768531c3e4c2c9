/**
 * Account security's calls (issue 22), declared once (src/core/request/protocol.ts): the app's ChangePassword sends
 * them, the reference server (server/account-security/routes.ts) serves them.
 */
import { object, picklist, type InferOutput } from 'valibot';
import { CaptchaFields } from '../shared-kernel/captcha-protocol.ts';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { VerificationRules } from './verification-rules.ts';

/** The longest password a form may carry (the password rules allow 128 characters; longer is refused as 1002). */
const MAX_PASSWORD = 128;

/** The answer codes of account security's calls that the app handles itself. */
export const AccountSecurityRet = {
  /** ChangePassword: the current password is not the account's. */
  WrongPassword: 6201,
  /** ChangePassword: the new password is the current one. */
  SamePassword: 6202,
  /** Recovery: the recovery ticket is unknown, expired, already used, or its code was not checked yet. */
  RecoveryExpired: 6210,
  /** Recovery: a new code to this target only after the resend interval (data: {@link CodeWait}). */
  CodeTooSoon: 6211,
  /** Recovery: the target had its day's codes. */
  CodeDayLimit: 6212,
  /** Recovery: the code could not be sent (the mail or SMS transport refused it). */
  CodeNotSent: 6213,
  /** Recovery: not the code (tries remain). */
  CodeWrong: 6214,
  /** Recovery: no code is waiting (expired, used or replaced). */
  CodeExpired: 6215,
  /** Recovery: the code took its 5 wrong tries. */
  CodeExhausted: 6216,
  /** Binding: the password proof is unknown, expired or another account's (confirm the password again). */
  ProofExpired: 6220,
  /** Binding: another account has this email or phone. */
  TargetTaken: 6221,
  /** Binding: it is already this account's. */
  TargetSame: 6222,
  /** EndDevice: no other signed-in device with that id (already ended, or this one). */
  DeviceNotFound: 6230,
} as const;

/** A signed-in device: one live session of the account (without an id it is left off the list). */
const signedInDevice = object({
  /** Not the session token: a digest naming it on this list. */
  id: wire.key,
  /** "iPhone · Safari", "Android · 微信", "电视 · 浏览器". */
  device: wire.text,
  /** The region it signed in from ('' when unknown). */
  place: wire.text,
  /** Unix ms. */
  signedInAt: wire.amount(),
  /** Unix ms (to within 10 minutes). */
  lastUsedAt: wire.amount(),
  /** The device asking. */
  current: wire.flag,
});

export type SignedInDevice = InferOutput<typeof signedInDevice>;

/** EndDevice: how many sessions ended. */
const devicesEnded = object({ ended: wire.count });

/** A bindable email: one @, a dotted domain, no spaces; at most 100 characters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as typed for binding: 5 to 15 digits (without the country calling code). */
export const PHONE_PATTERN = /^[0-9]{5,15}$/;
/** A country calling code: 1 to 4 digits, without the plus. */
const AREA_CODE_PATTERN = /^[0-9]{1,4}$/;

/**
 * VerifyPassword: a proof that the account's password was just typed, good for 10 minutes (bind steps send it);
 * without the proof the answer is unreadable.
 */
const passwordProof = object({ proof: wire.key, expiresInMs: wire.amount() });

export type PasswordProof = InferOutput<typeof passwordProof>;

/** BindEmailMobile: what the account has bound now ('' for nothing). */
const bindings = object({ email: wire.text, phone: wire.text, AreaCode: wire.text });

export type Bindings = InferOutput<typeof bindings>;

/** Where a code can go. */
const CODE_CHANNELS = ['email', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** A way to reach the account, masked by the display rules (the full address is never sent); an unknown channel is left out. */
const recoveryChannel = object({ channel: picklist(CODE_CHANNELS), masked: wire.text });

export type RecoveryChannel = InferOutput<typeof recoveryChannel>;

/**
 * StartRecovery: the recovery's ticket (good for 30 minutes; without it the answer is unreadable) and where a code
 * can go. An account that does not exist answers like one with nothing bound (no channels): the answer never says
 * whether an account exists.
 */
const recoveryStarted = object({ ticket: wire.key, channels: wire.items(recoveryChannel) });

export type RecoveryStarted = InferOutput<typeof recoveryStarted>;

/** SendRecoveryCode (and SendBindCode): the code went out (to the masked address); the next may go this long after. */
const codeSent = object({ masked: wire.text, resendAfterMs: wire.amount() });

export type CodeSent = InferOutput<typeof codeSent>;

/** The data of {@link AccountSecurityRet.CodeTooSoon}. */
export interface CodeWait {
  waitMs: number;
}

const TICKET = { kind: 'text', max: 64, pattern: /^[A-Za-z0-9_-]+$/ } as const;
const CHANNEL = { kind: 'text', max: 5, oneOf: CODE_CHANNELS } as const;

/** ChangePassword: the password is changed; this many other sessions of the account were ended. */
const passwordChanged = object({ endedSessions: wire.count });

export type PasswordChanged = InferOutput<typeof passwordChanged>;

export const AccountSecurityCalls = {
  /**
   * Changes the caller's password: the current one, then the new one under the password rules. The calling session
   * stays signed in; every other session of the account ends at once. Signed in only.
   */
  changePassword: call({
    method: 'POST',
    path: '/api/User/ChangePassword',
    carrier: 'form',
    params: {
      oldPassword: { kind: 'text', max: MAX_PASSWORD },
      newPassword: { kind: 'text', max: MAX_PASSWORD },
    },
    answer: passwordChanged,
  }),
  /**
   * Password recovery, step 1 (/retrievePasswordImg): the account (its name, bound email or phone) and an image
   * captcha (good once). Anyone may ask; the captcha limits how fast.
   */
  startRecovery: call({
    method: 'POST',
    path: '/api/User/StartRecovery',
    carrier: 'form',
    params: {
      account: { kind: 'text', max: 64, trim: true },
      [CaptchaFields.id]: { kind: 'text', max: 64 },
      [CaptchaFields.code]: { kind: 'text', max: 16, trim: true },
    },
    answer: recoveryStarted,
  }),
  /** Step 2 (/retrievePasswordCode): a 6-digit code to the chosen channel (60 s between sends, 10 a day). */
  sendRecoveryCode: call({
    method: 'POST',
    path: '/api/User/SendRecoveryCode',
    carrier: 'form',
    params: { ticket: TICKET, channel: CHANNEL },
    answer: codeSent,
  }),
  /** Step 3: the code as typed (5 tries); right, the ticket may set a new password. */
  checkRecoveryCode: call({
    method: 'POST',
    path: '/api/User/CheckRecoveryCode',
    carrier: 'form',
    params: { ticket: TICKET, channel: CHANNEL, code: { kind: 'text', max: VerificationRules.digits, trim: true } },
    answer: wire.none,
  }),
  /** /verifyPassword: the signed-in user's password, before an email or phone is bound or changed (5 per 15 minutes). */
  verifyPassword: call({
    method: 'POST',
    path: '/api/User/VerifyPassword',
    carrier: 'form',
    params: { password: { kind: 'text', max: MAX_PASSWORD } },
    answer: passwordProof,
  }),
  /** /setEmailMobile: a code to the new email (channel email) or phone (channel sms, with its calling code). */
  sendBindCode: call({
    method: 'POST',
    path: '/api/User/SendBindCode',
    carrier: 'form',
    params: {
      proof: TICKET,
      channel: CHANNEL,
      target: { kind: 'text', max: 100, trim: true },
      areaCode: { kind: 'text', max: 4, pattern: AREA_CODE_PATTERN, optional: true },
    },
    answer: codeSent,
  }),
  /** /setEmailMobile: the code typed back; the email or phone is bound (replacing the old one). */
  bindEmailMobile: call({
    method: 'POST',
    path: '/api/User/BindEmailMobile',
    carrier: 'form',
    params: {
      proof: TICKET,
      channel: CHANNEL,
      target: { kind: 'text', max: 100, trim: true },
      areaCode: { kind: 'text', max: 4, pattern: AREA_CODE_PATTERN, optional: true },
      code: { kind: 'text', max: VerificationRules.digits, trim: true },
    },
    answer: bindings,
  }),
  /** /accountSecurity's 登录设备: the account's signed-in devices, this one first. Signed in only. */
  devices: call({ method: 'GET', path: '/api/User/GetLoginDevices', carrier: 'query', params: {}, answer: wire.items(signedInDevice) }),
  /** Ends one other device's session (id), or every other one (all=1); they are told at once. Signed in only. */
  endDevice: call({
    method: 'POST',
    path: '/api/User/EndLoginDevice',
    carrier: 'form',
    params: {
      id: { kind: 'text', max: 64, pattern: /^[A-Za-z0-9_-]+$/, optional: true },
      all: { kind: 'int', min: 0, max: 1, fallback: 0 },
    },
    answer: devicesEnded,
  }),
  /** 注销账号: a code to the account's bound email (channel email) or phone (channel sms). Signed in only. */
  sendDeleteCode: call({ method: 'POST', path: '/api/User/SendDeleteCode', carrier: 'form', params: { channel: CHANNEL }, answer: wire.none }),
  /**
   * 注销账号: the password and, when an email or phone is bound, the code sent to it. The account can no longer sign
   * in; every session ends. Signed in only.
   */
  deleteAccount: call({
    method: 'POST',
    path: '/api/User/DeleteAccount',
    carrier: 'form',
    params: {
      password: { kind: 'text', max: MAX_PASSWORD },
      channel: { ...CHANNEL, optional: true },
      code: { kind: 'text', max: VerificationRules.digits, trim: true, optional: true },
    },
    answer: wire.none,
  }),
  /** Step 4 (/resetPassword): the new password under the rules; every session of the account ends. */
  resetPassword: call({
    method: 'POST',
    path: '/api/User/ResetPassword',
    carrier: 'form',
    params: { ticket: TICKET, newPassword: { kind: 'text', max: MAX_PASSWORD } },
    answer: wire.none,
  }),
} as const;
