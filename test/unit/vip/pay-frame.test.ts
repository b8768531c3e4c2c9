import { describe, expect, it } from 'vitest';
import { framedGatewayUrl, isFramedGateway, payFramePage, readPayFrameMessage } from '../../../src/core/vip/pay-frame.ts';

const ORDER = 'VO0123456789abcdef01234567';
const TRUSTED = ['https://app.example'];
const page = { origin: 'https://app.example', orderId: ORDER };
const message = (data: unknown, over: { origin?: string; fromFrame?: boolean } = {}) => ({ origin: over.origin ?? page.origin, fromFrame: over.fromFrame ?? true, data });

describe('the payment frame (/iframe)', () => {
  it('frames only an http(s) gateway on a trusted origin', () => {
    expect(isFramedGateway('https://app.example/sandbox/gateway?orderId=1', TRUSTED)).toBe(true);
    expect(isFramedGateway('https://app.example.evil.test/gw', TRUSTED)).toBe(false);
    expect(isFramedGateway('http://app.example/gw', TRUSTED)).toBe(false);
    expect(isFramedGateway('javascript:alert(1)', TRUSTED)).toBe(false);
    expect(isFramedGateway('not a url', TRUSTED)).toBe(false);
  });

  it('tells the gateway it is framed, keeping its parameters', () => {
    expect(framedGatewayUrl('https://app.example/gw?orderId=1#x')).toBe('https://app.example/gw?orderId=1&embed=1#x');
  });

  it('shows the frame only with an order and a trusted address in the route state (a link or a reload carries none)', () => {
    expect(payFramePage({ orderId: ORDER }, { url: 'https://app.example/gw?embed=1' }, TRUSTED)).toEqual({ kind: 'frame', url: 'https://app.example/gw?embed=1', origin: 'https://app.example', orderId: ORDER });
    expect(payFramePage({ orderId: ORDER }, undefined, TRUSTED)).toEqual({ kind: 'unavailable', orderId: ORDER });
    expect(payFramePage({ orderId: ORDER }, { url: 'https://evil.test/pay' }, TRUSTED)).toEqual({ kind: 'unavailable', orderId: ORDER });
    expect(payFramePage({ orderId: ORDER, url: 'https://app.example/gw' }, undefined, TRUSTED)).toEqual({ kind: 'unavailable', orderId: ORDER });
    expect(payFramePage({}, { url: 'https://app.example/gw' }, TRUSTED)).toEqual({ kind: 'unavailable', orderId: '' });
  });

  it("accepts the framed gateway's message about this order only", () => {
    const paid = { type: 'qiyu-pay-result', orderId: ORDER, status: 'paid' };
    expect(readPayFrameMessage(message(paid), page)).toEqual({ orderId: ORDER, status: 'paid' });
    expect(readPayFrameMessage(message({ ...paid, status: 'declined' }), page)).toEqual({ orderId: ORDER, status: 'declined' });
    expect(readPayFrameMessage(message(paid, { fromFrame: false }), page)).toBeNull();
    expect(readPayFrameMessage(message(paid, { origin: 'https://evil.test' }), page)).toBeNull();
    expect(readPayFrameMessage(message({ ...paid, orderId: 'VO000000000000000000000000' }), page)).toBeNull();
    expect(readPayFrameMessage(message({ ...paid, status: 'maybe' }), page)).toBeNull();
    expect(readPayFrameMessage(message({ ...paid, type: 'other' }), page)).toBeNull();
    expect(readPayFrameMessage(message('paid'), page)).toBeNull();
    expect(readPayFrameMessage(message(null), page)).toBeNull();
  });
});
