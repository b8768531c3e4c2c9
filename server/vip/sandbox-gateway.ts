import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../clock.ts';
import { formatDate, unixSeconds } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { Ret } from '../http/ret.ts';
import { signFields } from './payment-signature.ts';
import { GatewayEmbed, OrderStatus, type GatewayEmbedStatus } from '../../src/core/vip/vip-protocol.ts';
import { findOrder, ORDER_ID_FORMAT, toOrderView } from './vip-orders.ts';
import type { OrderRow } from './vip-order-repository.ts';

export interface SandboxGatewayDeps {
  db: Database;
  clock: Clock;
  gatewayKey: () => Promise<Buffer>;
  callbackPath: string;
}

const HTTP_OK = 200;
const HTTP_SEE_OTHER = 303;
const HTTP_BAD_REQUEST = 400;
const HTTP_NOT_FOUND = 404;

const STATUS_TEXT: Record<OrderRow['status'], string> = {
  created: '待支付',
  paid: '已支付',
  cancelled: '已取消',
  expired: '已过期',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f4f5f7;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.tag{display:inline-block;background:#fff3cd;color:#8a6d00;border-radius:4px;padding:2px 8px;font-size:12px}
.amount{font-size:32px;font-weight:700;margin:12px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px}dt{color:#888}dd{margin:0}
button{width:100%;height:44px;border:0;border-radius:22px;font-size:16px;margin-top:12px}
.pay{background:#1677ff;color:#fff}.cancel{background:#eee;color:#333}
a{color:#1677ff}
</style></head><body><main>${body}</main></body></html>`;
}

/** The page's policy: its own styles and forms, the one script of a framed result (by nonce), framed only by this origin's app. */
function sendHtml(reply: FastifyReply, status: number, html: string, scriptNonce?: string): FastifyReply {
  const script = scriptNonce === undefined ? '' : `; script-src 'nonce-${scriptNonce}'`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'${script}`)
    .send(html);
}

const resultLink = (orderId: string): string => `/payResult?orderId=${encodeURIComponent(orderId)}`;

/** The page is framed by a host on this origin (GatewayEmbed): it ends with a message to it, not a redirect. */
function isEmbedded(source: unknown): boolean {
  return typeof source === 'object' && source !== null && (source as Record<string, unknown>)[GatewayEmbed.embedParam] === '1';
}

/**
 * The framed page's end: it tells its parent (on this origin: the page may be framed by no other) how the payment
 * ended (GatewayEmbed); the link is for a parent that does not listen.
 */
function framedResultPage(orderId: string, status: GatewayEmbedStatus, nonce: string): string {
  const message = JSON.stringify({ type: GatewayEmbed.messageType, orderId, status }).replace(/</g, '\\u003c');
  const text = status === 'paid' ? '支付完成，正在返回…' : '已取消支付，正在返回…';
  return page('沙盒支付', `<div class="card"><p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(resultLink(orderId))}" target="_top">查看支付结果</a></p></div>
<script nonce="${nonce}">window.parent.postMessage(${message}, window.location.origin);</script>`);
}

function orderPage(order: OrderRow, embedded: boolean): string {
  const view = toOrderView(order);
  const rows = [
    ['商品', view.title],
    ['有效期', `${view.validityDays}天${view.giftDays > 0 ? ` + 赠送${view.giftDays}天` : ''}`],
    ['开通账号', `${view.toNickName}（ID ${view.toUid}）`],
    ['订单号', view.orderId],
    ['状态', STATUS_TEXT[view.status]],
    ['支付截止', `${formatDate(order.expires_at)} ${order.expires_at.toISOString().slice(11, 16)} UTC`],
  ];
  const details = rows.map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd>${escapeHtml(value ?? '')}</dd>`).join('');
  const actions = view.status === OrderStatus.Created
    ? `<form method="post" action="/sandbox/gateway/confirm">
<input type="hidden" name="orderId" value="${escapeHtml(view.orderId)}">${embedded ? `<input type="hidden" name="${GatewayEmbed.embedParam}" value="1">` : ''}
<button class="pay" name="action" value="approve" type="submit">确认支付</button>
<button class="cancel" name="action" value="decline" type="submit">取消支付</button></form>`
    : `<p><a href="${escapeHtml(resultLink(view.orderId))}" target="_top">查看支付结果</a></p>`;
  return page('沙盒支付', `<div class="card"><span class="tag">沙盒测试环境 · 不会真实扣款</span>
<div class="amount">${escapeHtml(view.priceSymbol)}${escapeHtml(view.priceText)}</div>
<dl>${details}</dl>${actions}</div>`);
}

function messagePage(message: string, orderId?: string): string {
  const link = orderId === undefined ? '' : `<p><a href="${escapeHtml(resultLink(orderId))}">查看支付结果</a></p>`;
  return page('沙盒支付', `<div class="card"><p>${escapeHtml(message)}</p>${link}</div>`);
}

function orderIdFrom(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)['orderId'];
  return typeof value === 'string' && ORDER_ID_FORMAT.test(value) ? value : undefined;
}

/**
 * The sandbox payment gateway (a provider's test mode): GET /sandbox/gateway?orderId= shows the
 * order with 确认支付 / 取消支付; POST /sandbox/gateway/confirm sends the signed callback to the
 * API, as a provider would, then redirects to the app's /payResult?orderId= (framed by a host on this origin,
 * `embed=1`: posts the result to it instead, see GatewayEmbed). The order id is
 * an unguessable 96-bit value, so the page needs no session.
 */
export function registerSandboxGateway(app: FastifyInstance, deps: SandboxGatewayDeps): void {
  app.get('/sandbox/gateway', async (request, reply) => {
    const orderId = orderIdFrom(request.query);
    const order = orderId === undefined ? undefined : await findOrder(deps.db, orderId, deps.clock.now());
    if (order === undefined) return sendHtml(reply, HTTP_NOT_FOUND, messagePage('订单不存在'));
    return sendHtml(reply, HTTP_OK, orderPage(order, isEmbedded(request.query)));
  });

  app.post('/sandbox/gateway/confirm', async (request, reply) => {
    const orderId = orderIdFrom(request.body);
    const action = (request.body as Record<string, unknown> | undefined)?.['action'];
    if (orderId === undefined || (action !== 'approve' && action !== 'decline')) {
      return sendHtml(reply, HTTP_BAD_REQUEST, messagePage('请求无效'));
    }
    const order = await findOrder(deps.db, orderId, deps.clock.now());
    if (order === undefined) return sendHtml(reply, HTTP_NOT_FOUND, messagePage('订单不存在'));
    const fields = {
      orderId,
      status: action === 'approve' ? OrderStatus.Paid : 'declined',
      amount: String(order.amount_cents),
      providerRef: `sbx-${randomBytes(8).toString('hex')}`,
      ts: String(unixSeconds(deps.clock)),
    };
    const sign = signFields(await deps.gatewayKey(), fields);
    const response = await app.inject({
      method: 'POST',
      url: deps.callbackPath,
      payload: new URLSearchParams({ ...fields, sign }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const answer = JSON.parse(response.body) as { ret?: number; msg?: string };
    if (answer.ret !== Ret.Ok) return sendHtml(reply, HTTP_OK, messagePage(answer.msg ?? '支付失败', orderId));
    if (isEmbedded(request.body)) {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, HTTP_OK, framedResultPage(orderId, action === 'approve' ? 'paid' : 'declined', nonce), nonce);
    }
    return reply.header('cache-control', 'no-store').redirect(resultLink(orderId), HTTP_SEE_OTHER);
  });
}
