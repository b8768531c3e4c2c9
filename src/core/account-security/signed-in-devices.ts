import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { AccountSecurityCalls, type SignedInDevice } from './account-security-protocol.ts';

export type DeviceOutcome = { ok: true; ended: number } | { ok: false; message: string };

/** The account's signed-in devices (GetLoginDevices), and ending one or all others (EndLoginDevice). */
export class SignedInDeviceList {
  constructor(private readonly api: ApiClient) {}

  /** This device first; null when the list could not be had (the request layer said why). */
  async list(): Promise<SignedInDevice[] | null> {
    try {
      return await this.api.request(AccountSecurityCalls.devices, {});
    } catch {
      return null;
    }
  }

  /** Ends one other device (its id) or, with null, every other one. */
  async end(id: string | null): Promise<DeviceOutcome> {
    try {
      const { ended } = await this.api.request(AccountSecurityCalls.endDevice, id === null ? { all: 1 } : { id, all: 0 }, { notice: true });
      return { ok: true, ended };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError ? error.msg : '操作失败，请稍后再试' };
    }
  }
}
