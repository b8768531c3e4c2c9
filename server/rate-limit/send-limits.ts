import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { RateLimitRule, RateLimiter } from './rate-limiter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** What one user sends that others see: private messages, barrages, comments and replies. */
export type SendKind = 'chat' | 'barrage' | 'comment';

/** The rules of each kind, applied in order (the first refusal answers). */
export type SendLimits = Readonly<Record<SendKind, readonly RateLimitRule[]>>;

/**
 * Per-user limits on sending, on top of the kinds' own spacing (a barrage a second, a comment every 3 s).
 * Generous for a person typing, tight for a script. Counted in the RateLimitStore (Redis with REDIS_URL),
 * so they hold under parallel requests and across processes. Numbers in docs/decisions.md.
 */
export const SEND_LIMITS: SendLimits = {
  chat: [
    { name: 'send:chat:10s', max: 10, windowMs: 10 * SECOND },
    { name: 'send:chat:1m', max: 40, windowMs: MINUTE },
  ],
  barrage: [
    { name: 'send:barrage:10s', max: 5, windowMs: 10 * SECOND },
    { name: 'send:barrage:1m', max: 20, windowMs: MINUTE },
  ],
  comment: [
    { name: 'send:comment:1m', max: 10, windowMs: MINUTE },
    { name: 'send:comment:1h', max: 60, windowMs: HOUR },
  ],
};

const REFUSAL: Record<SendKind, () => ApiError> = {
  chat: () => new ApiError(Ret.ChatTooFrequent, RetMessage.ChatTooFrequent),
  barrage: () => new ApiError(Ret.BarrageTooFrequent, RetMessage.BarrageFlood),
  comment: () => new ApiError(Ret.CommentTooFrequent, RetMessage.CommentTooFrequent),
};

/**
 * Counts one send of `kind` by the user and throws the kind's refusal (HTTP 200, like the kinds' other
 * refusals) when a rule is over its allowance. Call it after the request is validated, before storing.
 */
export async function takeSendSlot(limiter: RateLimiter, limits: SendLimits | undefined, kind: SendKind, userId: number): Promise<void> {
  for (const rule of (limits ?? SEND_LIMITS)[kind]) {
    if (!(await limiter.take(rule, String(userId)))) throw REFUSAL[kind]();
  }
}
