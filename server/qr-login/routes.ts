import { QrLoginCalls } from '../../src/core/qr-login/qr-login-protocol.ts';
import { QrLoginTexts } from '../../src/core/qr-login/qr-login-texts.ts';
import { sessionDeviceOf } from '../account-security/devices.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { QrTickets } from './qr-tickets.ts';

/** QR-code sign-in (src/core/qr-login/qr-login-protocol.ts): the screen's ticket and state, the phone's scan, confirmation and cancellation. */
export function registerQrLoginRoutes(api: ApiRouter, services: AppServices): void {
  const tickets = new QrTickets(services);
  serve(api, QrLoginCalls.createTicket, 'none', ({ request }) => tickets.create(request.ip, sessionDeviceOf(request, services.config.defaultRegion)));
  serve(api, QrLoginCalls.ticketState, 'none', ({ input }) => tickets.state(input.ticket, input.secret));
  serve(api, QrLoginCalls.scanTicket, 'required', ({ auth, input }) => tickets.scan(auth, input.ticket));
  serve(api, QrLoginCalls.confirmTicket, 'required', async ({ auth, input }) => {
    await tickets.confirm(auth, input.ticket);
    return ok(null, QrLoginTexts.Confirmed);
  });
  serve(api, QrLoginCalls.cancelTicket, 'required', async ({ auth, input }) => {
    await tickets.cancel(auth, input.ticket);
    return ok(null, QrLoginTexts.Cancelled);
  });
}
