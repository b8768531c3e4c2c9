import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserInfoRefresher } from '../shared-kernel/user.ts';
import { AccountSecurityCalls, EMAIL_PATTERN, PHONE_PATTERN, type Bindings, type CodeChannel } from './account-security-protocol.ts';
import { AccountSecurityTexts } from './account-security-texts.ts';
import { COUNTRIES, type Country } from '../shared-kernel/countries.ts';
import { isWellFormedCode, VerificationRules } from './verification-rules.ts';
import { resendInSeconds, sentAtOfRefusal } from './code-resend.ts';

/** Where a binding under way stands (session storage: a reload keeps the place; the proof lasts 10 minutes). */
export interface BindingState {
  channel: CodeChannel;
  proof: string;
  /** The phone's country or region (ISO code). */
  country: string;
  /** The email or phone being bound, once a code went to it. */
  target: string;
  sentAt: number;
  /** What was bound, once done. */
  bound: string;
}

export type BindingOutcome = { ok: true } | { ok: false; message: string };

const STORE_KEY = 'emailMobileBinding';
const DEFAULT_COUNTRY = 'CN';

const BindingTexts = {
  passwordMissing: '请输入密码',
  codeMalformed: `请输入${VerificationRules.digits}位数字验证码`,
  failed: '操作失败，请稍后再试',
} as const;

const messageOf = (error: unknown): string => (error instanceof ApiError ? error.msg : BindingTexts.failed);

export function countryOf(code: string): Country {
  return COUNTRIES.find((each) => each.code === code) ?? COUNTRIES.find((each) => each.code === DEFAULT_COUNTRY) ?? { code: DEFAULT_COUNTRY, name: '中国', dial: '86', letter: 'Z' };
}

/**
 * Binding or changing the account's email or phone as the app walks it: /emailMobileSetting chooses which,
 * /verifyPassword confirms the password (a proof), /setEmailMobile sends a code to the new one (a phone with the
 * country or region chosen on /countryList) and binds it with the code, /setEmailMobileSuccess says what is bound.
 */
export class BindingFlow {
  constructor(
    private readonly api: ApiClient,
    private readonly store: KeyValueStore,
    private readonly sessions: UserInfoRefresher,
    private readonly now: () => number,
  ) {}

  state(): BindingState | null {
    const raw = this.store.get(STORE_KEY);
    if (raw === null) return null;
    try {
      const value = JSON.parse(raw) as Partial<BindingState>;
      if (value.channel !== 'email' && value.channel !== 'sms') return null;
      return {
        channel: value.channel,
        proof: typeof value.proof === 'string' ? value.proof : '',
        country: typeof value.country === 'string' ? value.country : DEFAULT_COUNTRY,
        target: typeof value.target === 'string' ? value.target : '',
        sentAt: typeof value.sentAt === 'number' ? value.sentAt : 0,
        bound: typeof value.bound === 'string' ? value.bound : '',
      };
    } catch {
      return null;
    }
  }

  begin(channel: CodeChannel): void {
    this.save({ channel, proof: '', country: DEFAULT_COUNTRY, target: '', sentAt: 0, bound: '' });
  }

  async verifyPassword(password: string): Promise<BindingOutcome> {
    const state = this.state();
    if (!state) return { ok: false, message: BindingTexts.failed };
    if (password === '') return { ok: false, message: BindingTexts.passwordMissing };
    try {
      const { proof } = await this.api.request(AccountSecurityCalls.verifyPassword, { password }, { notice: true });
      this.save({ ...state, proof });
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  chooseCountry(code: string): void {
    const state = this.state();
    if (state) this.save({ ...state, country: countryOf(code).code, sentAt: 0 });
  }

  /** Seconds until another code may be sent (0: now). */
  resendIn(): number {
    return resendInSeconds(this.state()?.sentAt ?? 0, this.now());
  }

  /** What the form lacks for this target, or null. */
  problem(target: string): string | null {
    const state = this.state();
    if (!state) return BindingTexts.failed;
    if (state.channel === 'email') return EMAIL_PATTERN.test(target.trim()) ? null : AccountSecurityTexts.EmailInvalid;
    return PHONE_PATTERN.test(target.replace(/[\s-]/g, '')) ? null : AccountSecurityTexts.PhoneInvalid;
  }

  async sendCode(target: string): Promise<BindingOutcome> {
    const state = this.state();
    if (!state?.proof) return { ok: false, message: AccountSecurityTexts.ProofExpired };
    const problem = this.problem(target);
    if (problem) return { ok: false, message: problem };
    try {
      await this.api.request(AccountSecurityCalls.sendBindCode, { proof: state.proof, channel: state.channel, target: target.trim(), ...this.areaCode(state) }, { notice: true });
      this.save({ ...state, target: target.trim(), sentAt: this.now() });
      return { ok: true };
    } catch (error) {
      // Too soon: the countdown shows what is left.
      const sentAt = sentAtOfRefusal(error, this.now());
      if (sentAt !== null) this.save({ ...state, target: target.trim(), sentAt });
      return { ok: false, message: messageOf(error) };
    }
  }

  async bind(target: string, code: string): Promise<BindingOutcome> {
    const state = this.state();
    if (!state?.proof) return { ok: false, message: AccountSecurityTexts.ProofExpired };
    const problem = this.problem(target);
    if (problem) return { ok: false, message: problem };
    if (!isWellFormedCode(code.trim())) return { ok: false, message: BindingTexts.codeMalformed };
    try {
      const bound: Bindings = await this.api.request(
        AccountSecurityCalls.bindEmailMobile,
        { proof: state.proof, channel: state.channel, target: target.trim(), code: code.trim(), ...this.areaCode(state) },
        { notice: true },
      );
      this.save({ ...state, bound: state.channel === 'email' ? bound.email : `+${bound.AreaCode} ${bound.phone}` });
      await this.sessions.refreshUserInfo();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOf(error) };
    }
  }

  finish(): void {
    this.store.remove(STORE_KEY);
  }

  private areaCode(state: BindingState): { areaCode?: string } {
    return state.channel === 'sms' ? { areaCode: countryOf(state.country).dial } : {};
  }

  private save(state: BindingState): void {
    this.store.set(STORE_KEY, JSON.stringify(state));
  }
}
