import { AccountSecurityCalls, type CodeChannel } from '../../src/core/account-security/account-security-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { AccountDeletion } from './account-deletion.ts';
import { Binding } from './binding.ts';
import { SignedInDevices } from './devices.ts';
import { changePassword } from './password-change.ts';
import { PasswordRecovery } from './password-recovery.ts';

/** A channel the declaration already held to email or sms. */
const channelOf = (channel: string): CodeChannel => (channel === 'sms' ? 'sms' : 'email');

export function registerAccountSecurityRoutes(api: ApiRouter, services: AppServices): void {
  /** Changes the caller's password; every other session of the account ends (password-change.ts). */
  serve(api, AccountSecurityCalls.changePassword, 'required', ({ auth, input }) => changePassword(services, auth, input));

  const recovery = new PasswordRecovery(services);
  /** Password recovery, four steps (password-recovery.ts); anyone may ask. */
  serve(api, AccountSecurityCalls.startRecovery, 'none', ({ input }) => recovery.start(input));
  serve(api, AccountSecurityCalls.sendRecoveryCode, 'none', ({ input, request }) => recovery.sendCode({ ticket: input.ticket, channel: channelOf(input.channel) }, request.ip));
  serve(api, AccountSecurityCalls.checkRecoveryCode, 'none', ({ input }) => recovery.checkCode({ ...input, channel: channelOf(input.channel) }));
  serve(api, AccountSecurityCalls.resetPassword, 'none', ({ input }) => recovery.reset(input));

  const binding = new Binding(services);
  /** Binding or changing an email or phone: the password, a code to the new one, the binding (binding.ts). */
  serve(api, AccountSecurityCalls.verifyPassword, 'required', ({ auth, input }) => binding.verifyPassword(auth, input.password));
  serve(api, AccountSecurityCalls.sendBindCode, 'required', ({ auth, input, request }) => binding.sendCode(auth, { ...input, channel: channelOf(input.channel) }, request.ip));
  const deletion = new AccountDeletion(services);
  /** 注销账号: a code to a bound email or phone, then the password and the code (account-deletion.ts). */
  serve(api, AccountSecurityCalls.sendDeleteCode, 'required', ({ auth, input, request }) => deletion.sendCode(auth, channelOf(input.channel), request.ip));
  serve(api, AccountSecurityCalls.deleteAccount, 'required', ({ auth, input }) => deletion.delete(auth, input));

  const devices = new SignedInDevices(services);
  /** The account's signed-in devices, and ending one or all others (devices.ts). */
  serve(api, AccountSecurityCalls.devices, 'required', ({ auth }) => devices.list(auth));
  serve(api, AccountSecurityCalls.endDevice, 'required', ({ auth, input }) => devices.end(auth, { id: input.id, all: input.all === 1 }));
  serve(api, AccountSecurityCalls.bindEmailMobile, 'required', ({ auth, input }) => binding.bind(auth, { ...input, channel: channelOf(input.channel) }));
}
