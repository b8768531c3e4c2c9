/**
 * The operator console's own calls (issue 33), declared once (src/core/request/protocol.ts) for the console, the
 * reference server (server/operators/routes.ts) and, with the console, a fake. Operators are not app users: they sign
 * in here, and their session travels in an HttpOnly, SameSite=Strict cookie limited to /api/admin (the console never
 * holds the token); a change also needs the console's own Origin. Every path is under /api/admin/.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { Ret } from '../request/ret.ts';
import { CaptchaRet } from '../shared-kernel/captcha-protocol.ts';
import { ConsoleAccessRet } from '../shared-kernel/console-access.ts';
import { pageOf } from '../shared-kernel/video.ts';
import { OperatorLimits, OperatorTexts } from './admin-operators-texts.ts';
import { OPERATOR_NAME } from './operator-rules.ts';
import { OPERATOR_ROLES } from '../shared-kernel/console-access.ts';

/** The answer codes of the console's calls (the sign-in's limits and captcha answer as the app's: 1005, 1007, 1008). */
export const ConsoleRet = {
  ...ConsoleAccessRet,
  /** Unknown operator or wrong password (alike). */
  WrongCredentials: 9502,
  /** The right password of a disabled operator. */
  Disabled: 9503,
  /** EndSession: no open session of the caller's with that id. */
  SessionNotFound: 9506,
  /** Operators/Create: the name is taken. */
  NameTaken: 9507,
  /** Operators/Disable, ResetPassword: no operator with that name. */
  OperatorNotFound: 9508,
  /** Operators/Disable: an owner cannot disable themselves (the console would have no way back in). */
  NotYourself: 9509,
} as const;

/** The sign-in's limit (the app's 1005): too many password checks from this address. */
const TOO_MANY_ATTEMPTS = 1005;

/** The console's cookie: the session token, HttpOnly, SameSite=Strict, Path=/api/admin. */
export const CONSOLE_COOKIE = 'qiyu_console';

/** The signed-in operator. Without an id, a name or a known role the answer is unreadable. */
const operator = object({ id: wire.id, name: wire.word, role: picklist(OPERATOR_ROLES) });

export type ConsoleOperator = InferOutput<typeof operator>;

/** An operator as the owner's list shows it: also whether disabled, and when made (Unix ms). */
const listedOperator = object({ id: wire.id, name: wire.word, role: picklist(OPERATOR_ROLES), disabled: wire.flag, createdAt: wire.amount() });

export type ListedOperator = InferOutput<typeof listedOperator>;

/** A password the server made (shown once), with the operator it is for. */
const madePassword = object({ operator: listedOperator, password: wire.text });

export type MadePassword = InferOutput<typeof madePassword>;

const operatorName = { kind: 'text', max: OperatorLimits.nameMax, trim: true, pattern: OPERATOR_NAME, badMessage: OperatorTexts.nameInvalid } as const;

/** An open session of the operator's: where from (its browser), when made and last used (Unix ms), this one or not. */
const consoleSession = object({ id: wire.id, userAgent: wire.text, createdAt: wire.amount(), lastSeenAt: wire.amount(), current: wire.flag });

export type ConsoleSession = InferOutput<typeof consoleSession>;

/** A row of the audit log: who (the operator's name, or 命令行), when (Unix ms), what, before and after. */
const auditEntry = object({
  id: wire.id,
  operatorId: wire.amountOrNull,
  actor: wire.text,
  at: wire.amount(),
  action: wire.text,
  target: wire.text,
  before: wire.lenientAnswer(wire.recordOf),
  after: wire.lenientAnswer(wire.recordOf),
});

const auditPage = pageOf(auditEntry);

export type AuditPage = InferOutput<typeof auditPage>;

