/**
 * Console sessions of operators: the sign-in (the app's limits: 20 password checks per address and 3 per name in 15
 * minutes, then the image captcha for that name), the session found from its cookie, and its end. A session lasts
 * 12 hours at most and ends after 2 hours unused; only the SHA-256 of its token is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { ApiError } from '../http/api-error.ts';
import type { ConsoleCaller, ConsoleGuard } from '../http/console-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { LOGIN_ATTEMPTS_PER_USER, LOGIN_FAILURES_PER_IP } from '../rate-limit/rate-limiter.ts';
import { CONSOLE_COOKIE, ConsoleRet } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { operatorNameProblem } from '../../src/core/admin-operators/operator-rules.ts';
import { findOpenSession, findOperatorByName, insertOperatorSession, touchOperatorSession, type OperatorRecord } from './operator-repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A session's longest life, and how long it may go unused. */
const CONSOLE_SESSION_MAX_MS = 12 * HOUR_MS;
const CONSOLE_SESSION_IDLE_MS = 2 * HOUR_MS;
/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 60 * 1000;
const MAX_USER_AGENT = 300;

/** The image captcha's answers (server/captcha's store, composed by the shell). */
export interface CaptchaCheck {
  consume(id: string, code: string, now: number): Promise<boolean>;
}

type SessionServices = Pick<AppServices, 'db' | 'passwords' | 'limiter' | 'clock'>;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The console cookie's token in a Cookie header, if any. */
function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** The Set-Cookie of a new session (or, with no token, of its end): HttpOnly, SameSite=Strict, only /api/admin. */
export function consoleCookie(token: string | null, secure: boolean): string {
  const life = token === null ? 'Max-Age=0' : `Max-Age=${CONSOLE_SESSION_MAX_MS / 1000}`;
  return `${CONSOLE_COOKIE}=${token ?? ''}; Path=/api/admin; HttpOnly; SameSite=Strict; ${life}${secure ? '; Secure' : ''}`;
}

export class OperatorSessions implements ConsoleGuard {
  constructor(
    private readonly services: SessionServices,
    private readonly captchas: CaptchaCheck,
  ) {}

  /**
   * Signs in: a wrong password and an unknown name answer alike (9502, after the same work); a disabled operator's
   * right password answers 9503. Answers the new session's token (for the cookie only) and the operator.
   */
  async signIn(
    form: { name: string; password: string; captchaId?: string | undefined; captchaCode?: string | undefined },
    address: string,
    userAgent: string,
  ): Promise<{ token: string; operator: OperatorRecord }> {
    const { db, passwords, limiter, clock } = this.services;
    const plausible = operatorNameProblem(form.name) === null;
    const nameKey = `console:${form.name}`;
    const addressClaim = await limiter.claim(LOGIN_FAILURES_PER_IP, address);
    if (addressClaim === null) throw new ApiError(Ret.TooManyAttempts, RetMessage.TooManyLoginAttempts);
    try {
      if (plausible && (await limiter.claim(LOGIN_ATTEMPTS_PER_USER, nameKey)) === null) {
        const captchaId = form.captchaId ?? '';
        const captchaCode = form.captchaCode ?? '';
        if (captchaId === '' || captchaCode === '') throw new ApiError(Ret.CaptchaRequired, RetMessage.CaptchaRequired);
        if (!(await this.captchas.consume(captchaId, captchaCode, clock.now()))) throw new ApiError(Ret.CaptchaWrong, RetMessage.CaptchaWrong);
      }
    } catch (error) {
      await addressClaim.release();
      throw error;
    }
    const found = plausible ? await findOperatorByName(db, form.name) : null;
    const valid = found === null ? await passwords.verifyDummy(form.password) : await passwords.verify(form.password, found.passwordHash);
    if (found === null || !valid) throw new ApiError(ConsoleRet.WrongCredentials, OperatorTexts.wrongCredentials);
    await Promise.all([addressClaim.release(), limiter.reset(LOGIN_ATTEMPTS_PER_USER, nameKey)]);
    if (found.operator.disabled) throw new ApiError(ConsoleRet.Disabled, OperatorTexts.disabled);

    const token = randomBytes(32).toString('base64url');
    const at = new Date(clock.now());
    const agent = userAgent.slice(0, MAX_USER_AGENT);
    await db.transaction(async (tx) => {
      const session = await insertOperatorSession(tx, found.operator.id, digest(token), agent, at);
      await recordAudit(tx, { operatorId: found.operator.id, name: found.operator.name }, { action: 'operators.sign-in', target: `session:${session.id}`, before: null, after: { userAgent: agent } }, at);
    });
    return { token, operator: found.operator };
  }

  /** The operator of the request's open session: none for no cookie, an ended, expired or unused one, or a disabled operator. */
  async callerOf(request: FastifyRequest): Promise<ConsoleCaller | null> {
    const token = tokenOf(request);
    if (token === null || token.length > 100) return null;
    const { db, clock } = this.services;
    const open = await findOpenSession(db, digest(token));
    if (open === null || open.operator.disabled) return null;
    const now = clock.now();
    if (now - open.session.createdAt.getTime() >= CONSOLE_SESSION_MAX_MS || now - open.session.lastSeenAt.getTime() >= CONSOLE_SESSION_IDLE_MS) return null;
    if (now - open.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchOperatorSession(db, open.session.id, new Date(now));
    const { id, name, role } = open.operator;
    return { operator: { id, name, role }, sessionId: open.session.id };
  }
}
