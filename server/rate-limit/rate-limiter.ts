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

/**
 * Password checks for one account name without an image captcha: claimed before the check, given back when it
 * succeeds. Past them the login asks for a captcha instead of locking the account (docs/decisions.md, issue 18).
 */
export const LOGIN_ATTEMPTS_PER_USER: RateLimitRule = { name: 'login-fail:user', max: 3, windowMs: 15 * MINUTE };
/** Password checks from one address (with or without captcha): claimed before the check, given back on success; a hard limit. */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { name: 'login-fail:ip', max: 20, windowMs: 15 * MINUTE };
/** Image captchas one address may ask for. */
/** Current-password checks for one account when changing the password: claimed before the check, given back when right. */
export const PASSWORD_CHECKS_PER_USER: RateLimitRule = { name: 'password-check:user', max: 5, windowMs: 15 * MINUTE };
export const CAPTCHAS_PER_IP: RateLimitRule = { name: 'captcha:ip', max: 60, windowMs: 15 * MINUTE };
export const REGISTRATIONS_PER_IP: RateLimitRule = { name: 'register:ip', max: 10, windowMs: 60 * MINUTE };

/** An attempt counted by RateLimiter.claim. */
export interface RateLimitClaim {
  /** Takes the attempt back out of the count. */
  release(): Promise<void>;
}

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

  /**
   * Records an attempt and says whether it is within the allowance (this attempt included). One atomic
   * hit: parallel requests, and processes sharing Redis, cannot all slip under the limit. Refused attempts
   * count too, so a flood stays refused until it pauses.
   */
  async take(rule: RateLimitRule, subject: string): Promise<boolean> {
    return (await this.store.hit(this.key(rule, subject), rule.windowMs, this.clock.now())) <= rule.max;
  }

  /**
   * Claims one attempt before the work it guards (a password check): atomically, so parallel requests and
   * processes sharing Redis never get more than the rule's max within the window. Null when none is left;
   * the claim's release() gives the attempt back (the work went well).
   */
  async claim(rule: RateLimitRule, subject: string): Promise<RateLimitClaim | null> {
    const key = this.key(rule, subject);
    const id = await this.store.claim(key, rule.windowMs, this.clock.now(), rule.max);
    return id === null ? null : { release: () => this.store.release(key, id) };
  }

  /** Forgets every attempt of the subject under the rule (an owner logged in). */
  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.reset(this.key(rule, subject));
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `${rule.name}:${subject.toLowerCase()}`;
  }
}
