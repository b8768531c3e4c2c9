import type { Clock } from '../clock.ts';
import type { RateLimitStore } from './rate-limit-store.ts';

export interface RateLimitRule {
  /** Key namespace, e.g. `login-fail:user`. */
  name: string;
  /** Attempts allowed within the window; the next one is refused. */
  max: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;

export const LOGIN_FAILURES_PER_USER: RateLimitRule = { name: 'login-fail:user', max: 5, windowMs: 15 * MINUTE };
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { name: 'login-fail:ip', max: 20, windowMs: 15 * MINUTE };
export const REGISTRATIONS_PER_IP: RateLimitRule = { name: 'register:ip', max: 10, windowMs: 60 * MINUTE };

/** Applies rules to subjects (a user name, an address) over a RateLimitStore. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  /** True when the subject already used up the rule's allowance. */
  async isExhausted(rule: RateLimitRule, subject: string): Promise<boolean> {
    return (await this.store.count(this.key(rule, subject), rule.windowMs, this.clock.now())) >= rule.max;
  }

  async record(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.hit(this.key(rule, subject), rule.windowMs, this.clock.now());
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${rule.name}:${subject.toLowerCase()}`;
  }
}
