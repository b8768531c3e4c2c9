import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { QrLoginCalls, QrLoginRet, type QrLoginRequest } from './qr-login-protocol.ts';
import { AuthorizeTexts } from './qr-login-texts.ts';

/** A refusal the phone shows: its message, and whether the ticket is over (expired, used, cancelled, another account's). */
interface AuthorizeRefusal {
  ok: false;
  message: string;
  over: boolean;
}
export type ScanOutcome = { ok: true; request: QrLoginRequest } | AuthorizeRefusal;
export type DecisionOutcome = { ok: true } | AuthorizeRefusal;

const OVER: readonly number[] = [QrLoginRet.TicketNotFound, QrLoginRet.TicketExpired, QrLoginRet.TicketUsed, QrLoginRet.TicketCancelled, QrLoginRet.OtherAccount];

function refusalOf(error: unknown): AuthorizeRefusal {
  if (!(error instanceof ApiError)) return { ok: false, message: AuthorizeTexts.failed, over: false };
  return { ok: false, message: error.msg || AuthorizeTexts.failed, over: OVER.includes(error.ret) || error.ret === 1002 };
}

/**
 * The phone's side of QR sign-in (/authorizeLogin): opening the ticket marks it scanned and tells which device asks;
 * then 确认登录 signs that device in as this account, 取消 tells it no. Each answers an outcome the page shows.
 */
export class QrAuthorization {
  constructor(private readonly api: ApiClient) {}

  async open(ticket: string): Promise<ScanOutcome> {
    try {
      return { ok: true, request: await this.api.request(QrLoginCalls.scanTicket, { ticket }, { suppressTips: true }) };
    } catch (error) {
      return refusalOf(error);
    }
  }

  async decide(ticket: string, confirm: boolean): Promise<DecisionOutcome> {
    try {
      await this.api.request(confirm ? QrLoginCalls.confirmTicket : QrLoginCalls.cancelTicket, { ticket }, { suppressTips: true });
      return { ok: true };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
