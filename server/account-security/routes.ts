import { AccountSecurityCalls } from '../../src/core/account-security/account-security-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { changePassword } from './password-change.ts';

export function registerAccountSecurityRoutes(api: ApiRouter, services: AppServices): void {
  /** Changes the caller's password; every other session of the account ends (password-change.ts). */
  serve(api, AccountSecurityCalls.changePassword, 'required', ({ auth, input }) => changePassword(services, auth, input));
}