export const ConsoleOperatorCalls = {
  /** Signs an operator in: the cookie is set; the image captcha after 3 failures for a name, as the app's sign-in. */
  signIn: call({
    method: 'POST',
    path: '/api/admin/Operators/SignIn',
    carrier: 'form',
    params: {
      name: { kind: 'text', max: OperatorLimits.nameMax },
      password: { kind: 'text', max: OperatorLimits.passwordMax },
      captchaId: { kind: 'text', max: 64, optional: true },
      captchaCode: { kind: 'text', max: 16, optional: true },
    },
    answer: operator,
    refusals: [ConsoleRet.WrongCredentials, ConsoleRet.Disabled, CaptchaRet.Required, CaptchaRet.Wrong, TOO_MANY_ATTEMPTS],
  }),
  /** Ends this session and clears the cookie. */
  signOut: call({ method: 'POST', path: '/api/admin/Operators/SignOut', carrier: 'form', params: {}, answer: wire.none }),
  /** The operator of this session. */
  me: call({ method: 'GET', path: '/api/admin/Operators/Me', carrier: 'query', params: {}, answer: operator, refusals: [ConsoleRet.SignInRequired] }),
  /** The operator's open sessions, the newest first. */
  sessions: call({ method: 'GET', path: '/api/admin/Operators/Sessions', carrier: 'query', params: {}, answer: wire.items(consoleSession) }),
  /** Ends one of the operator's own sessions (another device's, or this one). */
  endSession: call({
    method: 'POST',
    path: '/api/admin/Operators/EndSession',
    carrier: 'form',
    params: { id: { kind: 'id' } },
    answer: wire.none,
    refusals: [ConsoleRet.SessionNotFound],
  }),
  /** Every operator (owners only), in the order they were made. */
  list: call({ method: 'GET', path: '/api/admin/Operators/List', carrier: 'query', params: {}, answer: wire.items(listedOperator), refusals: [ConsoleRet.Forbidden] }),
  /** Makes an operator (owners only): with the password given, or one made and answered (shown once). */
  create: call({
    method: 'POST',
    path: '/api/admin/Operators/Create',
    carrier: 'form',
    params: {
      name: operatorName,
      role: { kind: 'text', max: 16, oneOf: OPERATOR_ROLES },
      password: { kind: 'text', max: OperatorLimits.passwordMax, optional: true, pattern: new RegExp(`^[\\s\\S]{${OperatorLimits.passwordMin},}$`), badMessage: OperatorTexts.passwordInvalid },
    },
    answer: madePassword,
    // A name or password the rules refuse (1002, with the reason) is the form's to show, as a taken name is.
    refusals: [ConsoleRet.NameTaken, ConsoleRet.Forbidden, Ret.BadParam],
  }),
  /** Disables an operator and ends their sessions (owners only; not oneself). */
  disable: call({
    method: 'POST',
    path: '/api/admin/Operators/Disable',
    carrier: 'form',
    params: { name: operatorName },
    answer: listedOperator,
    refusals: [ConsoleRet.OperatorNotFound, ConsoleRet.NotYourself, ConsoleRet.Forbidden],
  }),
  /** Gives an operator a new password, made and answered (shown once), and ends their sessions (owners only). */
  resetPassword: call({
    method: 'POST',
    path: '/api/admin/Operators/ResetPassword',
    carrier: 'form',
    params: { name: operatorName },
    answer: madePassword,
    refusals: [ConsoleRet.OperatorNotFound, ConsoleRet.Forbidden],
  }),
  /** The audit log, the newest first (owners only): by operator and by action (`operators.` for a group). */
  audit: call({
    method: 'GET',
    path: '/api/admin/Audit/List',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: 100_000, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: 100, fallback: 20 },
      operatorId: { kind: 'id', optional: true, emptyIsNone: true },
      action: { kind: 'text', max: 64, optional: true, pattern: /^[a-z-]+(\.[a-z-]*)?$/ },
    },
    answer: auditPage,
    refusals: [ConsoleRet.Forbidden],
  }),
} as const;
