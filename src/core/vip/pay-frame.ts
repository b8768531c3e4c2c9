import type { Query, RouteState } from '../ports/navigator.ts';

/**
 * /iframe: a gateway's payment page shown inside the app. Only a gateway on an origin the app trusts (the API
 * server's own, where the reference server's sandbox gateway lives) is framed; its page tells the app that the
 * payment ended with a message (`postMessage`), which the app accepts only from that frame and that origin, and
 * only for the order it is paying. The address travels as route state, never in the query: a link cannot make
 * the app frame a page of its choosing.
 */
export const PayFrame = {
  /** The `type` of the message the gateway's page posts to the app. */
  messageType: 'qiyu-pay-result',
  /** Added to the gateway address: its page is framed, so it answers with the message, not a redirect. */
  embedParam: 'embed',
  /** The route state key of the framed address. */
  urlState: 'url',
} as const;

export type PayFrameStatus = 'paid' | 'declined';

export interface PayFrameResult {
  orderId: string;
  status: PayFrameStatus;
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Whether the gateway address is one the app shows in its frame (its origin is trusted). */
export function isFramedGateway(url: string, trustedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && trustedOrigins.includes(origin);
}

/** The address to frame: the gateway's, told that it is framed. */
export function framedGatewayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(PayFrame.embedParam, '1');
  return parsed.href;
}

/** What /iframe shows: the framed page, or (a reload lost the route state, or the address is not trusted) why not. */
export type PayFramePage =
  | { kind: 'frame'; url: string; origin: string; orderId: string }
  | { kind: 'unavailable'; orderId: string };

export function payFramePage(query: Query, state: RouteState | undefined, trustedOrigins: readonly string[]): PayFramePage {
  const orderId = query.orderId ?? '';
  const url = state?.[PayFrame.urlState] ?? '';
  const origin = originOf(url);
  if (orderId === '' || origin === null || !trustedOrigins.includes(origin)) return { kind: 'unavailable', orderId };
  return { kind: 'frame', url, origin, orderId };
}

/** A message event as the screen saw it: `fromFrame` is whether its source is the page's own frame. */
export interface FrameMessage {
  origin: string;
  data: unknown;
  fromFrame: boolean;
}

/** The payment's end, when the message is the framed gateway's about this order; null for anything else. */
export function readPayFrameMessage(message: FrameMessage, page: { origin: string; orderId: string }): PayFrameResult | null {
  if (!message.fromFrame || message.origin !== page.origin) return null;
  const data = message.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, orderId, status } = data as Record<string, unknown>;
  if (type !== PayFrame.messageType || orderId !== page.orderId) return null;
  return status === 'paid' || status === 'declined' ? { orderId, status } : null;
}
